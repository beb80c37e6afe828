import type { ListingCardRole } from '@almoner/contracts';
import { Box, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { type SortValue, sortRows } from './list-sort.ts';
import { type SortEntry, nextOrder } from './listing-state.ts';
import { PhoneSort } from './phone-sort.tsx';
import { RowCards } from './row-cards.tsx';
import { SortHeader } from './sort-header.tsx';
import { useIsPhone } from './use-is-phone.ts';

export type ListTableColumn<T> = {
  /** The column's heading; also its key, so headings are unique within a list. */
  header: string;
  align?: 'right';
  cell: (row: T) => ReactNode;
  /** Where the column goes on a phone's card (its title, amount, date or status). */
  card?: ListingCardRole;
  /** A heading only screen readers hear (an actions column). */
  hideHeader?: boolean;
  /** What the column sorts by, when it sorts: its heading sorts on a wide screen, a select on a phone. */
  sortValue?: (row: T) => SortValue;
};

type Props<T extends { id: number | string }> = {
  columns: ListTableColumn<T>[];
  rows: T[];
  /** What the list says with no rows ("No feeds yet."). */
  empty: ReactNode;
  /** The table's accessible name. */
  label?: string;
  /** Where a row opens (the whole row is a target, as in the server-side lists). */
  rowHref?: (row: T) => string;
  withBorder?: boolean;
  /** Data attributes a row carries on a wide screen (`data-rate`), for the browser tests to find it by. */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  /** The order the rows first show in (a sortable column's heading); the rows' own order when absent. */
  defaultSort?: { column: string; dir: SortEntry['dir'] };
};

const isInteractive = (target: EventTarget | null) =>
  target instanceof Element && target.closest('a, button, input, label, [role="checkbox"]') !== null;

/**
 * A short list held whole in the browser (a few dozen rows, no server paging): a table on a wide
 * screen and, on a phone, the same cards as the server-side lists (`RowCards`) instead of a table
 * that scrolls sideways.
 */
export function ListTable<T extends { id: number | string }>({ columns, rows: given, empty, label, rowHref, withBorder = true, defaultSort, rowData }: Props<T>) {
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const first = defaultSort ? columns.findIndex((c) => c.header === defaultSort.column) : -1;
  const [order, setOrder] = useState<SortEntry[]>(first >= 0 && defaultSort ? [{ column: first, dir: defaultSort.dir }] : []);
  // The columns as the shared sort controls know them: their index is their place in the list.
  const sortColumns = columns.map((c, index) => ({ key: c.header, label: c.header, sortable: c.sortValue !== undefined, index, ...(c.align ? { align: c.align } : {}) }));
  const rows = sortRows(given, columns.map((c) => c.sortValue), order);
  const open = (row: T) => rowHref && void navigate(rowHref(row));
  const emptyText = <Text size="sm" c="dimmed" p={isPhone ? 'md' : undefined}>{empty}</Text>;
  if (isPhone) {
    return (
      <Paper withBorder={withBorder} aria-label={label} role={label ? 'region' : undefined}>
        {rows.length > 1 && sortColumns.some((c) => c.sortable) && (
          <Box p="xs" pb={0}>
            <PhoneSort columns={sortColumns} order={order} onSort={setOrder} />
          </Box>
        )}
        <RowCards
          columns={columns.map((c) => ({ key: c.header, label: c.header, sortable: false, ...(c.card ? { card: c.card } : {}) }))}
          rows={rows.map((row) => ({ id: row.id, row }))}
          cell={(card, key) => columns.find((c) => c.header === key)?.cell(card.row) ?? ''}
          isOpenable={() => rowHref !== undefined}
          onOpen={(card, e) => !isInteractive(e.target) && open(card.row)}
          background={() => undefined}
        />
        {rows.length === 0 && emptyText}
      </Paper>
    );
  }
  return (
    <Paper withBorder={withBorder}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) =>
              c.sortValue ? (
                <SortHeader key={c.header} column={sortColumns[i]!} order={order} onSort={(additive) => setOrder(nextOrder(order, i, additive))} />
              ) : (
                <Table.Th key={c.header} ta={c.align}>
                  {c.hideHeader ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              {...rowData?.(row)}
              style={rowHref ? { cursor: 'pointer' } : undefined}
              onClick={rowHref ? (e) => !isInteractive(e.target) && open(row) : undefined}
            >
              {columns.map((c) => (
                <Table.Td key={c.header} ta={c.align} style={{ overflowWrap: 'anywhere' }}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{emptyText}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
