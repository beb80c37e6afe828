import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { recurringPaymentProfiles } from '../contributions/contributions.tables.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { tributes } from '../tributes/tributes.tables.ts';
import { exportThroughApi } from './exports.test-support.ts';

let t: TestApp;
let agent: Agent;
const statuses = ['Active', 'Suspended', 'Cancelled', 'Expired'] as const;
const currencies = ['USD', 'EUR', 'JPY'] as const;

const one = async (query: SQL) => (await queryRows(t.database.db, query))[0] as { n: number };

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  const [supporter] = await t.database.db
    .insert(supporters)
    .values({ firstName: 'Rae', lastName: 'Recurring', email: 'rae.recurring@example.org', currencyCode: 'USD' })
    .returning({ id: supporters.id });
  // 70 profiles (more than a page): every status, three currencies, one deleted, one with a formula.
  for (let i = 0; i < 70; i++) {
    await t.database.db.insert(recurringPaymentProfiles).values({
      profileId: `LST${String(i).padStart(5, '0')}`,
      status: statuses[i % 4],
      supporterId: supporter?.id ?? null,
      description: i === 4 ? '=HYPERLINK("http://evil.test","x")' : `Monthly gift, "line" ${i}\nsecond line`,
      startDate: '2026-01-01',
      billingPeriod: i % 2 ? 'monthly' : 'weekly',
      currencyCode: currencies[i % 3] as string,
      amount: 1000 + i * 137,
      aggregateAmount: i * 5000,
      deletedAt: i === 69 ? new Date() : null,
    });
  }
  // 45 tributes (more than 40): unsent letters, sent e-mails, none; one deleted.
  for (let i = 0; i < 45; i++) {
    await t.database.db.insert(tributes).values({
      name: `Honoree ${i}`,
      amount: 2500 + i,
      currencyCode: i % 2 ? 'USD' : 'CAD',
      notify: i % 3 === 0 ? 'letter' : i % 3 === 1 ? 'email' : null,
      notifyName: `Recipient ${i}`,
      notifiedAt: i % 3 === 1 ? new Date() : null,
      deletedAt: i === 44 ? new Date() : null,
    });
  }
}, 60_000);

const exported = (list: string, params: Record<string, unknown>) => exportThroughApi(t, agent, list, params);

describe('POST /jpanel/recurring_payments.ajax', () => {
  it('pages 50 at a time with counts that match the database', async () => {
    const counted = await one(sql`select count(*)::int as n from recurring_payment_profiles where deleted_at is null`);
    const res = await agent.post('/jpanel/recurring_payments.ajax', { draw: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.recordsTotal).toBe(counted.n);
    expect(body.data).toHaveLength(50);
    expect(body.data[0]._url).toBe(`/jpanel/recurring/${body.data[0].id}`);
  });

  it('filters by status and currency and sorts by amount', async () => {
    const counted = await one(sql`select count(*)::int as n from recurring_payment_profiles where deleted_at is null and status = 'Suspended' and currency_code = 'EUR'`);
    const res = await agent.post('/jpanel/recurring_payments.ajax', { status: 'Suspended', currency_code: 'EUR', order: [{ column: 3, dir: 'asc' }] });
    const body = res.json();
    expect(body.recordsFiltered).toBe(counted.n);
    expect(body.data.every((r: { status: string; currency_code: string }) => r.status === 'Suspended' && r.currency_code === 'EUR')).toBe(true);
    const amounts = body.data.map((r: { amount: number }) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('refuses a bad filter with a message, and a user without the permission', async () => {
    expect((await agent.post('/jpanel/recurring_payments.ajax', { status: 'Paused' })).statusCode).toBe(422);
    const { agent: other } = await signedIn(t, { permissions: ['tribute.view'] });
    expect((await other.post('/jpanel/recurring_payments.ajax', {})).statusCode).toBe(403);
  });
});

describe('POST /jpanel/tributes.ajax', () => {
  it('pages 40 at a time; the unsent filter matches the database', async () => {
    const all = await one(sql`select count(*)::int as n from tributes where deleted_at is null`);
    const first = (await agent.post('/jpanel/tributes.ajax', {})).json();
    expect(first.recordsTotal).toBe(all.n);
    expect(first.data).toHaveLength(40);
    const unsent = await one(sql`select count(*)::int as n from tributes where deleted_at is null and notify is not null and notified_at is null`);
    const filtered = (await agent.post('/jpanel/tributes.ajax', { state: 'unsent' })).json();
    expect(filtered.recordsFiltered).toBe(unsent.n);
    expect(filtered.data.every((r: { notify: string | null; notified_at: string | null }) => r.notify && !r.notified_at)).toBe(true);
    expect((await agent.post('/jpanel/tributes.ajax', { from: '2026-02-31' })).statusCode).toBe(422);
  });
});

describe('background exports', () => {
  it('writes exactly the filtered rows, formulas neutralised, numbers as numbers', async () => {
    const { records, raw } = await exported('recurring_payments', { status: 'Active', order: [{ column: 3, dir: 'desc' }] });
    const expected = await queryRows(t.database.db, sql`select profile_id from recurring_payment_profiles
      where deleted_at is null and status = 'Active' order by amount desc, id desc`);
    expect(records.map((r) => r.Profile)).toEqual(expected.map((r) => r.profile_id));
    const formula = records.find((r) => r.Profile === 'LST00004');
    expect(formula?.Description).toBe(`'=HYPERLINK("http://evil.test","x")`);
    // Amount cells are bare numbers (no quotes, no currency sign), read back exactly.
    for (const r of records) expect(r.Amount).toMatch(/^\d+(\.\d+)?$/);
    const jpy = records.find((r) => r.Currency === 'JPY');
    expect(jpy?.Amount).not.toContain('.');
    expect(raw).not.toMatch(/^"?=/m);
  });

  it('exports every list by name, more rows than any page, with no cap', async () => {
    const { records } = await exported('tributes', { length: 5 });
    const all = await one(sql`select count(*)::int as n from tributes where deleted_at is null`);
    expect(records).toHaveLength(all.n);
    const { records: sponsors } = await exported('sponsors', {});
    const counted = await one(sql`select count(*)::int as n from sponsors s join sponsorships sp on sp.id = s.sponsorship_id where s.deleted_at is null and sp.deleted_at is null`);
    expect(sponsors).toHaveLength(counted.n);
  });

  it('refuses an unknown list, a bad filter, or a list the user may not see', async () => {
    expect((await agent.post('/jpanel/exports', { list: 'nope', params: {} })).statusCode).toBe(422);
    expect((await agent.post('/jpanel/exports', { list: 'recurring_payments', params: { status: 'Paused' } })).statusCode).toBe(422);
    expect((await agent.post('/jpanel/exports', { list: 'Bad\u0000', params: {} })).statusCode).toBe(422);
    const { agent: other } = await signedIn(t, { permissions: ['tribute.view'] });
    expect((await other.post('/jpanel/exports', { list: 'recurring_payments', params: {} })).statusCode).toBe(403);
  });

  it("another user cannot read someone else's export", async () => {
    const { id } = (await agent.post('/jpanel/exports', { list: 'tributes', params: {} })).json() as { id: string };
    const { agent: other } = await signedIn(t);
    expect((await other.get(`/jpanel/exports/${id}`)).statusCode).toBe(404);
    expect((await agent.get(`/jpanel/exports/${randomUUID()}`)).statusCode).toBe(404);
    expect((await agent.get('/jpanel/exports/not-a-uuid')).statusCode).toBe(422);
  });
});

describe('saved views', () => {
  const state = { filters: { status: 'Suspended' }, search: 'gift', sort: [{ column: 3, dir: 'asc' }], hidden_columns: ['description'] };

  it('saves, lists and deletes views per user; another user can neither read nor delete them', async () => {
    const saved = await agent.post('/jpanel/saved-views', { list: 'recurring_payments', name: 'Suspended gifts', state });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json().view as { id: number };
    expect((await agent.get('/jpanel/saved-views.json?list=recurring_payments')).json().data).toEqual([expect.objectContaining({ id: view.id, name: 'Suspended gifts', state })]);

    const { agent: other } = await signedIn(t);
    expect((await other.get('/jpanel/saved-views.json?list=recurring_payments')).json().data).toEqual([]);
    expect((await other.delete(`/jpanel/saved-views/${view.id}`)).statusCode).toBe(404);

    const duplicate = await agent.post('/jpanel/saved-views', { list: 'recurring_payments', name: 'Suspended gifts', state });
    expect(duplicate.statusCode).toBe(422);
    expect((await agent.delete(`/jpanel/saved-views/${view.id}`)).statusCode).toBe(200);
    expect((await agent.get('/jpanel/saved-views.json?list=recurring_payments')).json().data).toEqual([]);
  });

  it('refuses a bad state, a blank name and NUL text', async () => {
    for (const body of [
      { list: 'tributes', name: '', state },
      { list: 'tributes', name: 'x', state: { ...state, extra: 1 } },
      { list: 'tributes', name: 'x', state: { ...state, search: 'a\u0000' } },
      { list: 'tributes', name: 'x', state: { ...state, sort: [{ column: -1, dir: 'up' }] } },
    ]) {
      expect((await agent.post('/jpanel/saved-views', body)).statusCode).toBe(422);
    }
  });
});

describe('fundraise tabs', () => {
  let author: number;
  let active: number;
  let draft: number;
  beforeAll(async () => {
    const [product] = await queryRows(t.database.db, sql`insert into products (name, code, base_currency) values ('P2P list test', 'P2P-LIST-T', 'USD') returning id`);
    const [supporter] = await t.database.db.insert(supporters).values({ firstName: 'Fay', lastName: 'Fundraiser', email: 'fay.fund@example.org', currencyCode: 'USD' }).returning({ id: supporters.id });
    author = supporter?.id as number;
    const page = async (title: string, status: string, views: number) =>
      Number((await queryRows(t.database.db, sql`insert into fundraising_pages (title, url, author_supporter_id, product_id, status, currency_code, amount_raised, views)
        values (${title}, ${title.toLowerCase().replace(/\W+/g, '-')}, ${author}, ${product?.id}, ${status}, 'USD', 12345, ${views}) returning id`))[0]?.id);
    active = await page('Run For Wells', 'active', 9);
    draft = await page('Draft Drive', 'draft', 0);
    await queryRows(t.database.db, sql`insert into fundraising_page_views (fundraising_page_id, day, views) values
      (${active}, current_date, 4), (${active}, current_date - 1, 5)`);
  });

  it('lists pages 30 a page with a daily views series, previewable only when public', async () => {
    const body = (await agent.post('/jpanel/fundraise/pages.listing', { search: 'Fay Fundraiser' })).json();
    expect(body.recordsFiltered).toBe(2);
    const row = body.data.find((r: { id: number }) => r.id === active);
    expect(row).toMatchObject({ previewable: true, amount_raised: 123.45, views: 9, _url: `/jpanel/supporters/${author}` });
    expect(row.daily_views).toHaveLength(30);
    expect(row.daily_views.slice(-2)).toEqual([5, 4]);
    expect(body.data.find((r: { id: number }) => r.id === draft).previewable).toBe(false);
    const counted = await one(sql`select count(*)::int as n from fundraising_pages where deleted_at is null and status = 'draft'`);
    expect((await agent.post('/jpanel/fundraise/pages.listing', { status: 'draft' })).json().recordsFiltered).toBe(counted.n);
  });

  it('lists fundraisers with their page counts, and previews only public pages', async () => {
    const res = await agent.post('/jpanel/fundraise/fundraisers.listing', { search: 'fay.fund' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toEqual([expect.objectContaining({ id: author, page_count: 2, active_count: 1, views: 9 })]);
    expect((await agent.get(`/jpanel/fundraise/pages/${active}/preview`)).json()).toMatchObject({ title: 'Run For Wells', amount_raised: 123.45 });
    expect((await agent.get(`/jpanel/fundraise/pages/${draft}/preview`)).statusCode).toBe(404);
    expect((await agent.post('/jpanel/fundraise/pages.listing', { status: 'gone' })).statusCode).toBe(422);
    const { agent: other } = await signedIn(t, { permissions: ['tribute.view'] });
    expect((await other.post('/jpanel/fundraise/pages.listing', {})).statusCode).toBe(403);
  });
});

describe('POST /jpanel/sponsorship.ajax (spec part 3 §9)', () => {
  it('pages 50 at a time like every list without its own size', async () => {
    for (let i = 0; i < 55; i++) await queryRows(t.database.db, sql`insert into sponsorships (reference_number, first_name, last_name) values (${`SPL-${i}`}, 'Page', ${`Size${i}`})`);
    const counted = await one(sql`select count(*)::int as n from sponsorships where deleted_at is null`);
    const body = (await agent.post('/jpanel/sponsorship.ajax', {})).json();
    expect(body.recordsTotal).toBe(counted.n);
    expect(body.data).toHaveLength(50);
  });
});
