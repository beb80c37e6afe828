import { type HistoryEntry, type HistoryField, historyFieldOf } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { designationLabelSql } from '../batches/batches.service.ts';
import { currenciesByEntry, presentMoney } from './audit.money.ts';

type RawChange = { field: string; before: unknown; after: unknown };
type Named = { id: number; name: string };

const idOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** `{ id → name }` for the ids a history mentions, in one query per kind of person (or campaign, appeal, role). */
async function namesOf(db: Queryable, ids: Set<number>, query: (list: SQL) => SQL): Promise<Map<number, string>> {
  if (ids.size === 0) return new Map();
  const rows = await queryRows(db, query(sql.join([...ids].map((id) => sql`${id}`), sql`, `)));
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

/**
 * Turns the trail's raw `[before, after]` pairs into what staff read: labelled fields from the
 * table's catalogue, hidden ones dropped, people as `{ id, name }`, money as decimals in
 * the currency the row had at the time.
 */
export async function presentChanges(db: Queryable, table: string, recordId: string, entries: { id: number; changes: RawChange[] }[]): Promise<HistoryEntry['changes'][]> {
  const users = new Set<number>();
  const supporters = new Set<number>();
  const campaigns = new Set<number>();
  const appeals = new Set<number>();
  const funds = new Set<number>();
  const roles = new Set<number>();
  const idsOfKind: Partial<Record<HistoryField['kind'], Set<number>>> = { user: users, supporter: supporters, campaign: campaigns, appeal: appeals, fund: funds, role: roles };
  const currencyFields = new Set<string>();
  for (const { changes } of entries) {
    for (const c of changes) {
      const field = historyFieldOf(table, c.field);
      const ids = idsOfKind[field.kind] ?? null;
      for (const v of [c.before, c.after]) if (ids && idOf(v) !== null) ids.add(idOf(v) as number);
      if (field.kind === 'money') currencyFields.add(field.currency);
    }
  }
  const [userNames, supporterNames, campaignNames, appealNames, fundNames, roleNames, currencies] = await Promise.all([
    namesOf(db, users, (list) => sql`select id, coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email) as name from users where id in (${list})`),
    namesOf(db, supporters, (list) => sql`select id, coalesce(nullif(display_name, ''), nullif(trim(concat_ws(' ', first_name, last_name)), ''), email, 'Supporter #' || id) as name from supporters where id in (${list})`),
    namesOf(db, campaigns, (list) => sql`select id, name from campaigns where id in (${list})`),
    namesOf(db, appeals, (list) => sql`select id, name || ' (' || code || ')' as name from appeals where id in (${list})`),
    // A fund is a donation variant, named as the batch grid names it.
    namesOf(db, funds, (list) => sql`select v.id, ${designationLabelSql} as name from product_variants v join products p on p.id = v.product_id where v.id in (${list})`),
    namesOf(db, roles, (list) => sql`select id, name from roles where id in (${list})`),
    currenciesByEntry(db, table, recordId, entries, currencyFields),
  ]);
  const namesByKind: Partial<Record<HistoryField['kind'], [Map<number, string>, string]>> = {
    user: [userNames, 'User'], supporter: [supporterNames, 'Supporter'], campaign: [campaignNames, 'Campaign'], appeal: [appealNames, 'Appeal'], fund: [fundNames, 'Fund'], role: [roleNames, 'Role'],
  };
  const person = (names: Map<number, string>, label: string, value: unknown): Named | unknown => {
    const id = idOf(value);
    return id === null ? value : { id, name: names.get(id) ?? `${label} #${id}` };
  };
  return entries.map(({ changes }, i) => {
    return changes.flatMap((c) => {
      const field: HistoryField = historyFieldOf(table, c.field);
      if (field.kind === 'hidden') return [];
      if (field.kind === 'money') return [presentMoney(c, field, currencies[i] ?? new Map())];
      const named = namesByKind[field.kind];
      const shown = (v: unknown) => (named ? person(named[0], named[1], v) : v);
      return [{ field: c.field, label: field.label, kind: field.kind, before: shown(c.before), after: shown(c.after) }];
    });
  });
}
