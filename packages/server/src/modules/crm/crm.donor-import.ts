import { crmMessages, donorImportMessages, type DonorImportRun } from '@almoner/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { withActor, type Actor } from '../../db/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { CrmRecord } from '../../integrations/crm/crm.ts';
import { CrmError } from '../../integrations/crm/crm.ts';
import { randomToken } from '../auth/crypto.ts';
import { hashPassword } from '../auth/passwords.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import { defineJob, enqueue } from '../jobs/jobs.queue.ts';
import { countryCodeFor } from '../locale/locale.service.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { accountTypes, supporters } from '../supporters/supporters.tables.ts';
import { users } from '../users/users.tables.ts';
import { crmFor } from './crm.connection.ts';
import { crmEnabled } from './crm.service.ts';
import { crmDonorImports } from './crm.tables.ts';

/** Donors read and applied per transaction: a crash loses at most one page, which the retry redoes. */
export const DONOR_PAGE = 200;

type Supporter = typeof supporters.$inferSelect;
type Row = typeof crmDonorImports.$inferSelect;

/** A CRM value fitted to a column: blank is no value; too long for the column is no value either (never cut). */
const fit = (value: string | undefined, max: number): string | null => {
  const v = (value ?? '').trim();
  return v && v.length <= max ? v : null;
};

const toRun = (r: Row & { startedByName?: string | null }): DonorImportRun => ({
  id: r.id,
  status: r.status as DonorImportRun['status'],
  create_login: r.createLogin,
  progress: r.status === 'complete' ? 100 : r.total > 0 ? Math.min(99, Math.floor((r.read / r.total) * 100)) : 0,
  read: r.read,
  created: r.created,
  updated: r.updated,
  logins: r.logins,
  error: r.error,
  started_by: r.startedByName ?? null,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});

async function readRun(q: Queryable, where: ReturnType<typeof eq> | undefined): Promise<DonorImportRun | null> {
  const [row] = await q
    .select({ run: crmDonorImports, first: users.firstName, last: users.lastName })
    .from(crmDonorImports)
    .leftJoin(users, eq(users.id, crmDonorImports.startedBy))
    .where(where)
    .orderBy(desc(crmDonorImports.id))
    .limit(1);
  if (!row) return null;
  const name = [row.first, row.last].filter(Boolean).join(' ') || null;
  return toRun({ ...row.run, startedByName: name });
}

export const latestDonorImport = (q: Queryable) => readRun(q, undefined);

export async function getDonorImport(q: Queryable, id: number): Promise<DonorImportRun> {
  const run = await readRun(q, eq(crmDonorImports.id, id));
  if (!run) throw new AppError('not_found', donorImportMessages.notFound);
  return run;
}

/**
 * Starts an import unless one is queued or running (one at a time: two would race on the same
 * supporters). The run and its job are made in one transaction, so neither exists without the other.
 */
export async function startDonorImport(db: Db, actor: Actor, createLogin: boolean): Promise<{ run: DonorImportRun; started: boolean }> {
  if (!(await crmEnabled(db))) throw new AppError('validation', crmMessages.disabled);
  return withActor(db, actor, async (tx) => {
    // Serialises two clicks at once: the second waits, then sees the first run.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('crm_donor_import'))`);
    const [busy] = await tx.select({ id: crmDonorImports.id }).from(crmDonorImports).where(inArray(crmDonorImports.status, ['queued', 'running'])).limit(1);
    if (busy) return { run: await getDonorImport(tx, busy.id), started: false };
    const [made] = await tx.insert(crmDonorImports).values({ createLogin, startedBy: actor.userId }).returning({ id: crmDonorImports.id });
    const id = (made as { id: number }).id;
    await enqueue(tx, donorImportJob, { import_id: id }, { singletonKey: `crm_donor_import:${id}` });
    return { run: await getDonorImport(tx, id), started: true };
  });
}

/**
 * `loginHash` is the hash of a random password made for this run and forgotten at once: every
 * login the run makes starts with it, and nobody can sign in with it. One argon2 hash per run, not
 * per supporter, keeps a CRM of ten thousand donors from spending minutes hashing.
 */
type Defaults = { accountTypeId: number | null; currency: string; loginHash: string | null };

type Known = { byDonor: Map<string, Supporter>; byEmail: Map<string, Supporter> };

/** The supporters a page of donors may match, read in two queries rather than two per donor. */
async function knownFor(tx: Tx, page: CrmRecord[]): Promise<Known> {
  const ids = page.map((d) => fit(d.donor_id, 45)).filter((v): v is string => v !== null);
  const emails = page.map((d) => fit(d.email, 45)?.toLowerCase()).filter((v): v is string => !!v);
  const linked = ids.length ? await tx.select().from(supporters).where(inArray(supporters.donorId, ids)).orderBy(desc(supporters.id)) : [];
  const unlinked = emails.length
    ? await tx.select().from(supporters).where(and(inArray(sql`lower(${supporters.email})`, emails), isNull(supporters.donorId))).orderBy(desc(supporters.id))
    : [];
  // Ordered newest first, so the map keeps the oldest supporter for each key.
  return {
    byDonor: new Map(linked.map((s) => [s.donorId as string, s])),
    byEmail: new Map(unlinked.map((s) => [(s.email as string).toLowerCase(), s])),
  };
}

/**
 * One donor: the supporter linked to its donor id, else the one with its e-mail (linked now),
 * else a new supporter. An existing supporter only gains what it lacks: the CRM never overwrites
 * what staff typed here.
 */
async function applyDonor(tx: Tx, donor: CrmRecord, known: Known, defaults: Defaults): Promise<{ outcome: 'created' | 'updated' | 'same'; login: boolean }> {
  const donorId = fit(donor.donor_id, 45);
  if (!donorId) return { outcome: 'same', login: false };
  const email = fit(donor.email, 45);
  const country = donor.country ? (countryCodeFor(donor.country) ?? null) : null;
  const values = {
    firstName: fit(donor.first_name, 45),
    lastName: fit(donor.last_name, 45),
    email,
    billFirstName: fit(donor.first_name, 45),
    billLastName: fit(donor.last_name, 45),
    billEmail: email,
    billAddress01: fit(donor.address, 450),
    billCity: fit(donor.city, 45),
    billState: fit(donor.state, 45),
    billZip: fit(donor.zip, 45),
    billCountry: country,
  } satisfies Partial<Supporter>;

  const byEmail = email ? known.byEmail.get(email.toLowerCase()) : undefined;
  const match = known.byDonor.get(donorId) ?? (byEmail && !byEmail.donorId ? byEmail : undefined);

  if (match) {
    const set: Record<string, unknown> = {};
    for (const [col, value] of Object.entries(values)) if (value !== null && (match[col as keyof Supporter] === null || match[col as keyof Supporter] === '')) set[col] = value;
    if (!match.donorId) set.donorId = donorId;
    if (!match.displayName && (set.firstName || set.lastName)) set.displayName = [values.firstName, values.lastName].filter(Boolean).join(' ');
    if (!Object.keys(set).length) return { outcome: 'same', login: false };
    await tx.update(supporters).set({ ...set, updatedAt: new Date() }).where(eq(supporters.id, match.id));
    // Linked now: a second donor with the same e-mail makes its own supporter.
    Object.assign(match, set);
    known.byDonor.set(donorId, match);
    await recordEvent(tx, 'supporter.updated', { supporter_id: match.id, changes: Object.keys(set) });
    return { outcome: 'updated', login: false };
  }

  // A login nobody knows the password of: the supporter sets one with the giving site's reset link.
  const login = email !== null && defaults.loginHash !== null;
  const [created] = await tx
    .insert(supporters)
    .values({
      ...values,
      donorId,
      displayName: [values.firstName, values.lastName].filter(Boolean).join(' ') || null,
      accountTypeId: defaults.accountTypeId,
      currencyCode: defaults.currency,
      signUpMethod: 'donor_crm',
      ...(login ? { passwordHash: defaults.loginHash } : {}),
    })
    .returning({ id: supporters.id });
  await recordEvent(tx, 'supporter.created', { supporter_id: (created as { id: number }).id, email });
  return { outcome: 'created', login };
}

/**
 * Reads the CRM a page at a time after the stored cursor and applies each page in one
 * transaction with the new cursor and counts: a retry after a crash resumes at the first page
 * not committed, and a page applied twice changes nothing the second time.
 */
export async function runDonorImport(db: Db, importId: number): Promise<void> {
  const [row] = await db.select().from(crmDonorImports).where(eq(crmDonorImports.id, importId));
  if (!row || row.status === 'complete' || row.status === 'failed') return;
  const { crm } = await crmFor(db);
  const total = await crm.countDonors();
  await db.update(crmDonorImports).set({ status: 'running', total }).where(eq(crmDonorImports.id, importId));
  const [type] = await db.select({ id: accountTypes.id }).from(accountTypes).where(eq(accountTypes.isDefault, true)).limit(1);
  const { currency } = await getOrgMoneySettings(db);
  const defaults: Defaults = { accountTypeId: type?.id ?? null, currency, loginHash: row.createLogin ? await hashPassword(randomToken(32)) : null };
  let cursor = row.cursor;
  for (;;) {
    const page = await crm.listDonors(cursor, DONOR_PAGE);
    if (!page.length) break;
    await db.transaction(async (tx) => {
      const counts = { created: 0, updated: 0, logins: 0 };
      const known = await knownFor(tx, page);
      for (const donor of page) {
        const { outcome, login } = await applyDonor(tx, donor, known, defaults);
        if (outcome === 'created') counts.created++;
        if (outcome === 'updated') counts.updated++;
        if (login) counts.logins++;
      }
      cursor = page[page.length - 1]?.donor_id ?? cursor;
      await tx
        .update(crmDonorImports)
        .set({
          cursor,
          read: sql`${crmDonorImports.read} + ${page.length}`,
          created: sql`${crmDonorImports.created} + ${counts.created}`,
          updated: sql`${crmDonorImports.updated} + ${counts.updated}`,
          logins: sql`${crmDonorImports.logins} + ${counts.logins}`,
        })
        .where(eq(crmDonorImports.id, importId));
    });
    if (page.length < DONOR_PAGE) break;
  }
  await db.update(crmDonorImports).set({ status: 'complete', finishedAt: new Date() }).where(eq(crmDonorImports.id, importId));
}

/** The incumbent allows 20 minutes; a run still going then is taken as lost and resumed from its cursor. */
export const donorImportJob = defineJob<{ import_id: number }>({
  name: 'crm_donor_import',
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 20 * 60,
  handler: async (run) => {
    const db = run.database.db;
    try {
      await runDonorImport(db, run.data.import_id);
    } catch (error) {
      const refused = error instanceof CrmError && error.kind === 'refused';
      if (refused || run.retryCount >= run.retryLimit) {
        const message = error instanceof CrmError ? error.message : 'The donor import stopped on an unexpected error.';
        await db.update(crmDonorImports).set({ status: 'failed', error: message.slice(0, 500), finishedAt: new Date() }).where(eq(crmDonorImports.id, run.data.import_id));
        if (refused) await run.giveUp();
      }
      throw error;
    }
  },
});
