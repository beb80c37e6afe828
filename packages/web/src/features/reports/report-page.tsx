import { REPORT_PAGE_SIZE, type ListingColumn, type ListingRow, type ReportTotals, formatAmount, formatDateTime } from '@almoner/contracts';
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEditionFlags } from '../../app/edition.ts';
import { DataTable, type FilterFormProps } from '../../components/data-table/index.ts';
import type { SortEntry } from '../../components/data-table/listing-state.ts';
import { ColumnsMenu, SavedViews, useHiddenColumns } from '../lists/saved-views.tsx';
import { ReportTotalsPanel } from './report-totals.tsx';
import { useReportAnswer } from './use-report-answer.ts';

export type ReportRow = ListingRow & Record<string, unknown>;
type Render = Partial<Record<string, (row: ReportRow) => ReactNode>>;

/** Cells every report uses: money in the row's currency (or the organisation's), and dates. */
const nowrap = (text: string) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap' }} span>
    {text}
  </Text>
);
export const moneyCell = (key: string, currencyKey = 'currency_code') => (row: ReportRow) =>
  row[key] === null || row[key] === undefined ? '' : nowrap(formatAmount(row[key] as number, String(row[currencyKey])));
export const dateCell = (key: string) => (row: ReportRow) => nowrap(formatDateTime(row[key] as string | null));

type Props<Extra> = {
  title: string;
  endpoint: string;
  columns: readonly ListingColumn[];
  defaultOrder: SortEntry[];
  render?: Render;
  filters?: (props: FilterFormProps) => ReactNode;
  /** The CSV route, and the list's name for a background export of any size (none: the CSV only). */
  csv?: { url: string; permission: string; list?: string };
  searchLabel: string;
  emptyText: string;
  /** What the answer carries beside its rows (stats, summaries), shown above the table. */
  extra?: (answer: Extra | undefined) => ReactNode;
  description?: string;
  /** Above the table: choices that shape the report (a campaign, a view). */
  toolbar?: ReactNode;
};

/** One report: its table (filters, sort, paging, row links), its totals per currency and its CSV export. */
export function ReportPage<Extra extends { totals?: ReportTotals }>(props: Props<Extra>) {
  const flags = useEditionFlags();
  const hidden = useHiddenColumns();
  const answer = useReportAnswer<Extra>(props.endpoint, REPORT_PAGE_SIZE, props.defaultOrder);
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{props.title}</Title>
        {props.description && (
          <Text size="sm" c="dimmed">
            {props.description}
          </Text>
        )}
      </div>
      {props.extra?.(answer)}
      {props.toolbar}
      {/* A report without an export has no saved views yet, but still its choice of columns. */}
      {props.csv?.list ? (
        <SavedViews list={props.csv.list} columns={props.columns} />
      ) : (
        <div>
          <ColumnsMenu columns={props.columns} />
        </div>
      )}
      <DataTable<ReportRow>
        endpoint={props.endpoint}
        columns={props.columns}
        hiddenColumns={hidden}
        flags={flags}
        pageSize={REPORT_PAGE_SIZE}
        defaultOrder={props.defaultOrder}
        render={props.render}
        filters={props.filters}
        exports={props.csv && { csv: { url: props.csv.url, permission: props.csv.permission }, ...(props.csv.list ? { job: { list: props.csv.list, permission: props.csv.permission } } : {}) }}
        searchLabel={props.searchLabel}
        emptyText={props.emptyText}
      />
      <ReportTotalsPanel totals={answer?.totals} />
    </Stack>
  );
}
