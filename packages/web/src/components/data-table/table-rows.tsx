import type { ListingRow } from '@almoner/contracts';
import { ScrollArea, Skeleton, Table } from '@mantine/core';
import type { SortEntry } from './listing-state.ts';
import type { RowView } from './row-view.ts';
import { SortHeader } from './sort-header.tsx';

type Props<Row extends ListingRow> = RowView<Row> & {
  order: SortEntry[];
  onSort: (column: number, additive: boolean) => void;
};

/**
 * The page as a table on a wide screen. It fills the width it has: its cells wrap or cut long
 * text (CellText) and the columns marked optional wait in the Columns menu, so it fits 1440 px
 * without scrolling sideways. It scrolls inside a box no taller than the window, so its header
 * stays in view and a table widened by shown columns keeps its sideways scrollbar on screen.
 */
export function TableRows<Row extends ListingRow>(props: Props<Row>) {
  const { columns, rows, selectable } = props;
  const shown = columns.filter((c) => c.key !== 'select' || selectable);
  return (
    <ScrollArea.Autosize type="auto" mah="calc(100dvh - 150px)" data-table-scroll>
      <Table highlightOnHover verticalSpacing="xs" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) =>
              column.key === 'select' ? (
                <Table.Th key={column.key} w={40}>
                  {props.pageCheckbox()}
                </Table.Th>
              ) : (
                <SortHeader key={column.key} column={column} order={props.order} onSort={(additive) => props.onSort(column.index, additive)} />
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.pending &&
            Array.from({ length: 5 }, (_, i) => (
              <Table.Tr key={i}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>
                    <Skeleton h={14} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {rows.map((row, rowIndex) => (
            <Table.Tr
              key={row.id}
              tabIndex={props.isOpenable(row) ? 0 : undefined}
              style={{ cursor: props.isOpenable(row) ? 'pointer' : undefined }}
              bg={props.background(row)}
              onClick={(e) => props.onOpen(row, e)}
              onKeyDown={(e) => e.key === 'Enter' && props.onOpen(row, e)}
            >
              {shown.map((c) => (
                <Table.Td key={c.key} ta={c.align ?? 'left'}>
                  {props.cell(row, c.key, rowIndex)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
