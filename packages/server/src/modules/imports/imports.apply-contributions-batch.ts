import { randomUUID } from 'node:crypto';
import { importMessages, toDecimal } from '@almoner/contracts';
import { asc, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { type FunctionalAmount, loadRateBook, MissingRateError, type RateBook } from '../money/money.convert.ts';
import { PAYMENT_ROW_TYPE } from '../pos/pos.payment.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import {
  checkContributionRow,
  type ContributionRowMemo,
  giftAlreadyImported,
  IMPORTED_GIFT,
  intArray,
  supporterColumnSets,
  markGiftTaken,
  supporterFields,
  type Values,
} from './imports.contribution-rows.ts';
import { type Attribution, importAttributionReader } from '../campaigns/campaigns.service.ts';
import type { ImportJobRow, Lookups, RowResult, StagedRow } from './imports.kinds.ts';
import type { Supporter, SupporterKeys } from './imports.match.ts';
import { auditImported, type ImportedRecord, withTrailOff } from './imports.audit.ts';

/**
 * The contributions import applied a batch at a time (see imports.apply-contributions.ts for what
 * one row does): the rows are checked and matched in memory against the supporters their keys
 * find (one query per match key), in row order, so a later row sees what an earlier row of the
 * batch created or changed, exactly as if the rows had been applied one by one; then every table
 * is written with one set-based statement for the whole batch, and the undo stamps are read once
 * all of the batch's writes are done.
 */

type Amounts = { subtotal: number; dcc: number; total: number };
type Fields = Partial<typeof supporters.$inferInsert>;

/** A row that passed its checks and is to be written (not a dry run, not skipped). */
type Planned = {
  index: number;
  /** The row's number in the file (for the audit trail's brief entries). */
  rowNumber: number;
  values: Values;
  amounts: Amounts;
  supporter: Supporter;
  memo: ContributionRowMemo;
  /** The supporter event this row raises (created or updated), if any. */
  event: { type: 'created' } | { type: 'updated'; changes: string[] } | null;
  /** The campaign and appeal its cells name (issue 37 item 5). */
  attribution: Attribution;
};

/** Supporters created by this batch get ids above every existing one, in creation order. */
const NEW_ID_BASE = 2 ** 52;

const lower = (s: string) => s.toLowerCase();
/** A text[] parameter, whatever the strings hold (sent as JSON, so no array-literal quoting). */
const textArray = (xs: string[]): SQL => sql`array(select json_array_elements_text(${JSON.stringify(xs)}::json))`;
const text = (v: Values, k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);

function keysOf(v: Values): SupporterKeys {
  return {
    donorId: text(v, 'dp_donor_id'),
    sfId: text(v, 'sf_id'),
    email: text(v, 'email'),
    firstName: text(v, 'first_name'),
    lastName: text(v, 'last_name'),
    address01: text(v, 'address_line_1'),
    zip: text(v, 'zip'),
  };
}

/**
 * The supporters the batch's rows may match, kept in memory as the batch changes them: each
 * match key's candidates, the oldest (lowest id) winning, as findSupporter asks the database.
 */
class SupporterPool {
  private readonly byDonor = new Map<string, Set<Supporter>>();
  private readonly bySf = new Map<string, Set<Supporter>>();
  private readonly byEmail = new Map<string, Set<Supporter>>();
  private readonly byName = new Map<string, Set<Supporter>>();
  private readonly known = new Set<number>();

  private static nameKey(first: string, last: string, address: string): string {
    return JSON.stringify([lower(first), lower(last), lower(address)]);
  }

  private indexes(s: Supporter): [Map<string, Set<Supporter>>, string][] {
    const out: [Map<string, Set<Supporter>>, string][] = [];
    if (s.donorId !== null) out.push([this.byDonor, s.donorId]);
    if (s.sfId !== null) out.push([this.bySf, s.sfId]);
    if (s.email !== null) out.push([this.byEmail, lower(s.email)]);
    if (s.firstName !== null && s.lastName !== null && s.billAddress01 !== null) {
      out.push([this.byName, SupporterPool.nameKey(s.firstName, s.lastName, s.billAddress01)]);
    }
    return out;
  }

  add(s: Supporter): void {
    if (this.known.has(s.id)) return;
    this.known.add(s.id);
    for (const [map, key] of this.indexes(s)) {
      const set = map.get(key);
      if (set) set.add(s);
      else map.set(key, new Set([s]));
    }
  }

  /** Changes a supporter's fields, keeping the indexes right. */
  change(s: Supporter, apply: () => void): void {
    for (const [map, key] of this.indexes(s)) map.get(key)?.delete(s);
    apply();
    for (const [map, key] of this.indexes(s)) {
      const set = map.get(key);
      if (set) set.add(s);
      else map.set(key, new Set([s]));
    }
  }

  /** findSupporter's order: donor id, Salesforce id, e-mail, then name and address (and zip); oldest first. */
  find(k: SupporterKeys): Supporter | null {
    const oldest = (set: Iterable<Supporter> | undefined, keep: (s: Supporter) => boolean = () => true): Supporter | null => {
      let best: Supporter | null = null;
      for (const s of set ?? []) if (keep(s) && (!best || s.id < best.id)) best = s;
      return best;
    };
    if (k.donorId) {
      const found = oldest(this.byDonor.get(k.donorId));
      if (found) return found;
    }
    if (k.sfId) {
      const found = oldest(this.bySf.get(k.sfId));
      if (found) return found;
    }
    if (k.email) {
      const found = oldest(this.byEmail.get(lower(k.email)));
      if (found) return found;
    }
    if (k.firstName && k.lastName && k.address01) {
      const zip = k.zip ? lower(k.zip) : null;
      return oldest(this.byName.get(SupporterPool.nameKey(k.firstName, k.lastName, k.address01)), (s) => zip === null || lower(s.billZip ?? '') === zip);
    }
    return null;
  }
}

/** Every existing supporter any of the rows' keys could match: one query per match key. */
async function loadCandidates(tx: Tx, keys: SupporterKeys[], pool: SupporterPool): Promise<void> {
  const uniq = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))];
  const donors = uniq(keys.map((k) => k.donorId));
  const sfs = uniq(keys.map((k) => k.sfId));
  const emails = uniq(keys.map((k) => k.email && lower(k.email)));
  const named = keys.filter((k) => k.firstName && k.lastName && k.address01);
  const wheres: SQL[] = [];
  if (donors.length) wheres.push(sql`${supporters.donorId} = any(${textArray(donors)})`);
  if (sfs.length) wheres.push(sql`${supporters.sfId} = any(${textArray(sfs)})`);
  if (emails.length) wheres.push(sql`lower(${supporters.email}) = any(${textArray(emails)})`);
  if (named.length) {
    const f = textArray(named.map((k) => lower(k.firstName as string)));
    const l = textArray(named.map((k) => lower(k.lastName as string)));
    const a = textArray(named.map((k) => lower(k.address01 as string)));
    wheres.push(sql`(lower(${supporters.firstName}), lower(${supporters.lastName}), lower(${supporters.billAddress01}))
      in (select * from unnest(${f}, ${l}, ${a}))`);
  }
  for (const where of wheres) {
    const found = await tx.select().from(supporters).where(where).orderBy(asc(supporters.id));
    for (const s of found) pool.add(s);
  }
}

/** A supporter as the insert will make it, for matching the batch's later rows before it is written. */
function newSupporter(id: number, fields: Fields, lookups: Lookups): Supporter {
  const blank = {
    firstName: null,
    lastName: null,
    email: null,
    billFirstName: null,
    billLastName: null,
    billEmail: null,
    billOrganizationName: null,
    billAddress01: null,
    billAddress02: null,
    billCity: null,
    billState: null,
    billZip: null,
    billPhone: null,
    billCountry: null,
    donorId: null,
    sfId: null,
    emailOptIn: false,
  };
  return {
    ...blank,
    ...fields,
    id,
    displayName: [fields.firstName, fields.lastName].filter(Boolean).join(' ') || null,
    accountTypeId: lookups.defaultAccountType?.id ?? null,
  } as unknown as Supporter;
}

/** Row days → the instant each starts in the organisation's time zone, and the transaction's now(): one query. */
async function dayStartsAndNow(tx: Tx, days: string[], lookups: Lookups): Promise<Date> {
  const missing = days.filter((d) => !lookups.dayStarts.has(d));
  const list = textArray(missing);
  const rows = await queryRows(tx, sql`
    select d, to_json(d::date::timestamp at time zone ${lookups.timeZone}) #>> '{}' as at, to_json(now()) #>> '{}' as now
      from unnest(${list}) d
    union all select null, null, to_json(now()) #>> '{}'`);
  let now = new Date();
  for (const r of rows) {
    now = new Date(String(r.now));
    if (r.d !== null) lookups.dayStarts.set(String(r.d), new Date(String(r.at)));
  }
  return now;
}

/** Applies a batch of contribution rows; answers each row's outcome, in order (see the file's comment). */
export async function applyContributionsBatch(tx: Tx, job: ImportJobRow, rows: StagedRow[], lookups: Lookups): Promise<RowResult[]> {
  const results: (RowResult | null)[] = rows.map(() => null);
  // 1. Every row checked again (the server's own check: the staged row is what counts).
  const attributionOf = await importAttributionReader(tx);
  const checked = rows.map((row) => {
    const { values: v, errors, amounts } = checkContributionRow(row, lookups);
    const attribution = attributionOf(text(v, 'campaign'), text(v, 'appeal_code'));
    if ('field' in attribution) errors[attribution.field] = [attribution.message];
    const credited = 'field' in attribution ? { campaign_id: null, appeal_id: null } : attribution;
    return { row, values: v, errors, amounts, giftId: text(v, 'dp_gift_id'), keys: keysOf(v), attribution: credited };
  });
  const candidates = checked.filter((c) => c.amounts && !Object.keys(c.errors).length);

  // 2. Matching, row by row in memory: the candidates loaded once, then kept as the batch changes them.
  const pool = new SupporterPool();
  if (candidates.length) await loadCandidates(tx, candidates.map((c) => c.keys), pool);
  const writing = !job.dryRun;
  const days = writing ? [...new Set(candidates.map((c) => String(text(c.values, 'date'))))] : [];
  const now = writing && candidates.length ? await dayStartsAndNow(tx, days, lookups) : new Date();
  const planned: Planned[] = [];
  const created: { supporter: Supporter; rowNumber: number }[] = [];
  const notes = new Map<number, Supporter>();
  for (const [index, c] of checked.entries()) {
    const { errors, giftId } = c;
    // In row order: the gift ids taken by the batch's earlier created rows count.
    if (giftId && !errors.dp_gift_id && (await giftAlreadyImported(tx, job, c.row, giftId, lookups))) errors.dp_gift_id = [importMessages.giftImported(giftId)];
    if (Object.keys(errors).length || !c.amounts) {
      results[index] = { outcome: 'rejected', recordId: null, errors };
      continue;
    }
    const match = pool.find(c.keys);
    if (match && job.mode === 'skip') {
      results[index] = { outcome: 'skipped', recordId: null };
      notes.set(index, match);
      continue;
    }
    markGiftTaken(lookups, giftId);
    if (!writing) {
      results[index] = { outcome: 'created', recordId: null, note: match ? `matched supporter ${match.id}` : 'new supporter' };
      continue;
    }
    const fields = supporterFields(c.values);
    const amounts = c.amounts;
    const memo: ContributionRowMemo = { supporter_id: 0, supporter_created: false, supporter_before: null, supporter_stamp: null, payment_id: 0 };
    let supporter: Supporter;
    let event: Planned['event'] = null;
    if (!match) {
      supporter = newSupporter(NEW_ID_BASE + created.length, fields, lookups);
      created.push({ supporter, rowNumber: c.row.rowNumber });
      pool.add(supporter);
      memo.supporter_created = true;
      event = { type: 'created' };
    } else {
      supporter = match;
      if (job.mode === 'update') {
        const before: Record<string, unknown> = { updatedAt: match.updatedAt.toISOString(), displayName: match.displayName };
        for (const col of Object.keys(fields)) before[col] = match[col as keyof Supporter];
        const first = fields.firstName ?? match.firstName;
        const last = fields.lastName ?? match.lastName;
        const displayName = [first, last].filter(Boolean).join(' ') || match.displayName;
        pool.change(match, () => Object.assign(match, fields, { displayName }));
        memo.supporter_before = before;
        event = { type: 'updated', changes: Object.keys(fields) };
      }
    }
    // The row's giving refresh touches the supporter: updated_at becomes the transaction's now().
    supporter.updatedAt = now;
    planned.push({ index, rowNumber: c.row.rowNumber, values: c.values, amounts, supporter, memo, event, attribution: c.attribution });
  }

  if (planned.length) await writeBatch(tx, job, planned, created, lookups, results);
  for (const [index, s] of notes) {
    (results[index] as RowResult).note = `matched supporter ${s.id}`;
  }
  return results.map((r) => r as RowResult);
}

/** The same columns per row as imports.apply-contributions.ts writes, one statement per table. */
async function writeBatch(
  tx: Tx,
  job: ImportJobRow,
  planned: Planned[],
  created: { supporter: Supporter; rowNumber: number }[],
  lookups: Lookups,
  results: (RowResult | null)[],
): Promise<void> {
  const currency = lookups.currency;
  // Matched supporters updated (update mode) first, with the trail on: their changes are audited
  // as any other. The inserts after it leave the trail to auditImported (imports.audit.ts).
  const updatedSets = new Map<number, { supporter: Supporter; columns: Set<string> }>();
  for (const p of planned) {
    // A supporter this batch creates is inserted with its later rows' fields already merged in.
    if (p.event?.type !== 'updated' || p.supporter.id >= NEW_ID_BASE) continue;
    const entry = updatedSets.get(p.supporter.id) ?? { supporter: p.supporter, columns: new Set<string>() };
    for (const col of p.event.changes) entry.columns.add(col);
    updatedSets.set(p.supporter.id, entry);
  }
  if (updatedSets.size) await updateSupporters(tx, [...updatedSets.values()]);
  const records = await withTrailOff(tx, () => insertAll(tx, job, planned, created, lookups));
  await auditImported(tx, job.id, job.createdBy, records.audit);
  const { ids } = records;
  // Lifetime giving: the supporters this batch created have their brief entry (the trail off for
  // their first totals, as for the rest of their creation); those that existed are audited.
  const giving = (ids: number[]) => refreshSupporterGiving(tx, sql`select unnest(${intArray(ids)}) as supporter_id`);
  const createdIds = new Set(created.map((c) => c.supporter.id));
  const existing = [...new Set(planned.map((p) => p.supporter.id).filter((id) => !createdIds.has(id)))];
  if (createdIds.size) await withTrailOff(tx, () => giving([...createdIds]));
  if (existing.length) await giving(existing);

  for (const [i, p] of planned.entries()) {
    if (p.event?.type === 'created') lookups.events.add('supporter.created', { supporter_id: p.supporter.id, email: text(p.values, 'email') });
    if (p.event?.type === 'updated') lookups.events.add('supporter.updated', { supporter_id: p.supporter.id, changes: p.event.changes });
    lookups.events.add('contribution.paid', {
      contribution_id: ids[i] as number,
      supporter_id: p.supporter.id,
      total: { amount: toDecimal(p.amounts.total, currency), currency },
    });
  }

  // The undo stamps, read once every write of the batch is done (the giving refresh touched the
  // supporters). Every row's supporter is stamped: a later batch's gift to a supporter an earlier
  // batch created touches it again, and undo checks it against the newest row that touched it.
  const stampedSupporters = [...new Set(planned.map((p) => p.supporter.id))];
  const stamps = await queryRows(tx, sql`
    select 'c' as k, id, to_json(updated_at) #>> '{}' as at from contributions where id = any(${intArray(ids)})
    union all
    select 's', id, to_json(updated_at) #>> '{}' from supporters where id = any(${intArray(stampedSupporters)})`);
  const stampOf = new Map(stamps.map((s) => [`${String(s.k)}${Number(s.id)}`, new Date(String(s.at))]));
  for (const [i, p] of planned.entries()) {
    p.memo.supporter_stamp = stampOf.get(`s${p.supporter.id}`)?.toISOString() ?? null;
    results[p.index] = { outcome: 'created', recordId: ids[i] as number, previous: p.memo, stamp: stampOf.get(`c${ids[i]}`) ?? new Date() };
  }
}

/**
 * The batch's new rows, one statement per table: supporters, contributions, their items, payments
 * and links, and status history. Answers the contribution ids in planned order and the records
 * inserted, for the audit trail.
 */
async function insertAll(
  tx: Tx,
  job: ImportJobRow,
  planned: Planned[],
  created: { supporter: Supporter; rowNumber: number }[],
  lookups: Lookups,
): Promise<{ ids: number[]; audit: ImportedRecord[] }> {
  const currency = lookups.currency;
  const audit: ImportedRecord[] = [];
  // New supporters: one insert; ids handed out in row order.
  if (created.length) {
    const inserted = await insertSupporters(
      tx,
      created.map(({ supporter: s }) => {
        const { id: _id, updatedAt: _at, ...rest } = s as Supporter & Record<string, unknown>;
        return { ...rest, currencyCode: currency, signUpMethod: 'import', updatedAt: new Date() } as typeof supporters.$inferInsert;
      }),
    );
    const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
    for (const [i, c] of created.entries()) {
      c.supporter.id = ids[i] as number;
      audit.push({ table: 'supporters', id: c.supporter.id, row: c.rowNumber });
    }
  }

  for (const p of planned) p.memo.supporter_id = p.supporter.id;
  const book = await loadRateBook(tx);
  const gifts = planned.map((p) => {
    const at = lookups.dayStarts.get(String(text(p.values, 'date'))) as Date;
    return { p, at, uuid: randomUUID().toUpperCase(), functional: book.convert({ amount: p.amounts.total, currency, at }) };
  });
  const contributionIds = await insertContributions(tx, job, gifts, currency);
  const ids = gifts.map((g) => contributionIds.get(g.uuid) as number);
  const rowOf = new Map(gifts.map((g, i) => [ids[i] as number, g.p.rowNumber]));
  const each = (table: string, rows: Record<string, unknown>[], by = 'contribution_id') => {
    for (const r of rows) audit.push({ table, id: Number(r.id), row: rowOf.get(Number(r[by])) as number });
  };
  each('contributions', ids.map((id) => ({ id, contribution_id: id })));
  const items = await queryRows(tx, sql`
    insert into contribution_items (contribution_id, description, qty, price, original_price, total, is_donation, dcc_eligible, dcc_amount)
    select x.id, ${IMPORTED_GIFT}, 1, x.subtotal, x.subtotal, x.subtotal, true, x.dcc > 0, x.dcc
      from json_to_recordset(${JSON.stringify(gifts.map((g, i) => ({ id: ids[i], subtotal: g.p.amounts.subtotal, dcc: g.p.amounts.dcc })))}::json)
           as x(id int, subtotal bigint, dcc bigint)
    returning id, contribution_id`);
  each('contribution_items', items);
  const { paymentIds, links } = await insertPayments(tx, gifts, ids, book, currency);
  for (const [i, g] of gifts.entries()) g.p.memo.payment_id = paymentIds[i] as number;
  each('payments', paymentIds.map((id, i) => ({ id, contribution_id: ids[i] })));
  each('payment_links', links);
  const history = await queryRows(tx, sql`
    insert into contribution_status_history (contribution_id, event, amount, user_id)
    select x.id, 'paid', x.amount, ${job.createdBy}::int
      from json_to_recordset(${JSON.stringify(gifts.map((g, i) => ({ id: ids[i], amount: g.p.amounts.total })))}::json) as x(id int, amount bigint)
    returning id, contribution_id`);
  each('contribution_status_history', history);
  return { ids, audit };
}

/** Drizzle's key for each supporters column → the column's name. */
const SUPPORTER_COLUMN_NAMES = new Map(Object.entries(getTableColumns(supporters)).map(([key, column]) => [key, column.name]));

/**
 * New supporters in one statement with one JSON parameter (building a statement of a parameter
 * per column per row cost more than the insert). Every row has the same keys (newSupporter).
 */
async function insertSupporters(tx: Tx, rows: (typeof supporters.$inferInsert)[]): Promise<{ id: number }[]> {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const data = rows.map((r) => Object.fromEntries(keys.map((k) => [SUPPORTER_COLUMN_NAMES.get(k) as string, (r as Record<string, unknown>)[k] ?? null])));
  const cols = sql.join(keys.map((k) => sql.identifier(SUPPORTER_COLUMN_NAMES.get(k) as string)), sql`, `);
  const inserted = await queryRows(tx, sql`
    insert into supporters (${cols})
    select ${cols} from json_populate_recordset(null::supporters, ${JSON.stringify(data)}::json) with ordinality as x
     order by x.ordinality
    returning id`);
  return inserted.map((r) => ({ id: Number(r.id) }));
}

type Gift = { p: Planned; at: Date; uuid: string; functional: FunctionalAmount };

/** Update mode: each matched supporter given its rows' fields (the last row's value per column), one statement. */
async function updateSupporters(tx: Tx, entries: { supporter: Supporter; columns: Set<string> }[]): Promise<void> {
  const data = entries.map(({ supporter, columns }) => ({
    id: supporter.id,
    set: Object.fromEntries([...columns].map((c) => [c, supporter[c as keyof Supporter] ?? null])),
    displayName: supporter.displayName,
  }));
  await tx.execute(sql`
    update supporters s set ${sql.join(supporterColumnSets('set'), sql`, `)}, display_name = x.display_name, updated_at = ${new Date()}
      from (select (e->>'id')::int as id, e->'set' as set, e->>'displayName' as display_name
              from jsonb_array_elements(${JSON.stringify(data)}::jsonb) e) x
     where s.id = x.id`);
}

/** The contribution rows (as insertGiftRow writes one): one insert; client_uuid → id. */
async function insertContributions(tx: Tx, job: ImportJobRow, gifts: Gift[], currency: string): Promise<Map<string, number>> {
  const type = PAYMENT_ROW_TYPE.other;
  const data = gifts.map(({ p, at, uuid, functional }) => {
    const v = p.values;
    return {
      client_uuid: uuid,
      invoice_number: uuid,
      confirmation_number: text(v, 'payment_auth'),
      supporter_id: p.supporter.id,
      account_type_id: p.supporter.accountTypeId,
      started_at: at.toISOString(),
      ordered_at: at.toISOString(),
      paid_at: at.toISOString(),
      currency_code: currency,
      subtotal_amount: p.amounts.subtotal,
      dcc_amount: p.amounts.dcc,
      total_amount: p.amounts.total,
      dcc_enabled_by_customer: p.amounts.dcc > 0,
      functional_currency_code: functional.currency,
      functional_exchange_rate: functional.rate,
      functional_total_amount: functional.amount,
      functional_rate_date: functional.rateDate,
      payment_type: type,
      payment_status: 'succeeded',
      payment_gateway: 'offline',
      source: 'Import',
      campaign_id: p.attribution.campaign_id,
      appeal_id: p.attribution.appeal_id,
      email_opt_in: v.marketing_opt_in === true,
      send_confirmation_emails: false,
      bill_first_name: text(v, 'first_name'),
      bill_last_name: text(v, 'last_name'),
      bill_email: text(v, 'email'),
      bill_organization_name: text(v, 'organization_name'),
      bill_address_01: text(v, 'address_line_1'),
      bill_address_02: text(v, 'address_line_2'),
      bill_city: text(v, 'city'),
      bill_state: text(v, 'state'),
      bill_zip: text(v, 'zip'),
      bill_phone: text(v, 'phone'),
      bill_country: text(v, 'country')?.toUpperCase() ?? null,
      donor_id: text(v, 'dp_donor_id'),
      gift_id: text(v, 'dp_gift_id'),
      sf_id: text(v, 'sf_id'),
      total_items: 1,
      total_qty: 1,
      created_by: job.createdBy,
    };
  });
  const columns = Object.keys(data[0] ?? {}).map((c) => sql.identifier(c));
  const cols = sql.join(columns, sql`, `);
  const inserted = await queryRows(tx, sql`
    insert into contributions (${cols})
    select ${cols} from json_populate_recordset(null::contributions, ${JSON.stringify(data)}::json) with ordinality as x
     order by x.ordinality
    returning id, client_uuid`);
  return new Map(inserted.map((r) => [String(r.client_uuid), Number(r.id)]));
}

/**
 * The offline payments and their links (as insertPayment writes them, but captured on the row's
 * day with the row's authorisation: the money changed hands then, not today): two statements;
 * answers the payment ids in gift order, and the links made.
 */
async function insertPayments(
  tx: Tx,
  gifts: Gift[],
  contributionIds: number[],
  book: RateBook,
  currency: string,
): Promise<{ paymentIds: number[]; links: Record<string, unknown>[] }> {
  const data = gifts.map(({ p, uuid, at }) => {
    let functional: FunctionalAmount | null = null;
    try {
      functional = book.convert({ amount: p.amounts.total, currency, at: new Date() });
    } catch (error) {
      if (!(error instanceof MissingRateError)) throw error;
    }
    return {
      type: PAYMENT_ROW_TYPE.other,
      status: 'succeeded',
      amount: p.amounts.total,
      currency_code: currency,
      functional_amount: functional?.amount ?? null,
      functional_rate: functional?.rate ?? null,
      functional_rate_date: functional?.rateDate ?? null,
      paid: true,
      captured: true,
      captured_at: at.toISOString(),
      reference_number: text(p.values, 'payment_auth') ?? null,
      description: `${IMPORTED_GIFT} for Contribution #${uuid}`,
      failure_code: null,
      failure_message: null,
      outcome: null,
      supporter_id: p.supporter.id,
      payment_method_id: null,
      gateway: 'offline',
      card_brand: null,
      card_last4: null,
      card_exp_month: null,
      card_exp_year: null,
      card_cvc_check: null,
      bank_last4: null,
      bank_account_type: null,
      bank_account_holder_type: null,
      cheque_number: null,
      cheque_date: null,
    };
  });
  const cols = sql.join(
    Object.keys(data[0] ?? {}).map((c) => sql.identifier(c)),
    sql`, `,
  );
  const inserted = await queryRows(tx, sql`
    insert into payments (${cols})
    select ${cols} from json_populate_recordset(null::payments, ${JSON.stringify(data)}::json) with ordinality as x
     order by x.ordinality
    returning id, description`);
  const idOf = new Map(inserted.map((r) => [String(r.description), Number(r.id)]));
  const ids = data.map((d) => idOf.get(d.description) as number);
  const links = await queryRows(tx, sql`
    insert into payment_links (payment_id, contribution_id)
    select * from unnest(${intArray(ids)}, ${intArray(contributionIds)})
    returning id, contribution_id`);
  return { paymentIds: ids, links };
}
