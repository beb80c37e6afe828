export { DataTable, type DataTableProps, type FilterFormProps } from './data-table.tsx';
export type { BulkAction } from './bulk-bar.tsx';
export type { SortEntry } from './listing-state.ts';
export { DateRangeFilter } from './date-range-filter.tsx';
export { saveDownload } from './save-download.ts';
