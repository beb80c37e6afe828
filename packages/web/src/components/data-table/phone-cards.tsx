import type { ListingRow } from '@almoner/contracts';
import { Box, Skeleton } from '@mantine/core';
import type { SortEntry } from './listing-state.ts';
import { PhoneSort } from './phone-sort.tsx';
import { RowCards } from './row-cards.tsx';
import type { RowView } from './row-view.ts';

type Props<Row extends ListingRow> = RowView<Row> & {
  order: SortEntry[];
  onOrder: (order: SortEntry[]) => void;
};

/** The page on a phone: its sort as selects (no headings to click), then each row a card. */
export function PhoneCards<Row extends ListingRow>(props: Props<Row>) {
  const { columns, rows, selectable } = props;
  return (
    <>
      <Box p="xs" pb={0}>
        <PhoneSort columns={columns} order={props.order} onSort={props.onOrder} />
      </Box>
      {selectable && rows.length > 0 && <Box m="sm" mb={0}>{props.pageCheckbox('Select all rows on this page')}</Box>}
      {props.pending && <Skeleton h={96} m="xs" w="auto" />}
      <RowCards<Row>
        columns={columns.filter((c) => c.key !== 'select')}
        rows={rows}
        cell={(row, key) => props.cell(row, key, rows.indexOf(row))}
        checkbox={selectable ? (row) => props.cell(row, 'select', rows.indexOf(row)) : undefined}
        isOpenable={props.isOpenable}
        onOpen={props.onOpen}
        background={props.background}
      />
    </>
  );
}
