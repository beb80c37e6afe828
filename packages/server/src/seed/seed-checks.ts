import type { Database } from '../db/client.ts';

/** Test helpers: independent checks of generated data (not used by the generator itself). */

export async function count(database: Database, query: string): Promise<number> {
  const { rows } = await database.execute(query);
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}

export async function column(database: Database, query: string): Promise<string[]> {
  const { rows } = await database.execute(query);
  return rows.map((row) => String(Object.values(row)[0]));
}

/** Every foreign key of the schema, checked with an anti-join: rows pointing at nothing. */
export async function findOrphans(database: Database): Promise<string[]> {
  const { rows } = await database.execute(`
    select c.conname, format('%I.%I', cn.nspname, child.relname) as child, a.attname as child_column, format('%I.%I', pn.nspname, parent.relname) as parent, pa.attname as parent_column
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      join pg_namespace cn on cn.oid = child.relnamespace
      join pg_namespace pn on pn.oid = parent.relnamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
     where c.contype = 'f' and array_length(c.conkey, 1) = 1`);
  const orphans: string[] = [];
  for (const fk of rows) {
    const missing = await count(database, `select count(*) from ${fk.child} c where c."${fk.child_column}" is not null
      and not exists (select 1 from ${fk.parent} p where p."${fk.parent_column}" = c."${fk.child_column}")`);
    if (missing > 0) orphans.push(`${String(fk.conname)}: ${missing}`);
  }
  return orphans;
}

type Giving = { donation: number; donationCount: number; purchase: number; purchaseCount: number };

/**
 * Lifetime giving recomputed in JavaScript from raw rows, compared with the stored figures;
 * returns the supporters whose figures differ.
 */
export async function lifetimeMismatches(database: Database): Promise<number[]> {
  const contributions = (await database.execute(`select id, supporter_id, total_amount, refunded_amount from contributions
    where supporter_id is not null and paid_at is not null and not is_test and not is_spam and deleted_at is null`)).rows;
  const items = (await database.execute('select contribution_id, total, is_donation from contribution_items')).rows;
  const byContribution = new Map<number, { donation: number | null; purchase: number | null }>();
  for (const item of items) {
    const entry = byContribution.get(Number(item.contribution_id)) ?? { donation: null, purchase: null };
    const key = item.is_donation ? 'donation' : 'purchase';
    entry[key] = (entry[key] ?? 0) + Number(item.total);
    byContribution.set(Number(item.contribution_id), entry);
  }
  const expected = new Map<number, Giving>();
  for (const c of contributions) {
    if (Number(c.refunded_amount) >= Number(c.total_amount)) continue;
    const parts = byContribution.get(Number(c.id));
    const giving = expected.get(Number(c.supporter_id)) ?? { donation: 0, donationCount: 0, purchase: 0, purchaseCount: 0 };
    if (parts?.donation != null) Object.assign(giving, { donation: giving.donation + parts.donation, donationCount: giving.donationCount + 1 });
    if (parts?.purchase != null) Object.assign(giving, { purchase: giving.purchase + parts.purchase, purchaseCount: giving.purchaseCount + 1 });
    expected.set(Number(c.supporter_id), giving);
  }
  const stored = (await database.execute(`select id, lifetime_donation_amount, lifetime_donation_count,
    lifetime_purchase_amount, lifetime_purchase_count from supporters`)).rows;
  const wrong: number[] = [];
  for (const s of stored) {
    const e = expected.get(Number(s.id)) ?? { donation: 0, donationCount: 0, purchase: 0, purchaseCount: 0 };
    const same = Number(s.lifetime_donation_amount) === e.donation && Number(s.lifetime_donation_count) === e.donationCount
      && Number(s.lifetime_purchase_amount) === e.purchase && Number(s.lifetime_purchase_count) === e.purchaseCount;
    if (!same) wrong.push(Number(s.id));
  }
  return wrong;
}

/** Figures that must be equal when the same seed runs twice. */
export async function keyFigures(database: Database): Promise<Record<string, string>> {
  const { rows } = await database.execute(`select
      (select count(*) from supporters)::text as supporters,
      (select count(*) from contributions)::text as contributions,
      (select count(*) from contribution_items)::text as items,
      (select count(*) from payments)::text as payments,
      (select count(*) from recurring_transactions)::text as charges,
      (select count(*) from tax_receipts)::text as receipts,
      (select sum(total_amount)::text from contributions) as total,
      (select sum(refunded_amount)::text from contributions) as refunded,
      (select sum(lifetime_donation_amount)::text from supporters) as lifetime,
      (select md5(string_agg(client_uuid || ':' || total_amount || ':' || coalesce(supporter_id, 0), ',' order by id)) from contributions) as contributions_hash,
      (select md5(string_agg(email || ':' || display_name, ',' order by id)) from supporters) as supporters_hash,
      (select md5(string_agg(status || ':' || amount || ':' || aggregate_amount, ',' order by id)) from recurring_payment_profiles) as profiles_hash`);
  return rows[0] as Record<string, string>;
}
