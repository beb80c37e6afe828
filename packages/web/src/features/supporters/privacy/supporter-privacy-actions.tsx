import { type SupporterEraseAnswer, eraseConfirmationWord, supporterPrivacyMessages } from '@almoner/contracts';
import { Button, List, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconEraser, IconFileZip, IconJson } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../app/session.ts';
import { saveDownload } from '../../../components/data-table/save-download.ts';
import { toast } from '../../../components/toast.ts';
import { ApiError, api } from '../../../lib/api.ts';
import { historyKeys } from '../../audit/api.ts';
import { type SupporterRecord, supporterKeys } from '../api.ts';
import { ModalActions } from '../../../components/modal-actions.tsx';

/**
 * A person's data on request, on their page: "Export data" (JSON, or a ZIP of CSVs) for staff
 * with "Edit supporters", "Erase personal data" for staff with "Erase supporters". The server
 * checks both permissions and the typed confirmation again.
 */
export function SupporterPrivacyActions({ s }: { s: SupporterRecord }) {
  const can = useCan();
  const [erasing, setErasing] = useState(false);
  return (
    <>
      {can('member.edit') && <ExportMenu id={s.id} />}
      {can('member.erase') && !s.erased_at && (
        <Button variant="default" color="red" leftSection={<IconEraser size={16} aria-hidden />} onClick={() => setErasing(true)}>
          Erase personal data
        </Button>
      )}
      <Modal opened={erasing} onClose={() => setErasing(false)} title="Erase personal data">
        {erasing && <EraseForm id={s.id} onClose={() => setErasing(false)} />}
      </Modal>
    </>
  );
}

function ExportMenu({ id }: { id: number }) {
  const download = (ext: 'json' | 'zip') => {
    saveDownload(`/jpanel/supporters/${id}/export.${ext}`).catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)));
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
          Export data
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconJson size={16} aria-hidden />} onClick={() => download('json')}>
          Everything as JSON
        </Menu.Item>
        <Menu.Item leftSection={<IconFileZip size={16} aria-hidden />} onClick={() => download('zip')}>
          Everything as CSV files (ZIP)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** What goes and what stays, and the typed confirmation; Enter submits, Escape closes (the modal). */
function EraseForm({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const erase = useMutation({
    mutationFn: (confirmation: string) => api<SupporterEraseAnswer>(`/jpanel/supporters/${id}/erase`, { method: 'POST', body: { confirmation } }),
  });
  const submit = async () => {
    try {
      const answer = await erase.mutateAsync(typed);
      toast.success(answer.message);
      await Promise.all([queryClient.invalidateQueries({ queryKey: supporterKeys.all }), queryClient.invalidateQueries({ queryKey: historyKeys.record('supporters', id) })]);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors?.confirmation?.[0] ?? e.message) : String(e));
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">This cannot be undone. It is for a supporter who asked for their data to be erased.</Text>
        <List size="sm" spacing={4}>
          <List.Item>Gone: names, e-mail, phone, addresses, notes, tasks, tags, messages written with gifts, saved payment methods and the mail sent to them.</List.Item>
          <List.Item>Kept, as the books and tax law require: their gifts, receipts and amounts, shown as “Erased supporter #{id}”.</List.Item>
        </List>
        <TextInput
          label={supporterPrivacyMessages.confirmHelp(id)}
          placeholder={eraseConfirmationWord(id)}
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          data-autofocus
        />
        <ModalActions submitLabel="Erase" loading={erase.isPending} danger onCancel={onClose} />
      </Stack>
    </form>
  );
}
