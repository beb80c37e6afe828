import {
  type ExchangeRate,
  exchangeRateCreateSchema,
  formatDate,
  hasPermission,
  messages,
  type ExchangeRateCreate,
} from '@almoner/contracts';
import { Alert, Badge, Box, Button, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSession } from '../../app/session.ts';
import { WithOrgToday } from '../../app/with-org-today.tsx';
import { ListTable, type ListTableColumn } from '../../components/data-table/list-table.tsx';
import { saveForm } from '../../components/form-page/index.ts';
import { useAddExchangeRate, useExchangeRates } from './exchange-rates-api.ts';
import { ImportRatesCard } from './exchange-rates-import.tsx';

type Rate = ExchangeRate;

/** The rates as a list: a table on a wide screen, a card each on a phone; sorted by their headings. */
const rateColumns = (orgCurrency: string): ListTableColumn<Rate>[] => [
  { header: 'Currency', card: 'title', cell: (r) => r.currency, sortValue: (r) => r.currency },
  { header: `Rate in ${orgCurrency}`, align: 'right', card: 'amount', cell: (r) => <Text span ff="monospace" size="sm">{r.rate}</Text>, sortValue: (r) => Number(r.rate) },
  { header: 'Effective from', card: 'date', cell: (r) => formatDate(r.effective_on), sortValue: (r) => r.effective_on },
  {
    header: 'Source',
    card: 'status',
    cell: (r) => (
      <Badge variant="light" color={r.source === 'imported' ? 'grape' : 'gray'} style={{ textTransform: 'none' }}>
        {r.source === 'imported' ? 'Imported' : 'Entered'}
      </Badge>
    ),
  },
  { header: 'Added by', cell: (r) => r.created_by?.name ?? '—', sortValue: (r) => r.created_by?.name },
];

function AddRateForm({ orgCurrency, today }: { orgCurrency: string; today: string }) {
  const add = useAddExchangeRate();
  const form = useForm<ExchangeRateCreate>({
    initialValues: { currency: '', rate: '', effective_on: today },
    validate: schemaResolver(exchangeRateCreateSchema, { sync: true }),
  });
  const handleSubmit = form.onSubmit((values) => saveForm(form, () => add.mutateAsync(values), { after: () => form.reset(), failed: messages.settingsFailed }));
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={handleSubmit} aria-label="Add an exchange rate">
      <Text fw={600}>Add a rate</Text>
      <Text size="sm" c="dimmed" mb="md">
        What one unit of the currency is worth in {orgCurrency}, from the date given until the next rate.
      </Text>
      <Group align="flex-start" wrap="wrap" gap="md">
        <TextInput label="Currency" placeholder="CAD" maxLength={3} w={110} {...form.getInputProps('currency')} />
        <TextInput label={`Rate in ${orgCurrency}`} placeholder="0.7312" inputMode="decimal" w={160} {...form.getInputProps('rate')} />
        <TextInput label="Effective from" type="date" w={180} {...form.getInputProps('effective_on')} />
        <Button type="submit" loading={add.isPending} mt={{ base: 0, sm: 25 }}>
          Add rate
        </Button>
      </Group>
    </Paper>
  );
}

/** Settings › Exchange rates: the rates every gift in another currency is converted with. */
export function ExchangeRatesPage() {
  const session = useSession();
  const allowed = session.data ? hasPermission(session.data.user, 'admin.payments') : false;
  const rates = useExchangeRates(allowed);

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>Exchange rates</Title>
        <Text c="dimmed">
          Gifts and payments in other currencies are converted into the organisation currency at the latest rate on or before their day.
          A currency without a rate cannot be recorded.
        </Text>
      </Box>
      {!allowed ? (
        <Alert color="red" variant="light">
          {messages.forbidden}
        </Alert>
      ) : rates.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading exchange rates" />
        </Center>
      ) : rates.isError ? (
        <Alert color="red" variant="light">
          {rates.error.message}
        </Alert>
      ) : (
        <>
          <WithOrgToday>{(today) => <AddRateForm orgCurrency={rates.data.org_currency} today={today} />}</WithOrgToday>
          <ImportRatesCard />
          <ListTable
            label="Exchange rates"
            columns={rateColumns(rates.data.org_currency)}
            rows={rates.data.data}
            rowData={(r) => ({ 'data-rate': `${r.currency}-${r.effective_on}` })}
            empty={`No exchange rates yet: only gifts in ${rates.data.org_currency} can be recorded.`}
          />
        </>
      )}
    </Stack>
  );
}
