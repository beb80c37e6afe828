import { cardTokenRequestSchema } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import { createSandboxGateway } from '../../integrations/payments/sandbox/sandbox-gateway.ts';
import { createCardToken } from '../../integrations/payments/sandbox/sandbox-tokens.ts';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { buildUser, createSeededTestApp, type TestApp } from '../../test/test-app.ts';
import { installAuditTriggers, UNAUDITED } from './audit.sql.ts';

/** Counters, logs and job bookkeeping stay out of the trail; composite keys get a usable record id (issue 7 item 9). */
let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(120, 40));
  userId = (await buildUser(t.database)).id;
}, 180_000);

const rowsOf = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
const trailOf = async (table: string) => Number((await rowsOf(sql`select count(*)::int as n from audit_log where table_name = ${table}`))[0]?.n);

describe('audit trail without noise', () => {
  it('writes nothing for page views, cached counts, webhook deliveries, import progress or the sandbox ledger', async () => {
    const as = { userId, ip: '203.0.113.7' };
    await withActor(t.database.db, as, async (tx) => {
      const [page] = await queryRows(tx, sql`select id from fundraising_pages limit 1`);
      await tx.execute(sql`update fundraising_pages set views = views + 1 where id = ${page?.id}`);
      await tx.execute(sql`insert into fundraising_page_views (fundraising_page_id, day, views) values (${page?.id}, '2026-01-01', 1)
                           on conflict (fundraising_page_id, day) do update set views = fundraising_page_views.views + 1`);
      await tx.execute(sql`insert into listing_counts (key, n, expires_at) values ('probe', 1, now() + interval '1 minute')`);
      const [hook] = await queryRows(tx, sql`insert into webhooks (payload_url) values ('https://example.org/hook') returning id`);
      await tx.execute(sql`insert into webhook_deliveries (webhook_id, guid, event, request_url, request_body)
                           values (${hook?.id}, '9b2f7f0e-4d5c-4a4b-9d7e-0c6a1b2c3d4e', 'supporter_created', 'https://example.org/hook', '{}')`);
      const [job] = await queryRows(tx, sql`insert into imports (kind, created_by) values ('supporters', ${userId}) returning id`);
      await tx.execute(sql`update imports set status = 'processing', progress = 40, imported_rows = 4 where id = ${job?.id}`);
      await tx.execute(sql`update users set login_count = login_count + 1, last_login_at = now() where id = ${userId}`);
      const card = cardTokenRequestSchema.parse({ number: '4242 4242 4242 4242', expiry: '12 / 39', cvc: '123' });
      const token = await createCardToken(tx, card);
      await createSandboxGateway(tx as never).charge({ idempotencyKey: 'audit-noise-charge', amount: 500, currency: 'USD', source: token.token });
    });
    const noisy = ['fundraising_page_views', 'listing_counts', 'webhook_deliveries', 'imports', 'sandbox_ledger', 'sandbox_sources'];
    for (const table of noisy) expect(await trailOf(table), table).toBe(0);
    // Counting a view or a sign-in is not a change to the page or the user.
    expect(await rowsOf(sql`select table_name, changes from audit_log where table_name in ('fundraising_pages', 'users') and action = 'update'`)).toEqual([]);
    // The webhook itself is a business record and is audited.
    expect(await trailOf('webhooks')).toBe(1);
  });

  it('has no audit trigger on any bookkeeping table, and one on each business table, after starting again', async () => {
    await installAuditTriggers(t.database);
    await installAuditTriggers(t.database);
    const triggered = (await rowsOf(sql`select c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'almoner_audit_insert_trg'`)).map((r) => String(r.relname));
    expect(triggered.filter((name) => UNAUDITED.includes(name))).toEqual([]);
    expect(new Set(triggered).size).toBe(triggered.length);
    expect(triggered).toEqual(expect.arrayContaining(['contributions', 'payments', 'refunds', 'refund_items', 'contribution_promo_codes', 'mediables']));
  });

  it('records a composite-key row under its key values joined by a colon', async () => {
    const [link] = await rowsOf(sql`select c.id as contribution_id, p.id as promo_code_id from contributions c, promo_codes p
                                     where not exists (select 1 from contribution_promo_codes x where x.contribution_id = c.id and x.promo_code_id = p.id) limit 1`);
    await withActor(t.database.db, { userId, ip: null }, (tx) =>
      tx.execute(sql`insert into contribution_promo_codes (contribution_id, promo_code_id) values (${link?.contribution_id}, ${link?.promo_code_id})`),
    );
    const [row] = await rowsOf(sql`select record_id from audit_log where table_name = 'contribution_promo_codes' order by id desc limit 1`);
    expect(row?.record_id).toBe(`${String(link?.contribution_id)}:${String(link?.promo_code_id)}`);
  });
});
