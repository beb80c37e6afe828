import { type EditionFlags, type ListingColumn, type ListingRow, defaultHiddenColumns, isColumnVisible } from '@almoner/contracts';
import { Alert, Checkbox, LoadingOverlay, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { BulkBar, type BulkAction } from './bulk-bar.tsx';
import { CellText } from './cell-text.tsx';
import { EmptyRows } from './empty-rows.tsx';
import type { ListExports } from './export-menu.tsx';
import { type SortEntry, filterChanges, nextOrder, useListingState } from './listing-state.ts';
import { usePageSize } from './page-size.ts';
import { PagerBar } from './pager-bar.tsx';
import { PhoneCards } from './phone-cards.tsx';
import { type RowView, isInteractive } from './row-view.ts';
import { useSelection } from './selection.ts';
import { TableRows } from './table-rows.tsx';
import { Toolbar } from './toolbar.tsx';
import { useIsPhone } from './use-is-phone.ts';
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
  /** Asks for the page again every so many milliseconds (a list whose rows change by themselves: jobs, mail). */
  refreshEvery?: number;
};

type RowSelection = ReturnType<typeof useSelection>;

/** Opens a row: the list's own handler, else its link (inside the app without a page load). */
function useOpenRow<Row extends ListingRow>(onRowClick: ((row: Row) => void) | undefined) {
  const navigate = useNavigate();
  return (row: Row) => {
    if (onRowClick) return onRowClick(row);
    const url = row._url;
    if (!url) return;
    if (url.startsWith('/jpanel/')) void navigate(url.slice('/jpanel'.length));
    else window.location.assign(url);
  };
}

/** A cell's content: the row's checkbox, the list's own rendering, or the value as text. */
function cellContent<Row extends ListingRow>(props: DataTableProps<Row>, select: RowSelection, row: Row, key: string, position: number): ReactNode {
  if (key === 'select') {
    const name = props.rowLabel ? props.rowLabel(row) : `row ${position}`;
    return <Checkbox aria-label={`Select ${name}`} checked={select.isSelected(row.id)} onChange={() => select.toggle(row.id)} />;
  }
  const custom = props.render?.[key];
  if (custom) return custom(row);
  const value = row[key];
  return value === null || value === undefined || value === '' ? '' : <CellText text={String(value)} />;
}

/** The checkbox that selects (or clears) every row of the page; with a label on a phone, else named only for screen readers. */
function pageCheckbox(select: RowSelection, pageIds: ListingRow['id'][]) {
  const checked = pageIds.length > 0 && pageIds.every((id) => select.isSelected(id));
  const some = pageIds.some((id) => select.isSelected(id));
  const PageCheckbox = (label?: string) => (
    <Checkbox
      {...(label ? { label } : { 'aria-label': 'Select all rows on this page' })}
      checked={checked}
      indeterminate={!checked && some}
      onChange={(e) => select.setPage(pageIds, e.currentTarget.checked)}
    />
  );
  return { checked, render: PageCheckbox };
}

/** The one server-side table: search, filters, multi-column sort, paging, selection, bulk actions. */
export function DataTable<Row extends ListingRow>(props: DataTableProps<Row>) {
  const { columns, flags, bulkActions = [] } = props;
  const isPhone = useIsPhone();
  const openRow = useOpenRow(props.onRowClick);
  const state = useListingState(props.defaultOrder);
  const [pageSize, setPageSize] = usePageSize(props.endpoint, props.pageSize);
  const params = { page: state.page, pageSize, order: state.order, search: state.search, filters: state.filters };
  const listing = useListing<Row>(props.endpoint, params, props.refreshEvery);
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
  const page = pageCheckbox(select, pageIds);
  const firstPosition = (state.page - 1) * pageSize + 1;
  const view: RowView<Row> = {
    columns: visible,
    rows,
    pending: listing.isPending,
    selectable,
    pageCheckbox: page.render,
    cell: (row, key, rowIndex) => cellContent(props, select, row, key, firstPosition + rowIndex),
    isOpenable: (row) => Boolean(row._url || props.onRowClick),
    onOpen: (row, e) => !isInteractive(e.target) && openRow(row),
    background: (row) => (select.isSelected(row.id) ? 'var(--mantine-color-teal-light)' : props.rowColor?.(row)),
  };

  return (
    <Stack gap="sm">
      <Toolbar
        search={state.search}
        searchLabel={props.searchLabel}
        onSearch={(search) => state.update({ search })}
        filters={props.filters?.({ values: state.filters, onChange: (filters) => state.update({ filterChanges: filterChanges(state.filters, filters) }) })}
        exports={props.exports}
        params={params}
      />
      {selectable && (
        <BulkBar
          actions={bulkActions}
          selection={select.selection}
          count={select.count(matching)}
          matching={matching}
          capped={listing.data?.capped ?? false}
          pageFullySelected={page.checked && pageIds.length === pageSize}
          onSelectAll={select.selectAll}
          onClear={select.clear}
          listingParams={params}
        />
      )}
      {listing.isError && <Alert color="red">{listing.error.message}</Alert>}
      <Paper withBorder radius="md" pos="relative">
        <LoadingOverlay visible={listing.isFetching && !listing.isPending} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
        {isPhone ? (
          <PhoneCards<Row> {...view} order={state.order} onOrder={(order) => state.update({ order })} />
        ) : (
          <TableRows<Row> {...view} order={state.order} onSort={(column, additive) => state.update({ order: nextOrder(state.order, column, additive) })} />
        )}
        {listing.isSuccess && rows.length === 0 && (
          <EmptyRows text={props.emptyText} narrowed={Boolean(state.search) || Object.keys(state.filters).length > 0} onClear={() => state.update({ search: '', filters: {} })} />
        )}
      </Paper>
      <PagerBar
        page={state.page}
        pageSize={pageSize}
        defaultPageSize={props.pageSize}
        shown={rows.length}
        total={matching}
        capped={listing.data?.capped ?? false}
        onPage={(page) => state.update({ page })}
        onPageSize={(size) => {
          setPageSize(size);
          state.update({ page: 1 });
        }}
      />
    </Stack>
  );
}
