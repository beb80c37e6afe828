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
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../features/users/load-error-alert.tsx';
import { RowCards } from './data-table/row-cards.tsx';
import { useIsPhone } from './data-table/use-is-phone.ts';

export type SimpleColumn<T> = {
  header: string;
  align?: 'right';
  cell: (row: T) => ReactNode;
};

type Props<T extends { id: number }> = {
  title: string;
  description?: ReactNode;
  /** The "Add …" button: where it goes and what it says. */
  add?: { to: string; label: string };
  query: { isPending: boolean; error: Error | null; data?: { data: T[] } | undefined };
  /** The rows in display order; the query's own order when absent. */
  rows?: T[];
  columns: SimpleColumn<T>[];
  /** What the table says with no rows ("No taxes yet."). */
  empty: string;
  maw?: number;
};

/**
 * A settings-style list of a small table (a few dozen rows, no paging): title, optional
 * description, an Add button, then loading, the load error, or the table with its empty row.
 * The first column usually links to the row's form (see `RowLink`).
 */
export function SimpleListPage<T extends { id: number }>({
  title,
  description,
  add,
  query,
  rows,
  columns,
  empty,
  maw = 900,
}: Props<T>) {
  const shown = rows ?? query.data?.data ?? [];
  const isPhone = useIsPhone();
  return (
    <Stack gap="lg" maw={maw}>
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={2}>{title}</Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {add && (
          <Button component={Link} to={add.to} leftSection={<IconPlus size={16} />}>
            {add.label}
          </Button>
        )}
      </Group>
      {query.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {query.error && <LoadErrorAlert error={query.error} />}
      {query.data && isPhone && (
        // On a phone each row is a card, its first column the title, as in every list.
        <Paper withBorder>
          <RowCards
            columns={columns.map((c) => ({ key: c.header, label: c.header, sortable: false }))}
            rows={shown.map((row) => ({ ...row, row }))}
            cell={(card, key) => columns.find((c) => c.header === key)?.cell(card.row) ?? ''}
            isOpenable={() => false}
            onOpen={() => undefined}
            background={() => undefined}
          />
          {shown.length === 0 && (
            <Text size="sm" c="dimmed" p="md">
              {empty}
            </Text>
          )}
        </Paper>
      )}
      {query.data && !isPhone && (
        <Paper withBorder>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.header} ta={c.align}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => (
                <Table.Tr key={row.id}>
                  {columns.map((c) => (
                    <Table.Td key={c.header} ta={c.align}>
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text size="sm" c="dimmed">
                      {empty}
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

/** The link from a row to its form. */
export function RowLink({
  to,
  children,
  mono = false,
  breakAll = false,
}: {
  to: string;
  children: ReactNode;
  mono?: boolean;
  breakAll?: boolean;
}) {
  return (
    <Anchor
      component={Link}
      to={to}
      fw={500}
      {...(mono ? { ff: 'monospace' } : {})}
      {...(breakAll ? { style: { wordBreak: 'break-all' } } : {})}
    >
      {children}
    </Anchor>
  );
}
