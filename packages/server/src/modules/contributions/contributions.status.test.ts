import {
  contributionEvents,
  contributionStatuses,
  contributionStatusOf,
  formatContributionNumber,
  PAYMENT_STATUSES,
  paymentStateOf,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageIdsQuery, queryRows, readListingQuery } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { contributionsListing } from './contributions.listing.ts';
import { PAYMENT_STATUSES as TABLE_PAYMENT_STATUSES } from './contributions.tables.ts';
import { CONTRIBUTION_EVENTS } from './contribution-history.tables.ts';

/**
 * One status, one payment state and one number per contribution: the listing and the CSV (SQL)
 * and the page (TypeScript) must say the same for every payment state a payment row can hold.
 */
let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
});

const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

type Case = { payment: (typeof PAYMENT_STATUSES)[number] | null; paid: boolean; refunded: number; shippable: number; fulfilled: boolean; spam: boolean; dispute?: 'open' | 'won' | 'lost' };

/** Every payment state × paid or not × what can follow (refunds, shipping, spam, a card dispute). */
function cases(): Case[] {
  const after = [
    { refunded: 0, shippable: 0, fulfilled: false, spam: false },
    { refunded: 1000, shippable: 0, fulfilled: false, spam: false },
    { refunded: 4800, shippable: 0, fulfilled: false, spam: false },
    { refunded: 0, shippable: 1, fulfilled: false, spam: false },
    { refunded: 0, shippable: 1, fulfilled: true, spam: false },
    { refunded: 0, shippable: 0, fulfilled: false, spam: true },
    { refunded: 0, shippable: 0, fulfilled: false, spam: false, dispute: 'open' as const },
    { refunded: 1000, shippable: 1, fulfilled: true, spam: false, dispute: 'lost' as const },
    { refunded: 1000, shippable: 0, fulfilled: false, spam: false, dispute: 'won' as const },
  ];
  return [null, ...PAYMENT_STATUSES].flatMap((payment) => [true, false].flatMap((paid) => after.map((a) => ({ payment, paid, ...a }))));
}

/** A contribution of $48.00 in that state, with its payment row when it has one; lower-case ids. */
async function insertCase(c: Case, i: number): Promise<number> {
  const uuid = `status-case-${String(i).padStart(4, '0')}-${Date.now().toString(36)}`;
  const [row] = await rows(sql`
    insert into contributions (client_uuid, invoice_number, paid_at, payment_status, payment_type, total_amount, subtotal_amount,
                               refunded_amount, shippable_items, is_fulfilled, is_spam, dispute_status, currency_code, functional_currency_code,
                               functional_exchange_rate, functional_total_amount)
    values (${uuid}, ${c.paid && i % 2 === 0 ? `inv-${uuid}` : null}, ${c.paid ? sql`now()` : null}, ${c.payment}, ${c.payment ? 'bank' : null},
            4800, 4800, ${c.refunded}, ${c.shippable}, ${c.fulfilled}, ${c.spam}, ${c.dispute ?? null}, 'USD', 'USD', 1, 4800) returning id`);
  const id = Number(row?.id);
  if (c.payment) {
    const [p] = await rows(sql`insert into payments (type, status, amount, amount_refunded, currency_code) values ('bank', ${c.payment}, 4800, ${c.refunded}, 'USD') returning id`);
    await rows(sql`insert into payment_links (payment_id, contribution_id) values (${Number(p?.id)}, ${id})`);
  }
  return id;
}

/** The CSV's rows as objects keyed by header (quoted fields may hold commas). */
function parseCsv(text: string): Record<string, string>[] {
  const lines = text.trim().split(/\r?\n/).map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((m) => (m[1] ?? '').replace(/^"|"$/g, '').replace(/""/g, '"')));
  const [header = [], ...body] = lines;
  return body.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
}

describe('contribution status', () => {
  it('keeps the tables and the contracts on the same payment statuses and events', () => {
    expect([...TABLE_PAYMENT_STATUSES]).toEqual([...PAYMENT_STATUSES]);
    expect([...CONTRIBUTION_EVENTS].sort()).toEqual(contributionEvents.map((e) => e.value).sort());
  });

  it('reads the same in the listing, the page and the CSV for every payment state', async () => {
    const all = cases();
    const ids = await Promise.all(all.map((c, i) => insertCase(c, i)));
    const listed = new Map<number, { status: string; number: string }>();
    for (const spam of [false, true]) {
      const response = await agent.post('/jpanel/contributions-v2.listing', { ids, length: 500, ...(spam ? { status: 'spam' } : {}) });
      for (const r of response.json().data as { id: number; status: string; number: string }[]) listed.set(r.id, r);
    }
    // The CSV has no id column: its rows are found by the number the contracts' formatter writes.
    const csv = new Map<string, Record<string, string>>();
    for (const spam of [false, true]) {
      const response = await agent.get(`/jpanel/contributions.csv?ids=${ids.join(',')}${spam ? '&status=spam' : ''}`);
      expect(response.statusCode).toBe(200);
      for (const r of parseCsv(response.body)) csv.set(r['Contribution Number'] ?? '', r);
    }
    for (const [i, id] of ids.entries()) {
      const c = all[i] as Case;
      const [raw] = await rows(sql`select * from contributions where id = ${id}`);
      const facts = raw as Parameters<typeof contributionStatusOf>[0] & { invoice_number: string | null; client_uuid: string };
      const status = contributionStatusOf(facts);
      const number = formatContributionNumber(facts);
      const page = (await agent.get(`/jpanel/contributions/${id}`)).json().contribution;
      const label = JSON.stringify(c);
      expect(page, label).toMatchObject({ status, number, payment_state: paymentStateOf(facts) });
      expect(listed.get(id), label).toEqual(expect.objectContaining({ status, number }));
      expect(csv.get(number)?.Status, label).toBe(contributionStatuses.find((s) => s.value === status)?.label);
      // The status filter finds the row under the status it shows.
      const filtered = (await agent.post('/jpanel/contributions-v2.listing', { ids: [id], status })).json().data as { id: number }[];
      expect(filtered.map((r) => r.id), label).toEqual([id]);
    }
    // A pending payment is never read as paid, whatever paid_at says.
    const pending = all.flatMap((c, i) => (c.payment === 'pending' && !c.spam ? [ids[i] as number] : []));
    for (const id of pending) expect(listed.get(id)?.status).toBe('pending');
    // A failed payment reads as failed, paid_at or not.
    const failed = all.flatMap((c, i) => (c.payment === 'failed' && !c.spam ? [ids[i] as number] : []));
    for (const id of failed) expect(listed.get(id)?.status).toBe('failed');
  });
});

describe('stored status', () => {
  type Facts = Parameters<typeof contributionStatusOf>[0] & { status: string };
  const stored = async (id: number) => (await rows(sql`select * from contributions where id = ${id}`))[0] as Facts;

  it('is what the contracts derive, for every payment state, and follows every change of its inputs', async () => {
    const all = cases();
    const ids = await Promise.all(all.map((c, i) => insertCase(c, 2000 + i)));
    for (const [i, id] of ids.entries()) {
      const row = await stored(id);
      expect(row.status, JSON.stringify(all[i])).toBe(contributionStatusOf(row));
    }
    // Each input changed on its own: the database recomputes the column in the same statement.
    const changes = [
      sql`payment_status = 'failed'`,
      sql`payment_status = 'pending'`,
      sql`payment_status = 'succeeded', paid_at = now()`,
      sql`paid_at = null`,
      sql`refunded_amount = total_amount`,
      sql`refunded_amount = 0`,
      sql`shippable_items = 2, is_fulfilled = not is_fulfilled`,
      sql`is_spam = not is_spam`,
    ];
    for (const change of changes) {
      await rows(sql`update contributions set ${change} where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      for (const id of ids) {
        const row = await stored(id);
        expect(row.status, `${id} after ${JSON.stringify(change.queryChunks)}`).toBe(contributionStatusOf(row));
      }
    }
  });

  it('cannot be written by hand', async () => {
    const [any] = await rows(sql`select id from contributions limit 1`);
    await expect(rows(sql`update contributions set status = 'paid' where id = ${Number(any?.id)}`)).rejects.toThrow();
  });

  it('lets the status filter read the index on the column', async () => {
    // The planner would read a small table whole; barred from that, it must find the index usable.
    // A status page in the default order (newest first) is one range of that index, unsorted.
    const query = pageIdsQuery(contributionsListing, readListingQuery(contributionsListing, { status: 'refunded' }));
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return (await queryRows(tx, sql`explain ${query}`)).map((r) => String(r['QUERY PLAN'])).join('\n');
    });
    expect(plan).toMatch(/Index Cond: \(status = /);
    expect(plan).toContain('contributions_status_idx');
    expect(plan).not.toMatch(/Sort/);
  });
});

describe('mark fulfilled', () => {
  const paid: Case = { payment: 'succeeded', paid: true, refunded: 0, shippable: 1, fulfilled: false, spam: false };

  it('marks only what has something to ship and says what happened to each row', async () => {
    const ids = await Promise.all([
      insertCase(paid, 1000),
      insertCase(paid, 1001),
      insertCase({ ...paid, shippable: 0 }, 1002),
      insertCase({ ...paid, shippable: 0 }, 1003),
      insertCase({ ...paid, shippable: 0 }, 1004),
      insertCase({ ...paid, fulfilled: true }, 1005),
      insertCase({ ...paid, payment: 'pending' }, 1006),
    ]);
    const response = await agent.post('/jpanel/contributions/mark', { ids, mark: 'fulfilled' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('2 marked fulfilled; 3 have nothing to ship; 1 was already fulfilled; 1 is awaiting payment.');

    // The Fulfilled filter lists exactly the rows marked (and the one that already was).
    const fulfilled = (await agent.post('/jpanel/contributions-v2.listing', { ids, status: 'fulfilled' })).json().data as { id: number }[];
    expect(fulfilled.map((r) => r.id).sort()).toEqual([ids[0], ids[1], ids[5]].sort());
    const touched = await rows(sql`select id from contributions where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and is_fulfilled order by id`);
    expect(touched.map((r) => r.id).sort()).toEqual([ids[0], ids[1], ids[5]].sort());
    const events = await rows(sql`select contribution_id from contribution_status_history where event = 'fulfilled' and contribution_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    expect(events.map((r) => r.contribution_id).sort()).toEqual([ids[0], ids[1]].sort());

    const back = await agent.post('/jpanel/contributions/mark', { ids, mark: 'unfulfilled' });
    expect(back.json().message).toBe('3 marked unfulfilled; 3 have nothing to ship; 1 is awaiting payment.');
    expect((await agent.post('/jpanel/contributions-v2.listing', { ids, status: 'fulfilled' })).json().data).toEqual([]);
  });
});
