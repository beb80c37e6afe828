import { type SupporterStatusAction, type SupporterStatusAnswer, supporterStatusMessages, supporterStatusOf } from '@almoner/contracts';
import { Button } from '@mantine/core';
import { IconArchive, IconArrowBackUp, IconBan } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../lib/api.ts';
import { historyKeys } from '../audit/api.ts';
import { type SupporterRecord, supporterKeys, supporterName } from './api.ts';

const buttons = {
  archive: { label: 'Archive', icon: IconArchive, title: 'Archive supporter' },
  spam: { label: 'Mark as spam', icon: IconBan, title: 'Mark as spam' },
  restore: { label: 'Restore', icon: IconArrowBackUp, title: 'Restore supporter' },
} as const;

/** What each status may become: an active supporter is archived or spam; the others restored. */
const offered = { active: ['archive', 'spam'], archived: ['restore', 'spam'], spam: ['restore', 'archive'] } as const;

/**
 * Archive, mark as spam, restore: for staff with "Edit supporters". Archiving and spam ask first
 * (the supporter leaves the everyday lists); restoring does not. The server decides, and its
 * message is the toast.
 */
export function SupporterStatusButtons({ s }: { s: SupporterRecord }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const name = supporterName(s);
  const change = useMutation({
    mutationFn: (action: SupporterStatusAction) => api<SupporterStatusAnswer>(`/jpanel/supporters/${s.id}/${action}`, { method: 'POST', body: {} }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await Promise.all([queryClient.invalidateQueries({ queryKey: supporterKeys.all }), queryClient.invalidateQueries({ queryKey: historyKeys.record('supporters', s.id) })]);
    },
    onError: (error) => toast.error(error.message),
  });
  if (!can('member.edit')) return null;

  const run = async (action: SupporterStatusAction) => {
    if (action !== 'restore') {
      const button = buttons[action];
      const asked = await confirm({ title: button.title, message: supporterStatusMessages.confirm[action](name), confirmLabel: button.label, danger: action === 'spam' });
      if (!asked) return;
    }
    change.mutate(action);
  };

  return offered[supporterStatusOf(s)].map((action) => {
    const { label, icon: Icon } = buttons[action];
    return (
      <Button key={action} variant="default" leftSection={<Icon size={16} aria-hidden />} loading={change.isPending && change.variables === action} onClick={() => void run(action)}>
        {label}
      </Button>
    );
  });
}
