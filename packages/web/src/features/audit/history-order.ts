import { type HistoryEntry, historyCatalogues } from '@almoner/contracts';

type Change = HistoryEntry['changes'][number];

/**
 * An entry's fields as staff read them: in the order of the record's own form (the catalogue's
 * order: names, then billing, then shipping…), not the database's; a created or deleted record
 * leaves out its empty fields, which say nothing.
 */
export function orderedChanges(table: string, action: HistoryEntry['action'], changes: readonly Change[]): Change[] {
  const order = Object.keys((historyCatalogues as Record<string, object>)[table] ?? {});
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const empty = (value: unknown) => value === null || value === undefined || value === '';
  return changes
    .filter((c) => action === 'update' || !empty(action === 'delete' ? c.before : c.after))
    .sort((a, b) => rank(a.field) - rank(b.field));
}
