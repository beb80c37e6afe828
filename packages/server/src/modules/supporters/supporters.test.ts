import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let agent: Agent;
type Row = { id: number; display_name: string; email: string | null; created_at: string; lifetime_total: number; _url: string };
type Page = { recordsFiltered: number; data: Row[] };

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(300, 150));
  ({ agent } = await signedIn(t));
}, 120_000);

const list = async (body: Record<string, unknown>) => (await agent.post('/jpanel/supporters.listing', body)).json() as Page;

describe('supporters listing', () => {
  it('answers 10 active supporters, newest first, each with its link', async () => {
    const page = await list({});
    expect(page.data).toHaveLength(10);
    const created = page.data.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(page.data[0]?._url).toBe(`/jpanel/supporters/${page.data[0]?.id}`);
    const [active] = await queryRows(t.database.db, sql`select count(*)::int as n from supporters where is_active and not is_spam`);
    expect(page.recordsFiltered).toBe(active?.n);
  });

  it('searches, sorts by lifetime giving and exports the same rows', async () => {
    const body = { order: [{ column: 8, dir: 'desc' }], length: 500, status: 'all' };
    const shown = (await list(body)).data;
    const totals = shown.map((r) => r.lifetime_total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const csv = await agent.get('/jpanel/supporters.csv?status=all&order[0][column]=8&order[0][dir]=desc');
    const ids = csv.body.trim().split('\n').slice(1).map((line) => Number(line.split(',')[0]));
    expect(ids).toEqual(shown.map((r) => r.id));

    const someone = shown.find((r) => r.email) as Row;
    const found = await list({ search: { value: (someone.email as string).toUpperCase() }, status: 'all' });
    expect(found.data.map((r) => r.id)).toContain(someone.id);
  });

  it('serves the picker lookup, empty for an empty query', async () => {
    expect((await agent.get('/jpanel/supporters.json?query=')).json()).toEqual([]);
    const [row] = await queryRows(t.database.db, sql`select last_name from supporters where is_active and not is_spam and last_name is not null limit 1`);
    const options = (await agent.get(`/jpanel/supporters.json?query=${encodeURIComponent(String(row?.last_name))}`)).json() as { display_name: string; icon: string }[];
    expect(options.length).toBeGreaterThan(0);
    expect(options[0]).toHaveProperty('membership_is_expired');
  });

  it("shows a supporter's page with contributions, and a contribution's page with items and payments", async () => {
    const [row] = await queryRows(t.database.db, sql`select supporter_id as id from contributions where supporter_id is not null and deleted_at is null limit 1`);
    const detail = (await agent.get(`/jpanel/supporters/${row?.id}`)).json();
    expect(detail.supporter.id).toBe(row?.id);
    expect(detail.supporter).not.toHaveProperty('password_hash');
    expect(detail.contributions.length).toBeGreaterThan(0);
    const contribution = (await agent.get(`/jpanel/contributions/${detail.contributions[0].id}`)).json();
    expect(contribution.items.length).toBeGreaterThan(0);
    expect((await agent.get('/jpanel/contributions/999999')).statusCode).toBe(404);
  });
});
