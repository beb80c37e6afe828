import { donorImportMessages, formatDateTime, type DonorImportRun } from '@almoner/contracts';
import { Alert, Button, Checkbox, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { useLatestDonorImport, useStartDonorImport } from './api.ts';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function RunStatus({ run }: { run: DonorImportRun }) {
  const busy = run.status === 'queued' || run.status === 'running';
  const by = run.started_by ? ` by ${run.started_by}` : '';
  if (busy) {
    return (
      <Stack gap={4}>
        <Text size="sm">
          Importing donors{by}: {count(run.read, 'donor', 'donors')} read so far.
        </Text>
        <Progress value={run.progress} aria-label="Donor import progress" animated />
      </Stack>
    );
  }
  if (run.status === 'failed') {
    return (
      <Alert color="red" title="The last donor import failed">
        {run.error ?? 'It stopped before finishing.'} Started {formatDateTime(run.created_at)}
        {by}.
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Last import {formatDateTime(run.finished_at ?? run.created_at)}
      {by}: {count(run.read, 'donor', 'donors')} read, {count(run.created, 'supporter', 'supporters')} created, {count(run.updated, 'supporter', 'supporters')} updated
      {run.create_login ? `, ${count(run.logins, 'login', 'logins')} made` : ''}.
    </Text>
  );
}

/**
 * The user form's donor import (spec part 3 §2.11, §5 "two confirmations", §7): every donor in the
 * donor CRM becomes a supporter. Shown only while the DP edition is on and to staff who may add
 * supporters (the route's own rule); the run continues in the background and this panel follows it.
 */
export function DonorImportPanel() {
  const latest = useLatestDonorImport(true);
  const start = useStartDonorImport();
  const [createLogin, setCreateLogin] = useState(false);
  const run = latest.data?.data ?? null;
  const busy = run?.status === 'queued' || run?.status === 'running';

  const handleImport = async () => {
    const first = await confirm({ title: 'Import donors', message: donorImportMessages.confirmFirst, confirmLabel: 'Continue' });
    if (!first) return;
    const second = await confirm({ title: 'Import donors', message: donorImportMessages.confirmSecond(createLogin), confirmLabel: 'Import donors', danger: true });
    if (!second) return;
    await start.mutateAsync(createLogin).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => toast.error(error instanceof Error ? error.message : String(error)),
    );
  };

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Import donors
        </Title>
        <Text size="sm" c="dimmed">
          Brings every donor from the donor CRM in as a supporter, or links the supporter who already has their donor id or e-mail.
        </Text>
        <Checkbox
          label="Create a login for each new supporter with an e-mail"
          description="They choose their password with the giving site's “Forgot password” link."
          checked={createLogin}
          onChange={(e) => setCreateLogin(e.currentTarget.checked)}
          disabled={busy}
        />
        {run && <RunStatus run={run} />}
        <Group>
          <Button variant="default" onClick={() => void handleImport()} loading={start.isPending} disabled={busy}>
            Import donors
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
