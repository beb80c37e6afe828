import { formatDate, formatDateTime } from '../dates.ts';
import { formatAmount, isCurrencyCode } from '../money.ts';

/**
 * How a record's history shows one column. `money` is kept by the row in minor units, in the
 * currency held by the record's `currency` column, and answered by the API as decimal text; `user`, `supporter`, `campaign`,
 * `appeal` and `role` arrive from the server as `{ id, name }`;
 * `secret` shows only that it changed; `hidden` is never shown.
 */
export type HistoryField =
  | { label: string; kind: 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'list' | 'reference' | 'user' | 'supporter' | 'campaign' | 'appeal' | 'fund' | 'role' | 'secret' | 'hidden' }
  | { label: string; kind: 'money'; currency: string }
  | { label: string; kind: 'enum'; options: Record<string, string> };
export type HistoryFieldKind = HistoryField['kind'];
export const HISTORY_FIELD_KINDS = [
  'text', 'number', 'boolean', 'date', 'datetime', 'list', 'reference', 'user', 'supporter', 'campaign', 'appeal', 'fund', 'role', 'secret', 'hidden', 'money', 'enum',
] as const satisfies readonly HistoryFieldKind[];
export type HistoryFieldCatalogue = Record<string, HistoryField>;

/** A money field's `currency` for a table with no currency column: the organisation's currency (a membership level's price). */
export const ORG_CURRENCY = '@org';

/** A column no catalogue names: still a label, never the raw column name. */
export const fallbackHistoryField = (field: string): HistoryField => {
  const words = field.replace(/_/g, ' ').trim();
  return { label: words.charAt(0).toUpperCase() + words.slice(1), kind: 'text' };
};

/** One side of a change as staff read it ("$100.00", "Jane Doe", "Nov 3, 2026 4:05 PM", "Yes"). */
export function formatHistoryValue(change: { kind: HistoryFieldKind; currency?: string | null | undefined; options?: Record<string, string> | undefined }, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (change.kind) {
    case 'money':
      // The API answers decimal text; a currency it could not tell shows the bare amount.
      return change.currency && isCurrencyCode(change.currency) && Number.isFinite(Number(value))
        ? formatAmount(String(value), change.currency)
        : String(value);
    case 'user':
    case 'supporter':
    case 'campaign':
    case 'appeal':
    case 'fund':
    case 'role':
      return typeof value === 'object' && 'name' in value ? String(value.name) : `#${String(value)}`;
    case 'reference':
      return `#${String(value)}`;
    case 'date':
      return formatDate(String(value)) || String(value);
    case 'datetime':
      return formatDateTime(String(value)) || String(value);
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'number':
      return Number.isFinite(Number(value)) ? Number(value).toLocaleString('en-US') : String(value);
    case 'enum':
      return change.options?.[String(value)] ?? String(value);
    case 'list':
      return Array.isArray(value) ? (value.length ? value.join(', ') : '—') : String(value);
    case 'secret':
      return 'set';
    case 'text':
    case 'hidden':
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}
