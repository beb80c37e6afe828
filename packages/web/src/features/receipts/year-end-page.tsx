import { type YearEndDryRun, type YearEndRequest, formatDate, hasPermission, siteCurrencies, yearEndRequestSchema } from '@almoner/contracts';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../app/session.ts';
import { WithOrgToday } from '../../app/with-org-today.tsx';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { BackLink } from '../contributions/page-parts.tsx';
import { DryRunResult } from './year-end-result.tsx';
import { YearEndRuns } from './year-end-runs.tsx';
import { useStartYearEnd, useYearEndDryRun } from './year-end-api.ts';

type Form = { from: string; to: string; currency: string; min_amount: string };
type Errors = Partial<Record<keyof Form, string>>;

/** The period starts as the organisation's last calendar year (by its today, not the browser's). */
const initialFor = (today: string): Form => {
  const lastYear = Number(today.slice(0, 4)) - 1;
  return { from: `${lastYear}-01-01`, to: `${lastYear}-12-31`, currency: '', min_amount: '' };
};

/** The first message per field, from the shared schema or the server's 422. */
function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'from') as keyof Form;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Year-end consolidated receipts: choose the period and filter, see a dry run (counts, totals per
 * currency, who is skipped and why), then issue in the background and follow its progress.
 */
export function YearEndPage() {
  return <WithOrgToday>{(today) => <YearEnd today={today} />}</WithOrgToday>;
}

function YearEnd({ today }: { today: string }) {
  const user = useSession().data?.user;
  const canIssue = user ? hasPermission(user, 'taxreceipt.edit') : false;
  const [form, setForm] = useState<Form>(() => initialFor(today));
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<{ request: YearEndRequest; dry: YearEndDryRun } | null>(null);
  const dryRun = useYearEndDryRun();
  const start = useStartYearEnd();
  const set = (field: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setResult(null);
  };

  const submit = () => {
    const parsed = yearEndRequestSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    dryRun.mutate(form, {
      onSuccess: (dry) => setResult({ request: form, dry }),
      onError: (error) => {
        if (error instanceof ApiError && error.errors) setErrors(fieldErrors(Object.entries(error.errors).map(([k, v]) => ({ path: [k], message: v[0] ?? '' }))));
        else toast.error(error.message);
      },
    });
  };

  const issue = async () => {
    if (!result) return;
    const n = result.dry.receipts;
    const ok = await confirm({
      title: 'Issue year-end receipts',
      message: `Issue ${n} consolidated ${n === 1 ? 'receipt' : 'receipts'} for ${formatDate(result.dry.from)} to ${formatDate(result.dry.to)}? Each takes the next receipt number; this cannot be undone (receipts can only be voided).`,
      confirmLabel: 'Issue receipts',
    });
    if (!ok) return;
    start.mutate(result.request, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setResult(null);
      },
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <Stack gap="md">
      <BackLink to="/tax-receipts">Tax receipts</BackLink>
      <Title order={2}>Year-end receipts</Title>
      <Text size="sm" c="dimmed" maw={720}>
        One consolidated receipt per donor and currency for the period&apos;s paid gifts that have no receipt yet. Run a dry run first: it shows what would be issued and which donors would be skipped, and changes nothing.
      </Text>
      <Paper withBorder p="md" radius="md">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
              <TextInput type="date" label="From" required value={form.from} onChange={(e) => set('from')(e.currentTarget.value)} error={errors.from} />
              <TextInput type="date" label="To" required value={form.to} onChange={(e) => set('to')(e.currentTarget.value)} error={errors.to} />
              <Select label="Currency" placeholder="Every currency" data={[...siteCurrencies]} value={form.currency || null} onChange={(v) => set('currency')(v ?? '')} clearable error={errors.currency} />
              <TextInput label="Minimum per receipt" description="In the receipt's currency" inputMode="decimal" value={form.min_amount} onChange={(e) => set('min_amount')(e.currentTarget.value)} error={errors.min_amount} />
            </SimpleGrid>
            <Group gap="xs">
              <Button type="submit" loading={dryRun.isPending}>
                Dry run
              </Button>
              {result && canIssue && result.dry.receipts > 0 && (
                <Button color="teal" onClick={() => void issue()} loading={start.isPending}>
                  Issue {result.dry.receipts} {result.dry.receipts === 1 ? 'receipt' : 'receipts'}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
      {result && <DryRunResult dry={result.dry} />}
      {result && result.dry.receipts === 0 && (
        <Alert color="gray" title="Nothing to issue">
          No donor in this period needs a consolidated receipt.
        </Alert>
      )}
      <YearEndRuns />
    </Stack>
  );
}
