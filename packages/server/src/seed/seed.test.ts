import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importMessages, paymentEventOf, paymentStateOf } from '@almoner/contracts';
import jpeg from 'jpeg-js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db, Tx } from '../db/client.ts';
import { createSandboxGateway } from '../integrations/payments/sandbox/sandbox-gateway.ts';
import { createLocalStorage } from '../integrations/storage/local-storage.ts';
import { thumbnailKey } from '../integrations/storage/media-uploads.ts';
import { billProfile } from '../modules/recurring/recurring.billing.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { generateOrganisation } from './generate.ts';
import { scaleFor } from './scale.ts';
import { column, count, findOrphans, keyFigures, lifetimeMismatches } from './seed-checks.ts';
import type { Runner } from './writer.ts';
import { queryRows } from '../listing/engine.ts';
import { availableSql } from '../modules/pos/pos.catalogue.ts';
import { createSandboxCrm } from '../integrations/crm/sandbox-crm.ts';

const quiet = () => undefined;
/**
 * A guard against a hang for each test that seeds, not a time limit: one took over 60 s on
 * PostgreSQL beside `npm test`'s last phase's other suites (2026-12-07).
 */
const SEEDING = 300_000;

describe('the demo seed', () => {
  let database: Database;
  const folder = mkdtempSync(join(tmpdir(), 'almoner-seed-storage-'));
  const storage = createLocalStorage({ root: folder, appKey: Buffer.alloc(32, 3) });

  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await seedDemoIfEmpty(database, quiet, undefined, undefined, storage)).toBe(true);
  }, SEEDING);
  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('stores the product pictures it links: each a JPEG of its recorded size, with its thumbnail (issue 41: all 404)', async () => {
    const pictures = await queryRows(database.db, sql`select m.storage_key, m.width, m.height, m.size from media m join products p on p.media_id = m.id`);
    expect(pictures.length).toBeGreaterThanOrEqual(12);
    for (const picture of pictures) {
      const key = String(picture.storage_key);
      const body = await storage.get(key);
      expect(body, key).not.toBeNull();
      expect(body?.length, key).toBe(Number(picture.size));
      const decoded = jpeg.decode(body as Buffer);
      expect([decoded.width, decoded.height], key).toEqual([Number(picture.width), Number(picture.height)]);
      expect(await storage.stat(thumbnailKey(key)), key).toMatchObject({ contentType: 'image/jpeg' });
    }
  });

  it('lets the POS sell every live product: only goods with a stock count run out (issue 39: membership, e-book and gifts showed "Sold out")', async () => {
    const rows = await queryRows(database.db, sql`
      select p.name, p.outofstock_allow, ${availableSql('p')} as available, bool_or(v.quantity > 0) as stocked
        from products p join product_variants v on v.product_id = p.id and v.deleted_at is null
       where p.deleted_at is null and p.is_enabled group by p.id order by p.name`);
    expect(rows.length).toBeGreaterThan(10);
    const soldOut = rows.filter((r) => Number(r.available) <= 0).map((r) => r.name);
    expect(soldOut).toEqual([]);
    for (const name of ['Annual Membership', 'Annual Report E-book', 'Gift Catalogue']) expect(rows.find((r) => r.name === name)).toMatchObject({ outofstock_allow: true });
    // A shelf item still counts its stock.
    expect(rows.find((r) => r.name === 'Coffee Mug')).toMatchObject({ outofstock_allow: false, stocked: true });
  });

  it("writes the sandbox CRM's side of every donor and gift id it hands out (issue 39: none were in the CRM)", async () => {
    const [ids] = await queryRows(database.db, sql`
      select (select count(*) from supporters where donor_id is not null)::int as donors,
             (select count(*) from supporters s where donor_id is not null and not exists (select 1 from crm_sandbox_donors d where d.id = s.donor_id::bigint))::int as donors_missing,
             (select count(*) from contributions where gift_id is not null)::int as gifts,
             (select count(*) from contributions c where gift_id is not null and not exists (select 1 from crm_sandbox_gifts g where g.id = c.gift_id::bigint and g.donor_id = c.donor_id::int))::int as gifts_missing`);
    expect(ids).toMatchObject({ donors_missing: 0, gifts_missing: 0 });
    expect(Number(ids?.donors)).toBeGreaterThan(0);
    expect(Number(ids?.gifts)).toBeGreaterThan(0);
    // As the CRM itself answers: the donor and a gift found by id, with the supporter's e-mail.
    const [someone] = await queryRows(database.db, sql`select s.donor_id, s.email, c.gift_id from supporters s join contributions c on c.donor_id = s.donor_id and c.gift_id is not null order by s.id limit 1`);
    const crm = createSandboxCrm(database.db);
    expect(await crm.findDonor(String(someone?.donor_id))).toMatchObject({ donor_id: String(someone?.donor_id), email: someone?.email ?? '' });
    expect(await crm.findGift(String(someone?.gift_id))).toMatchObject({ gift_id: String(someone?.gift_id), donor_id: String(someone?.donor_id) });
    // A gift the app pushes next gets a new id, past the seeded ones.
    const [next] = await queryRows(database.db, sql`select (select max(id) from crm_sandbox_gifts) as top, nextval(pg_get_serial_sequence('crm_sandbox_gifts', 'id')) as next`);
    expect(Number(next?.next)).toBeGreaterThan(Number(next?.top));
  });

  it('records what each demo import did: a completed one accounts for every row, a failed one says what failed (issue 41)', async () => {
    const jobs = await queryRows(database.db, sql`select status, total_rows, created_rows, updated_rows, skipped_rows, rejected_count, jsonb_array_length(rejected_rows) as listed, message from imports`);
    const completed = jobs.filter((j) => j.status === 'completed');
    expect(completed.length).toBeGreaterThan(0);
    for (const job of completed) {
      expect(Number(job.total_rows)).toBeGreaterThan(0);
      expect(Number(job.created_rows) + Number(job.updated_rows) + Number(job.skipped_rows) + Number(job.rejected_count)).toBe(Number(job.total_rows));
      expect(Number(job.listed)).toBe(Number(job.rejected_count));
    }
    const failed = jobs.filter((j) => j.status === 'failed');
    expect(failed.map((j) => j.message)).toEqual(failed.map(() => importMessages.jobFailed('Almoner')));
  });

  it('builds a believable organisation', async () => {
    expect(await count(database, 'select count(*) from supporters')).toBeGreaterThanOrEqual(500);
    expect(await count(database, 'select count(*) from supporters where account_type_id = (select id from account_types where is_organization limit 1)')).toBeGreaterThan(0);
    expect(await count(database, 'select count(*) from supporters where not is_active')).toBeGreaterThan(0);
    expect(await count(database, 'select count(*) from supporters where is_spam')).toBeGreaterThan(0);
    expect(await count(database, 'select count(*) from contributions')).toBeGreaterThanOrEqual(2000);
    expect(await count(database, "select count(*) from contributions where ordered_at < now() - interval '700 days'")).toBeGreaterThan(0);
    expect(await count(database, "select count(*) from contributions where ordered_at > now() - interval '3 days'")).toBeGreaterThan(0);
    expect(await column(database, 'select distinct status from recurring_payment_profiles order by 1')).toEqual(['Active', 'Cancelled', 'Expired', 'Suspended']);
    expect(await column(database, 'select distinct type from payments order by 1')).toEqual(['bank', 'card', 'cash', 'cheque', 'paypal', 'unknown']);
    expect(await column(database, "select distinct card_brand from payments where type = 'card' order by 1")).toEqual(['amex', 'discover', 'mastercard', 'visa']);
    expect(await column(database, 'select distinct source from contributions order by 1')).toEqual(['Import', 'Mail', 'POS', 'Phone', 'Web']);
    expect(await count(database, 'select count(*) from contributions where is_pos')).toBeGreaterThan(50);
    expect(await count(database, 'select count(*) from contributions where refunded_amount = total_amount and refunded_amount > 0')).toBeGreaterThan(10);
    expect(await count(database, 'select count(*) from contributions where refunded_amount between 1 and total_amount - 1')).toBeGreaterThan(5);
  });

  it('covers the catalogue, sponsorships, receipts and content', async () => {
    const at = async (table: string, where = 'true') => count(database, `select count(*) from ${table} where ${where}`);
    expect(await at('product_variants', 'is_donation and price_presets is not null')).toBeGreaterThan(0);
    expect(await at('product_variants', 'not is_donation and quantity > 0')).toBeGreaterThan(0);
    expect(await at('product_variants', 'membership_id is not null')).toBeGreaterThan(0);
    expect(await at('product_variants', 'file_id is not null')).toBeGreaterThan(0);
    expect(await at('contribution_items', 'variant_id is not null')).toBeGreaterThan(0);
    expect(await at('contribution_items', 'sponsorship_id is not null')).toBeGreaterThan(0);
    expect(await at('contribution_items', 'fundraising_page_id is not null')).toBeGreaterThan(0);
    expect(await at('sponsorships')).toBeGreaterThanOrEqual(40);
    expect(await at('sponsors')).toBeGreaterThan(0);
    expect(await at('timeline_posts')).toBeGreaterThan(40);
    expect(await column(database, 'select distinct status from tax_receipts order by 1')).toEqual(['draft', 'issued', 'void']);
    expect(await column(database, 'select distinct notify from tributes where notify is not null order by 1')).toEqual(['email', 'letter']);
    for (const table of ['tribute_types', 'account_types', 'memberships', 'payment_option_groups', 'payment_options', 'segments',
      'segment_items', 'product_categories', 'promo_codes', 'fundraising_pages', 'notes', 'webhooks', 'pages', 'theme_assets', 'feed_posts']) {
      expect(await at(table), table).toBeGreaterThan(0);
    }
  });

  it("writes each contribution's first history event from its payment state, for every payment state", async () => {
    const firsts = (await queryRows(database.db, sql`
      select c.id, c.paid_at, c.payment_status,
             (select h.event from contribution_status_history h where h.contribution_id = c.id order by h.occurred_at, h.id limit 1) as event
        from contributions c`)) as { id: number; paid_at: string | null; payment_status: string | null; event: string }[];
    const seen = new Set<string>();
    for (const row of firsts) {
      const state = paymentStateOf(row);
      seen.add(state);
      // A pending bank payment is "Awaiting payment" in the history too, never "Paid".
      expect(row.event, `contribution ${row.id} (${state})`).toBe(paymentEventOf(state));
    }
    expect([...seen].sort()).toEqual(['failed', 'paid', 'pending', 'unpaid']);
  });

  it('gives a donor two saved cards, one of them the default, and no donor two defaults (issue 36)', async () => {
    expect(await count(database, `select count(*) from (select supporter_id from payment_methods where use_as_default group by supporter_id having count(*) > 1) x`)).toBe(0);
    expect(await count(database, `select count(*) from (select supporter_id from payment_methods where type = 'card' and status = 'ACTIVE'
      group by supporter_id having count(*) = 2 and count(*) filter (where use_as_default) = 1) x`)).toBeGreaterThan(0);
  });

  it('keeps every reference and every stored aggregate consistent', async () => {
    expect(await findOrphans(database)).toEqual([]);
    expect(await lifetimeMismatches(database)).toEqual([]);
    expect(await count(database, `select count(*) from contributions c where paid_at is not null and total_amount > 0
      and not exists (select 1 from payment_links l join payments p on p.id = l.payment_id
                       where l.contribution_id = c.id and p.status in ('succeeded', 'pending') and p.amount = c.total_amount)`)).toBe(0);
    expect(await count(database, `select count(*) from contributions c where total_amount <> subtotal_amount + shipping_amount + tax_amount + dcc_amount
      or subtotal_amount <> (select coalesce(sum(total), 0) from contribution_items i where i.contribution_id = c.id)`)).toBe(0);
    expect(await count(database, `select count(*) from contributions c where refunded_amount <> coalesce((select sum(r.amount) from refunds r
      join payment_links l on l.payment_id = r.payment_id where l.contribution_id = c.id), 0)`)).toBe(0);
    // Partial refunds traced to items: the lines add up to the refund, each on the refund's own contribution.
    expect(await count(database, 'select count(distinct refund_id) from refund_items')).toBeGreaterThan(0);
    expect(await count(database, `select count(*) from refunds r where exists (select 1 from refund_items ri where ri.refund_id = r.id)
      and (r.amount <> (select sum(ri.amount) from refund_items ri where ri.refund_id = r.id)
           or exists (select 1 from refund_items ri join contribution_items ci on ci.id = ri.contribution_item_id
                      where ri.refund_id = r.id and ci.contribution_id not in (select contribution_id from payment_links l where l.payment_id = r.payment_id)))`)).toBe(0);
    expect(await count(database, 'select count(*) from supporters s where exists (select 1 from contributions c where c.supporter_id = s.id and c.ordered_at < s.created_at)')).toBe(0);
    expect(await count(database, 'select count(*) from recurring_payment_profiles where contribution_id is null or contribution_item_id is null')).toBe(0);
  });

  it('writes nothing to the audit trail and leaves sequences past the seeded ids', async () => {
    expect(await count(database, 'select count(*) from audit_log')).toBe(0);
    const { rows } = await database.execute("insert into notes (commentable_type, commentable_id, body) values ('supporter', 1, 'x') returning id");
    expect(Number(rows[0]?.id)).toBeGreaterThan(await count(database, 'select count(*) from notes') - 1);
  });

  it('seeds only an empty database', async () => {
    expect(await seedDemoIfEmpty(database, quiet)).toBe(false);
  });
});

describe('the generator', () => {
  it('is deterministic: two fresh databases get the same data', async () => {
    const scale = scaleFor(600, 150);
    const figures = [];
    for (let run = 0; run < 2; run++) {
      const database = await createTestDatabase();
      try {
        await seedDemoIfEmpty(database, quiet, scale);
        figures.push(await keyFigures(database));
      } finally {
        await database.close();
      }
    }
    expect(figures[0]?.contributions).toBe('600');
    expect(figures[1]).toEqual(figures[0]);
  }, SEEDING);

  // As for a role that may not skip triggers: foreign keys are checked on every slice
  // (parents must be written first) and the audit trigger runs, told to stay quiet.
  it('writes parents first, slice after slice, with foreign keys and the audit trigger on', async () => {
    const database = await createTestDatabase();
    try {
      const run: Runner = (work) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('almoner.audit', 'off', true)`);
          return work(tx);
        });
      await generateOrganisation(database, { scale: { ...scaleFor(900, 200), chunkSize: 150 }, run, log: quiet });
      expect(await count(database, 'select count(*) from contributions')).toBe(900);
      expect(await count(database, 'select count(*) from recurring_transactions')).toBeGreaterThan(0);
      expect(await count(database, 'select count(*) from audit_log')).toBe(0);
      expect(await findOrphans(database)).toEqual([]);
    } finally {
      await database.close();
    }
  }, SEEDING);
});

describe('the demo seed with the app key', () => {
  it('gives saved cards and bank accounts sandbox tokens that the recurring billing job charges', async () => {
    const database = await createTestDatabase();
    try {
      const appKey = randomBytes(32);
      await seedDemoIfEmpty(database, quiet, scaleFor(600, 150), appKey);
      expect(await count(database, "select count(*) from payment_methods where type in ('card', 'bank') and token is null")).toBe(0);
      expect(await count(database, "select count(*) from payment_methods where type = 'paypal' and token is not null")).toBe(0);
      const deps = { appKey, gateway: async (tx: Tx) => createSandboxGateway(database.kind === 'postgres' ? database.db : (tx as unknown as Db)) };
      const today = new Date().toISOString().slice(0, 10);
      for (const type of ['card', 'bank']) {
        const [profile] = await queryRows(database.db, sql`
          select rp.id from recurring_payment_profiles rp join payment_methods m on m.id = rp.payment_method_id
           where rp.status = 'Active' and not rp.is_manual and not rp.is_locked and m.type = ${type} and m.status = 'ACTIVE' order by rp.id limit 1`);
        const id = Number(profile!.id);
        await database.db.execute(sql`update recurring_payment_profiles set next_billing_date = ${today}, next_attempt_date = null where id = ${id}`);
        expect(await billProfile(database, deps, id, today), type).toBe('charged');
        const [entry] = await queryRows(database.db, sql`select kind, status from sandbox_ledger where idempotency_key like ${`recurring:${id}:%`}`);
        expect(entry).toMatchObject(type === 'card' ? { kind: 'charge', status: 'succeeded' } : { kind: 'ach_debit', status: 'pending' });
      }
    } finally {
      await database.close();
    }
  }, SEEDING);
});
