import { Stack, Text } from '@mantine/core';

type AddressRecord = Partial<Record<string, unknown>>;

const field = (record: AddressRecord, prefix: string, name: string) => {
  const value = record[`${prefix}_${name}`];
  return typeof value === 'string' && value.trim() ? value.trim() : '';
};

/** The address lines of a `bill_*` or `ship_*` block, empty ones left out. */
export function addressLines(record: AddressRecord, prefix: 'bill' | 'ship'): string[] {
  const f = (name: string) => field(record, prefix, name);
  const name = [f('title'), f('first_name'), f('last_name')].filter(Boolean).join(' ');
  const cityLine = [f('city'), [f('state'), f('zip')].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [name, f('organization_name'), f('address_01'), f('address_02'), cityLine, f('country'), f('phone'), f('email')].filter(Boolean);
}

/** A titled postal address, or a dimmed "None" when the block is empty. */
export function AddressBlock({ title, record, prefix }: { title: string; record: AddressRecord; prefix: 'bill' | 'ship' }) {
  const lines = addressLines(record, prefix);
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {title}
      </Text>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Text size="sm" component="address" style={{ fontStyle: 'normal', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {lines.join('\n')}
        </Text>
      )}
    </Stack>
  );
}
