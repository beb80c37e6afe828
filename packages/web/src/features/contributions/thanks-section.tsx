import { formatDate, hasPermission } from '@almoner/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconFileTypePdf, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../app/session.ts';
import { saveDownload } from '../../components/data-table/index.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { type ContributionRecord, useResendConfirmation, useSetAcknowledgement } from './api.ts';
import { Fact, Section } from './page-parts.tsx';

const failed = (error: unknown) => toast.error(error instanceof Error ? error.message : String(error));

/** The day the donor was thanked: shown to all, set or cleared by staff who edit gifts (Enter saves). */
function AcknowledgedOn({ c, canEdit }: { c: ContributionRecord; canEdit: boolean }) {
  const save = useSetAcknowledgement();
  const [day, setDay] = useState(c.acknowledged_on ?? '');
  const [error, setError] = useState<string | null>(null);
  if (!canEdit) return <Fact label="Acknowledged on">{c.acknowledged_on ? formatDate(c.acknowledged_on) : 'Not yet'}</Fact>;
  const submit = async (value: string | null) => {
    setError(null);
    try {
      const answer = await save.mutateAsync({ id: c.id, acknowledged_on: value });
      setDay(value ?? '');
      toast.success(answer.message);
    } catch (e) {
      if (e instanceof ApiError && e.errors?.acknowledged_on) setError(e.errors.acknowledged_on[0] ?? e.message);
      else failed(e);
    }
  };
  return (
    <form onSubmit={(e) => { e.preventDefault(); void submit(day || null); }}>
      <Stack gap={6}>
        <TextInput type="date" label="Acknowledged on" description={c.acknowledged_on ? undefined : 'Not yet thanked'} value={day} onChange={(e) => setDay(e.currentTarget.value)} error={error} />
        <Group gap="xs">
          <Button type="submit" size="xs" variant="default" loading={save.isPending}>
            Save date
          </Button>
          {c.acknowledged_on && (
            <Button size="xs" variant="subtle" onClick={() => void submit(null)}>
              Clear
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** Thanking the donor (issue 37 item 4): the acknowledgement date, the letter and the confirmation e-mail again. */
export function ThanksSection({ c }: { c: ContributionRecord }) {
  const user = useSession().data?.user;
  const resend = useResendConfirmation();
  const [downloading, setDownloading] = useState(false);
  if (c.deleted_at || !user) return null;
  const canEdit = hasPermission(user, 'order.edit');
  const handleResend = async () => {
    if (!(await confirm({ title: 'Re-send confirmation', message: 'E-mail this gift’s confirmation to the donor again?', confirmLabel: 'Send' }))) return;
    try {
      toast.success((await resend.mutateAsync(c.id)).message);
    } catch (e) {
      failed(e);
    }
  };
  const handleLetter = async () => {
    setDownloading(true);
    try {
      await saveDownload(`/jpanel/contributions/${c.id}/thank-you.pdf`);
    } catch (e) {
      failed(e);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Section title="Thanks">
      <Stack gap="sm">
        <AcknowledgedOn key={c.acknowledged_on ?? ''} c={c} canEdit={canEdit} />
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconFileTypePdf size={14} />} loading={downloading} onClick={() => void handleLetter()}>
            Thank-you letter
          </Button>
          {canEdit && (
            <Button size="xs" variant="default" leftSection={<IconMailForward size={14} />} loading={resend.isPending} onClick={() => void handleResend()}>
              Re-send confirmation
            </Button>
          )}
        </Group>
      </Stack>
    </Section>
  );
}
