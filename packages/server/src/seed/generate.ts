import type { Storage } from '../integrations/storage/index.ts';
import { getOrgMoneySettings } from '../modules/settings/settings.service.ts';
import { base, en, en_US, Faker } from '@faker-js/faker';
import { getTableColumns, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Queryable } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { users } from '../modules/users/users.tables.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { insertAccounts } from './accounts.ts';
import { insertCatalog } from './catalog.ts';
import { insertContent } from './content.ts';
import { insertThemeVersions } from './theme-versions.ts';
import { DAY, type SeedContext } from './context.ts';
import { writeContributions } from './contributions.ts';
import { deriveAggregates } from './derive.ts';
import { insertCampaigns } from './campaigns.ts';
import { insertExtras } from './extras.ts';
import { insertBatches } from './batches.ts';
import { insertFundraisingPages } from './fundraising.ts';
import { buildSupporters } from './people.ts';
import { planContributions } from './plan.ts';
import { Rng } from './prng.ts';
import { insertReference } from './reference.ts';
import type { Scale } from './scale.ts';
import { insertSandboxCrm } from './sandbox-crm.ts';
import { insertSponsees } from './sponsees.ts';
import { IdAllocator, resetSequences, rowsOf, type Runner } from './writer.ts';

export const SEED = 20_240_917;

const CORE = new Set<unknown>([schema.users, schema.sessions, schema.authThrottle, schema.settings, schema.auditLog]);

/** Every table of the data model (the core tables belong to auth, settings and audit). */
export const GENERATED_TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => value instanceof PgTable && !CORE.has(value),
);
/** The generated tables with a serial id, which the generator fills with explicit ids (not a text id such as Stripe's event ids). */
export const SEEDED_TABLES = GENERATED_TABLES.filter((table) => getTableColumns(table).id?.dataType === 'number');

export type GenerateOptions = {
  scale: Scale;
  run: Runner;
  log: (line: string) => void;
  /** The runner opens a transaction per call, so slices may be written side by side. */
  concurrent?: boolean;
  /** The server's app key, to seal the demo saved methods' sandbox tokens (see saved-methods.ts). */
  appKey?: Buffer | undefined;
  /** Where the files the demo links (product pictures) are written; none: rows only. */
  storage?: Storage | undefined;
};

/**
 * Generates a whole organisation: catalogue, supporters, sponsees, fundraising pages, two years
 * of contributions with their payments, receipts and recurring profiles, and the site content.
 * Deterministic: the same scale on an empty database gives the same data (dates are relative
 * to today).
 */
export async function generateOrganisation(database: Database, options: GenerateOptions): Promise<void> {
  const started = Date.now();
  const ctx = await createContext(database, options);
  const { reference, catalog } = await ctx.run(async (q) => {
    const ref = await insertReference(ctx, q);
    return { reference: ref, catalog: await insertCatalog(ctx, q, ref) };
  });
  const people = buildSupporters(ctx, reference);
  const sponsees = await ctx.run((q) => insertSponsees(ctx, q, reference));
  const plan = planContributions(ctx, people, sponsees, catalog);
  ctx.log(`planned ${plan.count.toLocaleString('en-US')} contributions, ${plan.profiles.length.toLocaleString('en-US')} recurring profiles`);
  await insertAccounts(ctx, people, plan.methods, reference);
  const pages = await ctx.run((q) => insertFundraisingPages(ctx, q, people, catalog));
  await writeContributions({ ctx, reference, catalog, people, sponsees, pages, plan, profileSources: [] });
  await ctx.run(async (q) => {
    await insertExtras(ctx, q, { people, sponsees, plan, catalog });
    await insertBatches(ctx, q);
    await insertCampaigns(ctx, q);
    await insertContent(ctx, q, catalog);
    await insertThemeVersions(ctx, q);
  });
  const deriving = Date.now();
  await ctx.run(async (q) => {
    await deriveAggregates(q);
    await resetSequences(q, SEEDED_TABLES);
    await insertSandboxCrm(q);
  });
  ctx.log(`lifetime giving and other aggregates: ${((Date.now() - deriving) / 1000).toFixed(1)} s`);
  if (options.storage) {
    for (const file of ctx.files) await options.storage.put(file.key, file.body, file.contentType);
    ctx.log(`${ctx.files.length} demo files stored`);
  }
  ctx.log(`demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function createContext(database: Database, options: GenerateOptions): Promise<SeedContext> {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(SEED);
  const now = Math.floor(Date.now() / DAY) * DAY;
  // Faker's own dates would follow the clock; pin its reference so "recent" means today.
  faker.setDefaultRefDate(new Date(now));
  const ids = await options.run((q) => IdAllocator.load(q, SEEDED_TABLES));
  const staff = await options.run((q) => ensureStaff(q));
  // Through the runner: on PGlite a query beside the open seeding transaction would wait for it forever.
  const [role] = rowsOf(await options.run((q) => q.execute(sql`select current_setting('is_superuser') as superuser`)));
  const serial = database.kind === 'pglite';
  const money = await options.run((q) => getOrgMoneySettings(q));
  return {
    currency: money.currency, timeZone: money.timeZone, appKey: options.appKey ?? null,
    database, run: options.run, ids, scale: options.scale, rng: new Rng(SEED), faker, now, staff,
    serial, writeLanes: options.concurrent && !serial && role?.superuser === 'on' ? 2 : 1, log: options.log, files: [],
  };
}

const COLLEAGUES = [
  { firstName: 'Jordan', lastName: 'Rivera', email: 'jordan.rivera@almoner.test' },
  { firstName: 'Sam', lastName: 'Okafor', email: 'sam.okafor@almoner.test' },
];

/**
 * Staff who "did" things in the demo (POS entries, notes, refunds): the existing users plus two
 * colleagues whose password nobody knows (they cannot sign in until an admin resets it).
 */
async function ensureStaff(q: Queryable): Promise<number[]> {
  const existing = rowsOf(await q.execute(sql`select id, lower(email) as email from users where deleted_at is null order by id`));
  const emails = new Set(existing.map((row) => String(row.email)));
  const missing = COLLEAGUES.filter((c) => !emails.has(c.email));
  if (missing.length > 0) {
    const passwordHash = await hashPassword(new Rng(Date.now()).uuid());
    await q.insert(users).values(missing.map((c) => ({ ...c, passwordHash, permissions: ['order.view', 'member.view', 'pos.edit'] })));
  }
  const all = rowsOf(await q.execute(sql`select id from users where deleted_at is null order by id`));
  return all.map((row) => Number(row.id));
}
