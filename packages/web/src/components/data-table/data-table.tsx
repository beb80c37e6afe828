import { type EditionFlags, type ListingColumn, type ListingRow, defaultHiddenColumns, isColumnVisible } from '@almoner/contracts';
import { Alert, Anchor, Box, Checkbox, Group, LoadingOverlay, Paper, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { BulkBar, type BulkAction } from './bulk-bar.tsx';
import { CellText } from './cell-text.tsx';
import { ExportMenu, type ListExports } from './export-menu.tsx';
import { RowCards } from './row-cards.tsx';
import { useIsPhone } from './use-is-phone.ts';
import { SortHeader } from './sort-header.tsx';
import { type SortEntry, nextOrder, useListingState } from './listing-state.ts';
import { pageSizeChoices, usePageSize } from './page-size.ts';
import { Pager } from './pager.tsx';
import { SearchBox } from './search-box.tsx';
import { useSelection } from './selection.ts';
import { useListing } from './use-listing.ts';

export type FilterFormProps = {
  values: Record<string, string | string[]>;
  onChange: (values: Record<string, string | string[] | undefined>) => void;
};

export type DataTableProps<Row extends ListingRow> = {
  endpoint: string;
  /** How the list exports: one Export menu in the toolbar offers each way it has. */
  exports?: ListExports;
  columns: readonly ListingColumn[];
  flags: EditionFlags;
  pageSize: number;
  defaultOrder: SortEntry[];
  render?: Partial<Record<string, (row: Row) => ReactNode>>;
  filters?: (props: FilterFormProps) => ReactNode;
  bulkActions?: BulkAction[];
  searchLabel?: string;
  emptyText?: string;
  /**
   * How a person names a row, for its checkbox ("Select contribution #1042"); without it the
   * row's position in the list ("Select row 12"). Never the internal id.
   */
  rowLabel?: (row: Row) => string;
  /**
   * Column keys the person chose to hide (a saved view's columns); without a choice, the
   * columns marked `optional` are left out.
   */
  hiddenColumns?: readonly string[] | null;
  /** Tints a row (a status shown as warning or danger). */
  rowColor?: (row: Row) => string | undefined;
  /** Replaces opening the row's link (a row that opens a modal or a preview). */
  onRowClick?: (row: Row) => void;
};

const isInteractive = (target: EventTarget | null) =>
  target instanceof Element && target.closest('a, button, input, label, [role="checkbox"]') !== null;

/** The one server-side table: search, filters, multi-column sort, paging, selection, bulk actions. */
export function DataTable<Row extends ListingRow>(props: DataTableProps<Row>) {
  const { columns, flags, bulkActions = [] } = props;
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const state = useListingState(props.defaultOrder);
  const [pageSize, setPageSize] = usePageSize(props.endpoint, props.pageSize);
  const params = { page: state.page, pageSize, order: state.order, search: state.search, filters: state.filters };
  const listing = useListing<Row>(props.endpoint, params);
  const select = useSelection();
  const { clear } = select;
  const paramsKey = JSON.stringify([state.search, state.filters]);
  useEffect(() => clear(), [paramsKey, clear]);

  const hidden = props.hiddenColumns ?? defaultHiddenColumns(columns);
  const visible = columns.map((c, index) => ({ ...c, index })).filter((c) => isColumnVisible(c, flags) && !hidden.includes(c.key));
  const selectable = bulkActions.length > 0 && visible.some((c) => c.key === 'select');
  const rows = listing.data?.data ?? [];
  const matching = listing.data?.recordsFiltered ?? 0;
  const pageIds = rows.map((r) => r.id);
  const pageChecked = pageIds.length > 0 && pageIds.every((id) => select.isSelected(id));

  const openRow = (row: Row) => {
    if (props.onRowClick) return props.onRowClick(row);
    const url = row._url;
    if (!url) return;
    if (url.startsWith('/jpanel/')) void navigate(url.slice('/jpanel'.length));
    else window.location.assign(url);
  };

  const firstPosition = (state.page - 1) * pageSize + 1;
  const cell = (row: Row, key: string, position: number): ReactNode => {
    if (key === 'select') {
      const name = props.rowLabel ? props.rowLabel(row) : `row ${position}`;
      return <Checkbox aria-label={`Select ${name}`} checked={select.isSelected(row.id)} onChange={() => select.toggle(row.id)} />;
    }
    const custom = props.render?.[key];
    if (custom) return custom(row);
    const value = row[key];
    return value === null || value === undefined || value === '' ? '' : <CellText text={String(value)} />;
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" style={{ flex: 1 }}>
          <SearchBox value={state.search} label={props.searchLabel} onSearch={(search) => state.update({ search })} />
          {props.filters?.({ values: state.filters, onChange: (filters) => state.update({ filters }) })}
        </Group>
        {props.exports && <ExportMenu exports={props.exports} params={params} />}
      </Group>

      {selectable && (
        <BulkBar
          actions={bulkActions}
          selection={select.selection}
          count={select.count(matching)}
          matching={matching}
          capped={listing.data?.capped ?? false}
          pageFullySelected={pageChecked && pageIds.length === pageSize}
          onSelectAll={select.selectAll}
          onClear={select.clear}
          listingParams={params}
        />
      )}

      {listing.isError && <Alert color="red">{listing.error.message}</Alert>}

      <Paper withBorder radius="md" pos="relative">
        <LoadingOverlay visible={listing.isFetching && !listing.isPending} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
        {/*
          The table fills the width it has: its cells wrap or cut long text (CellText) and the
          columns marked optional wait in the Columns menu, so it fits 1440 px without scrolling
          sideways. It scrolls inside a box no taller than the window, so its header stays in view
          and a table widened by shown columns keeps its sideways scrollbar on screen. On a phone
          the rows are cards instead.
        */}
        {isPhone ? (
          <>
            {selectable && rows.length > 0 && (
              <Checkbox m="sm" mb={0} label="Select all rows on this page" checked={pageChecked} indeterminate={!pageChecked && pageIds.some((id) => select.isSelected(id))} onChange={(e) => select.setPage(pageIds, e.currentTarget.checked)} />
            )}
            {listing.isPending && <Skeleton h={96} m="xs" w="auto" />}
            <RowCards<Row>
              columns={visible.filter((c) => c.key !== 'select')}
              rows={rows}
              cell={(row, key) => cell(row, key, firstPosition + rows.indexOf(row))}
              checkbox={selectable ? (row) => cell(row, 'select', firstPosition + rows.indexOf(row)) : undefined}
              isOpenable={(row) => Boolean(row._url || props.onRowClick)}
              onOpen={(row, e) => !isInteractive(e.target) && openRow(row)}
              background={(row) => (select.isSelected(row.id) ? 'var(--mantine-color-teal-light)' : props.rowColor?.(row))}
            />
          </>
        ) : (
        <ScrollArea.Autosize type="auto" mah="calc(100dvh - 150px)" data-table-scroll>
          <Table highlightOnHover verticalSpacing="xs" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                {visible.map((column) =>
                  column.key === 'select' && selectable ? (
                    <Table.Th key={column.key} w={40}>
                      <Checkbox aria-label="Select all rows on this page" checked={pageChecked} indeterminate={!pageChecked && pageIds.some((id) => select.isSelected(id))} onChange={(e) => select.setPage(pageIds, e.currentTarget.checked)} />
                    </Table.Th>
                  ) : column.key === 'select' ? null : (
                    <SortHeader key={column.key} column={column} order={state.order} onSort={(additive) => state.update({ order: nextOrder(state.order, column.index, additive) })} />
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {listing.isPending &&
                Array.from({ length: 5 }, (_, i) => (
                  <Table.Tr key={i}>
                    {visible.map((c) => (
                      <Table.Td key={c.key}>
                        <Skeleton h={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {rows.map((row, rowIndex) => (
                <Table.Tr
                  key={row.id}
                  tabIndex={row._url || props.onRowClick ? 0 : undefined}
                  style={{ cursor: row._url || props.onRowClick ? 'pointer' : undefined }}
                  bg={select.isSelected(row.id) ? 'var(--mantine-color-teal-light)' : props.rowColor?.(row)}
                  onClick={(e) => !isInteractive(e.target) && openRow(row)}
                  onKeyDown={(e) => e.key === 'Enter' && !isInteractive(e.target) && openRow(row)}
                >
                  {visible.map((c) =>
                    c.key === 'select' && !selectable ? null : (
                      <Table.Td key={c.key} ta={c.align ?? 'left'}>
                        {cell(row, c.key, firstPosition + rowIndex)}
                      </Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        )}
        {listing.isSuccess && rows.length === 0 && (
          <Stack align="center" gap={4} py="xl">
            <Text fw={500}>{props.emptyText ?? 'No rows match.'}</Text>
            {(state.search || Object.keys(state.filters).length > 0) && (
              <Anchor component="button" type="button" onClick={() => state.update({ search: '', filters: {} })}>
                Clear search and filters
              </Anchor>
            )}
          </Stack>
        )}
      </Paper>

      <Box pos="sticky" bottom={0} py="xs" bg="var(--mantine-color-body)" style={{ zIndex: 3, borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Pager
          page={state.page}
          pageSize={pageSize}
          sizes={pageSizeChoices(props.pageSize)}
          shown={rows.length}
          total={matching}
          capped={listing.data?.capped ?? false}
          onPage={(page) => state.update({ page })}
          onPageSize={(size) => {
            setPageSize(size);
            state.update({ page: 1 });
          }}
        />
      </Box>
    </Stack>
  );
}
