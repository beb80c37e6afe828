import {
  exchangeRateCreateSchema,
  formatDate,
  hasPermission,
  messages,
  type ExchangeRateCreate,
} from '@almoner/contracts';
import { Alert, Badge, Box, Button, Center, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSession } from '../../app/session.ts';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { useAddExchangeRate, useExchangeRates } from './exchange-rates-api.ts';
import { ImportRatesCard } from './exchange-rates-import.tsx';

const today = () => new Date().toISOString().slice(0, 10);

function AddRateForm({ orgCurrency }: { orgCurrency: string }) {
  const add = useAddExchangeRate();
  const form = useForm<ExchangeRateCreate>({
    initialValues: { currency: '', rate: '', effective_on: today() },
    validate: schemaResolver(exchangeRateCreateSchema, { sync: true }),
  });
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const answer = await add.mutateAsync(values);
      toast.success(answer.message);
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.errors) form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
      else toast.error(error instanceof Error ? error.message : messages.settingsFailed);
    }
  });
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
          <AddRateForm orgCurrency={rates.data.org_currency} />
          <ImportRatesCard />
          <Paper withBorder radius="md">
            {rates.data.data.length === 0 ? (
              <Text size="sm" c="dimmed" p="lg">
                No exchange rates yet: only gifts in {rates.data.org_currency} can be recorded.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table striped aria-label="Exchange rates">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Currency</Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>Rate in {rates.data.org_currency}</Table.Th>
                      <Table.Th>Effective from</Table.Th>
                      <Table.Th>Source</Table.Th>
                      <Table.Th>Added by</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rates.data.data.map((rate) => (
                      <Table.Tr key={rate.id} data-rate={`${rate.currency}-${rate.effective_on}`}>
                        <Table.Td>{rate.currency}</Table.Td>
                        <Table.Td ff="monospace" style={{ textAlign: 'right' }}>
                          {rate.rate}
                        </Table.Td>
                        <Table.Td>{formatDate(rate.effective_on)}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={rate.source === 'imported' ? 'grape' : 'gray'} style={{ textTransform: 'none' }}>
                            {rate.source === 'imported' ? 'Imported' : 'Entered'}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{rate.created_by?.name ?? '—'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
