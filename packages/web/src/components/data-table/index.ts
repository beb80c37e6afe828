export { DataTable, type DataTableProps, type FilterFormProps } from './data-table.tsx';
export type { BulkAction } from './bulk-bar.tsx';
export type { SortEntry } from './listing-state.ts';
export { CellText } from './cell-text.tsx';
export { RowCards } from './row-cards.tsx';
export { useIsPhone } from './use-is-phone.ts';
export { DateRangeFilter } from './date-range-filter.tsx';
export { saveDownload } from './save-download.ts';
