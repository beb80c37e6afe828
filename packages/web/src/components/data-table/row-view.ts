import type { ListingColumn, ListingRow } from '@almoner/contracts';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';

/** A column the table shows, with its index in the listing's column list (what a sort names). */
export type ShownColumn = ListingColumn & { index: number };

/** What both ways of showing a page (table rows, phone cards) need from the DataTable. */
export type RowView<Row extends ListingRow> = {
  columns: ShownColumn[];
  rows: Row[];
  pending: boolean;
  /** The list has bulk actions: a checkbox per row and one for the page. */
  selectable: boolean;
  /** The checkbox that selects every row of the page. */
  pageCheckbox: (label?: string) => ReactNode;
  cell: (row: Row, key: string, rowIndex: number) => ReactNode;
  isOpenable: (row: Row) => boolean;
  onOpen: (row: Row, event: MouseEvent | KeyboardEvent) => void;
  background: (row: Row) => string | undefined;
};

export const isInteractive = (target: EventTarget | null) =>
  target instanceof Element && target.closest('a, button, input, label, select, [role="checkbox"]') !== null;
