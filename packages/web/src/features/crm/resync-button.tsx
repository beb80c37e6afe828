import { crmMessages } from '@almoner/contracts';
import { Button } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useEditionFlags } from '../../app/edition.ts';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { useResyncTransaction } from './api.ts';

/** Whether this user sees "Resync to the donor CRM": the DP edition and admin.dpo, as the server checks. */
export function useCanResync(): boolean {
  const can = useCan();
  return useEditionFlags().dp && can('admin.dpo');
}

/** The transaction modal's resync action, after the spec's warning (part 2 §5). */
export function ResyncButton({ transactionId, disabled }: { transactionId: number; disabled?: boolean }) {
  const resync = useResyncTransaction(transactionId);
  const run = async () => {
    const ok = await confirm({ title: 'Resync to the donor CRM', message: crmMessages.resyncWarning, confirmLabel: 'Resync' });
    if (!ok) return;
    try {
      const answer = await resync.mutateAsync();
      if (answer.status === 'success') toast.success(answer.message);
      else toast.error(answer.message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Button variant="default" leftSection={<IconCloudUpload size={16} aria-hidden />} loading={resync.isPending} disabled={disabled} onClick={() => void run()}>
      Resync to the donor CRM
    </Button>
  );
}
