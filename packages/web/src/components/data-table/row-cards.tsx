import type { ListingCardRole, ListingColumn, ListingRow } from '@almoner/contracts';
import { Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';

type Props<Row extends ListingRow> = {
  /** The columns the table would show, in order (without the checkbox column). */
  columns: readonly ListingColumn[];
  rows: Row[];
  cell: (row: Row, key: string) => ReactNode;
  /** The row's checkbox, when the list has bulk actions. */
  checkbox?: (row: Row) => ReactNode;
  isOpenable: (row: Row) => boolean;
  onOpen: (row: Row, event: MouseEvent | KeyboardEvent) => void;
  background: (row: Row) => string | undefined;
};

const byRole = (columns: readonly ListingColumn[], role: ListingCardRole) =>
  columns.find((c) => c.card === role);

/**
 * A list on a phone: each row a card instead of a table row that scrolls sideways. The columns'
 * `card` roles place its parts (the title and amount on top, the date and status under them);
 * the other shown columns follow as small labelled values. A list that names no title uses
 * its first column.
 */
export function RowCards<Row extends ListingRow>({
  columns,
  rows,
  cell,
  checkbox,
  isOpenable,
  onOpen,
  background,
}: Props<Row>) {
  const title = byRole(columns, 'title') ?? columns[0];
  const amount = byRole(columns, 'amount');
  const date = byRole(columns, 'date');
  const status = byRole(columns, 'status');
  const placed = new Set([title, amount, date, status].filter(Boolean).map((c) => c!.key));
  const rest = columns.filter((c) => !placed.has(c.key));

  return (
    <Stack gap="xs" p="xs" data-row-cards>
      {rows.map((row) => {
        const openable = isOpenable(row);
        const details = rest
          .map((c) => ({ column: c, value: cell(row, c.key) }))
          .filter((d) => d.value !== '' && d.value !== null && d.value !== undefined && d.value !== false);
        return (
          <Paper
            key={row.id}
            withBorder
            radius="md"
            p="sm"
            data-row-card
            bg={background(row)}
            tabIndex={openable ? 0 : undefined}
            style={{ cursor: openable ? 'pointer' : undefined }}
            onClick={(e) => onOpen(row, e)}
            onKeyDown={(e) => e.key === 'Enter' && onOpen(row, e)}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Group gap="xs" align="flex-start" wrap="nowrap" miw={0} style={{ flex: 1 }}>
                {checkbox?.(row)}
                <Box fw={600} miw={0} style={{ overflowWrap: 'anywhere' }}>
                  {title && cell(row, title.key)}
                </Box>
              </Group>
              {amount && (
                <Box fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {cell(row, amount.key)}
                </Box>
              )}
            </Group>
            {(date || status) && (
              <Group justify="space-between" align="center" gap="xs" mt={4}>
                <Box c="dimmed" fz="sm">
                  {date && cell(row, date.key)}
                </Box>
                {status && <Box fz="sm">{cell(row, status.key)}</Box>}
              </Group>
            )}
            {details.length > 0 && (
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} mt="xs">
                {details.map(({ column, value }) => (
                  <Box key={column.key} miw={0}>
                    <Text size="xs" c="dimmed">
                      {column.label}
                    </Text>
                    <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {value}
                    </Box>
                  </Box>
                ))}
              </SimpleGrid>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
