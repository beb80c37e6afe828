import { currencyDigits, shippingTiersInputSchema, type ShippingTier } from '@almoner/contracts';
import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { HiddenColumnHeader, RemoveRowCell } from '../../components/row-editing.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { useSaveTiers } from './api.ts';

type Row = { id?: number | undefined; min_value: string; max_value: string };
type Values = { tiers: Row[] };

const toRows = (tiers: ShippingTier[]): Row[] => tiers.map((t) => ({ id: t.id, min_value: String(t.min_value), max_value: t.max_value === null ? '' : String(t.max_value) }));

function validate(values: Values): Record<string, string> {
  const parsed = shippingTiersInputSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** The bands of the shippable subtotal, edited as one list and saved together. */
export function TiersCard({ tiers, currency }: { tiers: ShippingTier[]; currency: string }) {
  const save = useSaveTiers();
  const form = useForm<Values>({ initialValues: { tiers: toRows(tiers) }, validate });
  const rows = form.values.tiers;

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      toast.success('Shipping tiers saved.');
      const next = { tiers: toRows(saved.tiers) };
      form.setValues(next);
      form.resetDirty(next);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, m]) => [k, m[0]])));
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  const addTier = () => {
    const last = rows[rows.length - 1];
    // The next band starts one minor unit (a cent) above the last one's maximum.
    const digits = currencyDigits(currency);
    const start = last && last.max_value !== '' && !Number.isNaN(Number(last.max_value)) ? (Number(last.max_value) + 10 ** -digits).toFixed(digits) : '';
    form.setFieldValue('tiers', [...rows, { min_value: start, max_value: '' }]);
  };

  return (
    <Paper withBorder p="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              Tiers
            </Title>
            <Text size="sm" c="dimmed">
              Bands of the order&apos;s shippable subtotal in {currency}. Leave the last maximum blank for &ldquo;and over&rdquo;.
            </Text>
          </div>
          {/* A form laid out as a grid (each tier its inputs), not a list: it stays a table on a phone. */}
          <Table data-edit-grid>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tier</Table.Th>
                <Table.Th>Minimum ({currency})</Table.Th>
                <Table.Th>Maximum ({currency})</Table.Th>
                <HiddenColumnHeader label="Remove" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={row.id ?? `new-${i}`}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`Tier ${i + 1} minimum`} inputMode="decimal" {...form.getInputProps(`tiers.${i}.min_value`)} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`Tier ${i + 1} maximum`} inputMode="decimal" placeholder="and over" {...form.getInputProps(`tiers.${i}.max_value`)} />
                  </Table.Td>
                  <RemoveRowCell name={`tier ${i + 1}`} onRemove={() => form.removeListItem('tiers', i)} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {form.errors.tiers && (
            <Text size="xs" c="red" role="alert">
              {form.errors.tiers}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} onClick={addTier}>
              Add tier
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save tiers
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
