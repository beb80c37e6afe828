import { type ReportTotals, toMinor } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { makeSupporter } from '../pos/pos.complete.fixtures.ts';
import { addGift, midYear, orgYear } from './giving.test-data.ts';
import { allRows, parseCsv } from './reports.test-support.ts';

/**
 * Issue 37 items 5 and 6 on a small dataset whose figures are worked out by hand below: each
 * report's rows, its summary (or totals) and its CSV give the same figures, and those figures.
 *
 * Supporters (Y = this year): A gave in Y−1 and Y; B gave in Y−1 only (EUR 100 at 1.1, 25 refunded:
 * $82.50 net); C in Y−3 only; D in Y−2, and a gift in Y−1 refunded in full (no gift); E in Y
 * only; F in Y−2 and Y; a guest G (by e-mail) in Y. A test gift counts nowhere.
 */
let t: TestApp;
let agent: Agent;
let Y: number;
let campaignId: number;
const ids: Record<string, number> = {};
const appeal: Record<string, number> = {};
const usd = (n: number) => toMinor(n, 'USD');

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  const db = t.database.db;
  Y = await orgYear(db);
  const created = await agent.post('/jpanel/campaigns', {
    name: 'Spring appeal', goal: '500', starts_on: `${Y - 1}-01-01`,
    appeals: [{ name: 'Letter', code: 'a1' }, { name: 'Email', code: 'A2' }, { name: 'Gala', code: 'A3' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const campaign = created.json().campaign as { id: number; appeals: { id: number; code: string }[] };
  campaignId = campaign.id;
  for (const a of campaign.appeals) appeal[a.code] = a.id;
  for (const who of ['A', 'B', 'C', 'D', 'E', 'F']) ids[who] = await makeSupporter(db);
  const k = { campaignId };
  await addGift(db, { supporterId: ids.A!, at: midYear(Y - 1), total: 5000, ...k, appealId: appeal.A1 });
  await addGift(db, { supporterId: ids.A!, at: sql`now()`, total: 2000, ...k, appealId: appeal.A2 });
  await addGift(db, { supporterId: ids.B!, at: midYear(Y - 1), total: 10000, currency: 'EUR', rate: 1.1, refunded: 2500, glCode: 'BUILDING', ...k, appealId: appeal.A1 });
  await addGift(db, { supporterId: ids.C!, at: midYear(Y - 3), total: 3000 });
  await addGift(db, { supporterId: ids.D!, at: midYear(Y - 2), total: 1000 });
  await addGift(db, { supporterId: ids.D!, at: midYear(Y - 1), total: 4000, refunded: 4000, ...k, appealId: appeal.A2 });
  await addGift(db, { supporterId: ids.E!, at: sql`now()`, total: 1500, ...k });
  await addGift(db, { supporterId: ids.F!, at: midYear(Y - 2), total: 1200 });
  await addGift(db, { supporterId: ids.F!, at: sql`now()`, total: 800 });
  await addGift(db, { supporterId: null, email: 'Guest@Example.org', at: sql`now()`, total: 500, ...k, appealId: appeal.A1 });
  await addGift(db, { supporterId: ids.E!, at: sql`now()`, total: 100000, isTest: true, ...k });
}, 120_000);

const csvOf = async (url: string, numbers: string[]) => {
  const res = await agent.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return parseCsv(res.body, numbers);
};
const orgTotal = (totals: ReportTotals, key: string) => usd(totals.org.find((m) => m.key === key)!.amount);
const sum = (rows: Record<string, unknown>[], key: string) => rows.reduce((s, r) => s + usd(Number(r[key])), 0);

describe('campaign results', () => {
  it('adds the campaign\'s counted gifts by appeal and by day; rows, summary, totals and CSVs agree', async () => {
    const summary = (await agent.get(`/jpanel/reports/campaign-results/${campaignId}/summary.json`)).json();
    expect(summary).toMatchObject({ name: 'Spring appeal', goal: 500, raised: 172.5, gifts: 5, donors: 4, average: 34.5, percent_of_goal: 34.5, org_currency: 'USD' });

    const byAppeal = (await agent.post(`/jpanel/reports/campaign-results/${campaignId}/appeals.json`, {})).json();
    const rows = Object.fromEntries((byAppeal.data as { appeal: string }[]).map((r) => [r.appeal, r]));
    expect(rows.Letter).toMatchObject({ code: 'A1', gifts: 3, donors: 3, raised: 137.5 });
    expect(rows.Email).toMatchObject({ code: 'A2', gifts: 1, donors: 1, raised: 20 });
    expect(rows.Gala).toMatchObject({ code: 'A3', gifts: 0, donors: 0, raised: 0, average: 0 });
    expect(rows['No appeal']).toMatchObject({ code: null, gifts: 1, raised: 15 });
    expect(sum(byAppeal.data, 'raised')).toBe(usd(summary.raised));
    expect(orgTotal(byAppeal.totals, 'raised')).toBe(usd(summary.raised));
    expect(byAppeal.data.reduce((s: number, r: { gifts: number }) => s + r.gifts, 0)).toBe(summary.gifts);
    const appealCsv = await csvOf(`/jpanel/reports/campaign-results/${campaignId}/appeals.csv`, ['Gifts', 'Donors', 'Average Gift', 'Raised']);
    expect(appealCsv.map((r) => [r.Appeal, r.Raised]).sort()).toEqual([['Email', '20.00'], ['Gala', '0.00'], ['Letter', '137.50'], ['No appeal', '15.00']]);

    const byDay = (await agent.post(`/jpanel/reports/campaign-results/${campaignId}/days.json`, {})).json();
    expect(byDay.data).toHaveLength(2);
    const [today, earlier] = byDay.data as { day: string; gifts: number; raised: number; running: number }[];
    expect(earlier).toMatchObject({ day: `${Y - 1}-06-15`, gifts: 2, raised: 132.5, running: 132.5 });
    expect(today).toMatchObject({ gifts: 3, raised: 40, running: 172.5 });
    expect(sum(byDay.data, 'raised')).toBe(usd(summary.raised));
    const dayCsv = await csvOf(`/jpanel/reports/campaign-results/${campaignId}/days.csv`, ['Gifts', 'Donors', 'Raised', 'Raised to Date']);
    expect(dayCsv.reduce((s, r) => s + usd(Number(r.Raised)), 0)).toBe(usd(summary.raised));

    // The campaigns list shows the same raised, gifts and donors.
    const list = (await agent.get('/jpanel/campaigns.json')).json().data as { id: number; progress: unknown }[];
    expect(list.find((c) => c.id === campaignId)?.progress).toEqual({ raised: 172.5, gifts: 5, donors: 4 });
  });

  it('answers 404 for a campaign that does not exist', async () => {
    expect((await agent.get('/jpanel/reports/campaign-results/999999/summary.json')).statusCode).toBe(404);
  });
});

describe('totals by fund', () => {
  it('adds each fund\'s gift lines: given, refunded and net, all time and for this year', async () => {
    const all = (await agent.post('/jpanel/reports/fund-totals.json', {})).json();
    const byFund = Object.fromEntries((all.data as { fund: string }[]).map((r) => [r.fund, r]));
    expect(byFund.GENERAL).toMatchObject({ gifts: 9, gross: 190, refunded: 40, net: 150 });
    expect(byFund.BUILDING).toMatchObject({ gifts: 1, gross: 110, refunded: 27.5, net: 82.5 });
    for (const key of ['gross', 'refunded', 'net']) expect(orgTotal(all.totals, key), key).toBe(sum(all.data, key));
    const csv = await csvOf('/jpanel/reports/fund-totals.csv', ['Gifts', 'Given', 'Refunded', 'Net']);
    expect(csv.map((r) => [r['Fund (GL Code)'], r.Given, r.Refunded, r.Net])).toEqual([['BUILDING', '110.00', '27.50', '82.50'], ['GENERAL', '190.00', '40.00', '150.00']]);

    const thisYear = (await agent.post('/jpanel/reports/fund-totals.json', { from: `${Y}-01-01` })).json();
    expect(thisYear.data).toEqual([expect.objectContaining({ fund: 'GENERAL', gifts: 4, gross: 48, net: 48 })]);
    expect(orgTotal(thisYear.totals, 'net')).toBe(usd(48));
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await agent.post('/jpanel/reports/fund-totals.json', { from: `${Y}-02-01`, to: `${Y}-01-01` });
    expect(res.statusCode).toBe(422);
  });
});

describe('LYBUNT and SYBUNT', () => {
  it('lists who gave last year and not this year; and who gave only in earlier years', async () => {
    const lybunt = (await agent.post('/jpanel/reports/lapsed-donors.json', { kind: 'lybunt' })).json();
    expect(lybunt.data.map((r: { id: number }) => r.id)).toEqual([ids.B]);
    expect(lybunt.data[0]).toMatchObject({ last_year: Y - 1, last_year_total: 82.5, lifetime_total: 82.5, years_given: 1, last_gift_on: `${Y - 1}-06-15` });
    expect(orgTotal(lybunt.totals, 'last_year_total')).toBe(usd(82.5));
    const csv = await csvOf('/jpanel/reports/lapsed-donors.csv?kind=lybunt', ['Supporter ID', 'Last Year Given', 'Given That Year', 'Given in All', 'Years Given']);
    expect(csv.map((r) => [Number(r['Supporter ID']), r['Given That Year']])).toEqual([[ids.B, '82.50']]);

    const sybunt = (await allRows(agent, '/jpanel/reports/lapsed-donors.json', { kind: 'sybunt' })).map((r) => [r.id, r.last_year, r.last_year_total]);
    expect(sybunt.sort()).toEqual([[ids.C, Y - 3, 30], [ids.D, Y - 2, 10]].sort());
    // Asked as of last year, A and B gave "this" year (Y−1): D (gave Y−2) is last year's LYBUNT.
    const asOfLastYear = (await agent.post('/jpanel/reports/lapsed-donors.json', { kind: 'lybunt', year: Y - 1 })).json();
    expect(asOfLastYear.data.map((r: { id: number }) => r.id).sort()).toEqual([ids.D, ids.F].sort());
  });

  it('starts an appeal from the list: the appeal, its donors and a saved view of Supporters, in one go', async () => {
    const res = await agent.post('/jpanel/reports/lapsed-donors/appeal', { kind: 'sybunt', campaign_id: campaignId, name: 'We miss you', code: 'miss-you' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ donors: 2, campaign_id: campaignId, supporters_url: `/supporters?f.appeal_id=${answer.appeal_id}` });
    const listed = (await agent.post('/jpanel/supporters.listing', { appeal_id: answer.appeal_id })).json();
    expect(listed.data.map((r: { id: number }) => r.id).sort()).toEqual([ids.C, ids.D].sort());
    const views = (await agent.get('/jpanel/saved-views.json?list=supporters')).json().data as { id: number; name: string; state: { filters: Record<string, string> } }[];
    expect(views.find((v) => v.id === answer.saved_view_id)).toMatchObject({ name: 'We miss you', state: { filters: { appeal_id: String(answer.appeal_id) } } });
    const campaign = (await agent.get(`/jpanel/campaigns/${campaignId}`)).json();
    expect(campaign.appeals.map((a: { code: string }) => a.code)).toContain('MISS-YOU');

    // The same code again is refused and changes nothing; an empty list starts nothing.
    const again = await agent.post('/jpanel/reports/lapsed-donors/appeal', { kind: 'sybunt', campaign_id: campaignId, name: 'Again', code: 'MISS-YOU' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code[0]).toContain('MISS-YOU');
    const none = await agent.post('/jpanel/reports/lapsed-donors/appeal', { kind: 'lybunt', year: 2001, campaign_id: campaignId, name: 'Nobody', code: 'NOBODY' });
    expect(none.statusCode).toBe(422);
    expect((await agent.get(`/jpanel/campaigns/${campaignId}`)).json().appeals.map((a: { code: string }) => a.code)).not.toContain('NOBODY');
  });
});

describe('donor retention', () => {
  it('counts new, retained, recovered and lapsed donors per year; rows, summary, CSV and the dashboard chart agree', async () => {
    const answer = (await agent.post('/jpanel/reports/donor-retention.json', { years: 4 })).json();
    const byYear = Object.fromEntries((answer.data as { year: number }[]).map((r) => [r.year, r]));
    expect(byYear[Y - 3]).toMatchObject({ donors: 1, new_donors: 1, retained: 0, recovered: 0, lapsed: 0, retention_rate: null });
    expect(byYear[Y - 2]).toMatchObject({ donors: 2, new_donors: 2, retained: 0, recovered: 0, lapsed: 1, retention_rate: 0 });
    expect(byYear[Y - 1]).toMatchObject({ donors: 2, new_donors: 2, retained: 0, recovered: 0, lapsed: 2, retention_rate: 0 });
    expect(byYear[Y]).toMatchObject({ donors: 4, new_donors: 2, retained: 1, recovered: 1, lapsed: 1, retention_rate: 50 });
    expect(answer.summary).toEqual({ new_donors: 7, retained: 1, recovered: 1, lapsed: 4, retention_rate: 20 });
    for (const key of ['new_donors', 'retained', 'recovered', 'lapsed'] as const) {
      expect(answer.data.reduce((s: number, r: Record<string, number>) => s + r[key]!, 0), key).toBe(answer.summary[key]);
    }
    const csv = await csvOf('/jpanel/reports/donor-retention.csv?years=4', ['Year', 'Donors', 'New', 'Retained', 'Recovered', 'Lapsed', 'Retention Rate (%)']);
    expect(csv.map((r) => [Number(r.Year), Number(r.Donors), Number(r.Lapsed), r['Retention Rate (%)']])).toEqual([
      [Y, 4, 1, '50'], [Y - 1, 2, 2, '0'], [Y - 2, 2, 1, '0'], [Y - 3, 1, 0, ''],
    ]);

    const today = new Date().toISOString().slice(0, 10);
    const chart = (await agent.get(`/jpanel/dashboard/donor-retention.json?from=${Y}-01-01&to=${today < `${Y}-01-01` ? `${Y}-01-01` : today}`)).json();
    expect(chart.rows.map((r: { label: string }) => r.label)).toEqual([Y - 4, Y - 3, Y - 2, Y - 1, Y].map(String));
    for (const row of chart.rows as { label: string; values: Record<string, number> }[]) {
      const report = byYear[Number(row.label)] as Record<string, number> | undefined;
      expect(row.values, row.label).toEqual({ new_donors: report?.new_donors ?? 0, retained: report?.retained ?? 0, recovered: report?.recovered ?? 0, lapsed: report?.lapsed ?? 0 });
    }
  });

  it('is refused without the reports permission', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['order.view'] });
    expect((await viewer.post('/jpanel/reports/donor-retention.json', {})).statusCode).toBe(403);
    expect((await viewer.get('/jpanel/reports/lapsed-donors.csv')).statusCode).toBe(403);
  });
});
