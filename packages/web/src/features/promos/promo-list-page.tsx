import { discountTypeLabels, formatDate } from '@almoner/contracts';
import {
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { usePromos } from './api.ts';

const day = (iso: string | null) => (iso ? formatDate(`${iso}T12:00:00Z`) : '—');

/** Promo codes with what each does, when it runs and how often it was used. */
export function PromoListPage() {
  const promos = usePromos();
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={2}>Promo codes</Title>
        <Button component={Link} to="/promos/new" leftSection={<IconPlus size={16} />}>
          Add promo code
        </Button>
      </Group>
      {promos.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {promos.error && <LoadErrorAlert error={promos.error} />}
      {promos.data && (
        <Paper withBorder>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Discount</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Runs</Table.Th>
                <Table.Th ta="right">Used</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {promos.data.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/promos/${p.id}`} ff="monospace" fw={500}>
                      {p.code}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{p.summary}</Table.Td>
                  <Table.Td>{discountTypeLabels[p.discount_type]}</Table.Td>
                  <Table.Td>
                    {day(p.starts_on)} – {day(p.ends_on)}
                  </Table.Td>
                  <Table.Td ta="right">
                    {p.usage_count}
                    {p.usage_limit !== null ? ` / ${p.usage_limit}` : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
              {promos.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">
                      No promo codes yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
