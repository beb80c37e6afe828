import { checkImportRow, importMessages, type ImportValue, TIMELINE_TAGS } from '@almoner/contracts';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { sponsorships } from '../sponsorships/sponsorships.tables.ts';
import { createPost } from '../timeline/timeline.service.ts';
import { timelinePosts } from '../timeline/timeline.tables.ts';
import type { Tx } from '../../db/client.ts';
import { decrypt } from '../auth/crypto.ts';
import { hashPassword } from '../auth/passwords.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import { defineJob } from '../jobs/jobs.queue.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { accountTypes, memberships, supporterMemberships, supporters } from '../supporters/supporters.tables.ts';
import { importRows, imports } from './imports.tables.ts';
import { configuredImportKey } from './imports.settings.ts';

/** Rows applied per transaction: a crash loses at most one batch's work, which the retry redoes. */
export const IMPORT_BATCH = 100;

/** Spreadsheet key → supporters column, for the plain text fields. */
const SUPPORTER_TEXT: Record<string, keyof typeof supporters.$inferInsert> = {
  first_name: 'firstName',
  last_name: 'lastName',
  bill_organization_name: 'billOrganizationName',
  email: 'email',
  donor_id: 'donorId',
  sf_id: 'sfId',
  referral_source: 'referralSource',
};
for (const prefix of ['bill', 'ship'] as const) {
  for (const [key, col] of [
    ['title', 'Title'], ['first_name', 'FirstName'], ['last_name', 'LastName'], ['address_01', 'Address01'], ['address_02', 'Address02'],
    ['city', 'City'], ['state', 'State'], ['country', 'Country'], ['zip', 'Zip'], ['email', 'Email'], ['phone', 'Phone'],
  ] as const) {
    SUPPORTER_TEXT[`${prefix}_${key}`] = `${prefix}${col}`;
  }
}

type Lookups = {
  accountTypes: Map<string, { id: number; isOrganization: boolean; name: string }>;
  defaultAccountType: { id: number; isOrganization: boolean } | null;
  memberships: Map<string, { id: number; name: string }>;
  currency: string;
  today: string;
};

type Supporter = typeof supporters.$inferSelect;

/** Matching order (issue 15): id (donor CRM id, then Salesforce id), then e-mail, then name and address. */
async function findSupporter(tx: Tx, v: Record<string, ImportValue>): Promise<Supporter | null> {
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);
  const tries = [
    str('donor_id') && eq(supporters.donorId, str('donor_id') as string),
    str('sf_id') && eq(supporters.sfId, str('sf_id') as string),
    str('email') && sql`lower(${supporters.email}) = ${(str('email') as string).toLowerCase()}`,
    str('first_name') && str('last_name') && str('bill_address_01')
      ? and(
          sql`lower(${supporters.firstName}) = ${(str('first_name') as string).toLowerCase()}`,
          sql`lower(${supporters.lastName}) = ${(str('last_name') as string).toLowerCase()}`,
          sql`lower(${supporters.billAddress01}) = ${(str('bill_address_01') as string).toLowerCase()}`,
          str('bill_zip') ? sql`lower(coalesce(${supporters.billZip}, '')) = ${(str('bill_zip') as string).toLowerCase()}` : undefined,
        )
      : null,
  ];
  for (const where of tries) {
    if (!where) continue;
    const [found] = await tx.select().from(supporters).where(where).orderBy(asc(supporters.id)).limit(1);
    if (found) return found;
  }
  return null;
}

type RowResult = {
  outcome: 'created' | 'updated' | 'skipped' | 'rejected';
  recordId: number | null;
  errors?: Record<string, string[]>;
  previous?: Record<string, unknown> | null;
  stamp?: Date | null;
  note?: string | null;
};

/** One supporter row: match, then create, update or skip as the import says. */
async function applySupporter(
  tx: Tx,
  job: { mode: string; dryRun: boolean },
  row: typeof importRows.$inferSelect,
  lookups: Lookups,
): Promise<RowResult> {
  // The server's own check again: the staged row is what counts, never the browser's verdict.
  const check = checkImportRow('supporters', row.raw as Record<string, string>, { today: lookups.today });
  const errors = { ...check.errors };
  const v = check.values;
  const typeName = typeof v.account_type === 'string' ? v.account_type : null;
  const type = typeName ? lookups.accountTypes.get(typeName.toLowerCase()) : lookups.defaultAccountType;
  if (typeName && !type) errors.account_type = [importMessages.segmentValue(typeName, [...lookups.accountTypes.values()].map((t) => t.name))];
  const membershipName = typeof v.membership_name === 'string' ? v.membership_name : null;
  const membership = membershipName ? lookups.memberships.get(membershipName.toLowerCase()) : null;
  if (membershipName && !membership) errors.membership_name = [importMessages.segmentValue(membershipName, [...lookups.memberships.values()].map((m) => m.name))];
  if (Object.keys(errors).length) return { outcome: 'rejected', recordId: null, errors };

  const set: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(SUPPORTER_TEXT)) if (typeof v[key] === 'string') set[col] = v[key];
  if (typeof v.email_opt_in === 'boolean') set.emailOptIn = v.email_opt_in;
  if (type) set.accountTypeId = type.id;

  const match = await findSupporter(tx, v);
  if (match && job.mode === 'skip') return { outcome: 'skipped', recordId: match.id, note: 'matched an existing supporter' };
  const updating = match && job.mode === 'update';
  if (job.dryRun) return { outcome: updating ? 'updated' : 'created', recordId: updating ? match.id : null };

  // Hashed here, one at a time (the job runs one import at a time): a bounded rate of argon2 work.
  const passwordHash = row.sealedSecret ? await hashPassword(decrypt(configuredImportKey(), row.sealedSecret)) : null;
  if (passwordHash) set.passwordHash = passwordHash;
  const stamp = new Date();

  if (updating) {
    const previous: Record<string, unknown> = {};
    for (const col of Object.keys(set)) previous[col] = match[col as keyof Supporter];
    previous.updatedAt = match.updatedAt.toISOString();
    const first = (set.firstName as string | undefined) ?? match.firstName;
    const last = (set.lastName as string | undefined) ?? match.lastName;
    const org = (set.billOrganizationName as string | undefined) ?? match.billOrganizationName;
    const isOrg = type ? type.isOrganization : false;
    previous.displayName = match.displayName;
    set.displayName = isOrg && org ? org : [first, last].filter(Boolean).join(' ') || match.displayName;
    await tx.update(supporters).set({ ...set, updatedAt: stamp }).where(eq(supporters.id, match.id));
    const changes = Object.keys(set).filter((k) => k !== 'passwordHash');
    await recordEvent(tx, 'supporter.updated', { supporter_id: match.id, changes });
    return { outcome: 'updated', recordId: match.id, previous, stamp };
  }

  const isOrg = type?.isOrganization ?? false;
  const displayName = isOrg && typeof v.bill_organization_name === 'string'
    ? v.bill_organization_name
    : [v.first_name, v.last_name].filter((x) => typeof x === 'string').join(' ') || null;
  const [created] = await tx
    .insert(supporters)
    .values({
      ...(set as Partial<typeof supporters.$inferInsert>),
      displayName,
      currencyCode: lookups.currency,
      signUpMethod: 'import',
      ...(typeof v.created_at === 'string' ? { createdAt: new Date(`${v.created_at}T00:00:00Z`) } : {}),
      updatedAt: stamp,
    })
    .returning({ id: supporters.id });
  const id = (created as { id: number }).id;
  if (membership) {
    await tx.insert(supporterMemberships).values({
      supporterId: id,
      membershipId: membership.id,
      startsOn: typeof v.membership_starts_on === 'string' ? v.membership_starts_on : lookups.today,
      expiresOn: typeof v.membership_expires_on === 'string' ? v.membership_expires_on : null,
      source: 'import',
    });
  }
  await recordEvent(tx, 'supporter.created', { supporter_id: id, email: typeof v.email === 'string' ? v.email : null });
  return { outcome: 'created', recordId: id, stamp };
}

/** One timeline row: the sponsorship by reference number, then a post through the timeline's own service. */
async function applyTimeline(
  tx: Tx,
  job: { dryRun: boolean; createdBy: number | null },
  row: typeof importRows.$inferSelect,
): Promise<RowResult> {
  const check = checkImportRow('sponsorships-timeline', row.raw as Record<string, string>);
  const errors = { ...check.errors };
  const v = check.values;
  const tagText = typeof v.tag === 'string' ? v.tag.toLowerCase() : 'general';
  const tag = TIMELINE_TAGS.find((x) => x === tagText);
  if (!tag && !errors.tag) errors.tag = [importMessages.segmentValue(String(v.tag), TIMELINE_TAGS)];
  const reference = typeof v.reference_number === 'string' ? v.reference_number : null;
  const [sponsorship] = reference
    ? await tx
        .select({ id: sponsorships.id })
        .from(sponsorships)
        .where(and(sql`lower(${sponsorships.referenceNumber}) = ${reference.toLowerCase()}`, isNull(sponsorships.deletedAt)))
    : [];
  if (reference && !sponsorship && !errors.reference_number) errors.reference_number = [noSponsorship(reference)];
  if (Object.keys(errors).length || !sponsorship || !tag) return { outcome: 'rejected', recordId: null, errors };
  if (job.dryRun) return { outcome: 'created', recordId: null };
  const { id } = await createPost(tx, job.createdBy, {
    parent_type: 'sponsorship',
    parent_id: sponsorship.id,
    headline: v.headline as string,
    message: v.message as string,
    tag,
    posted_on: v.posted_on as string,
    is_private: v.is_private === true,
    notify_sponsors: v.notify_sponsors === true,
    media: [],
  });
  const [post] = await tx.select({ updatedAt: timelinePosts.updatedAt }).from(timelinePosts).where(eq(timelinePosts.id, id));
  return { outcome: 'created', recordId: id, stamp: post?.updatedAt ?? null };
}

/** The reference number names no sponsorship (ours). */
export const noSponsorship = (reference: string) => `No sponsorship has the reference number ${reference}.`;

async function loadLookups(tx: Tx): Promise<Lookups> {
  const types = await tx.select().from(accountTypes).orderBy(asc(accountTypes.sequence), asc(accountTypes.id));
  const levels = await tx.select().from(memberships).where(sql`${memberships.deletedAt} is null`).orderBy(asc(memberships.sequence), asc(memberships.id));
  const { currency, timeZone } = await getOrgMoneySettings(tx);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const def = types.find((t) => t.isDefault) ?? null;
  return {
    accountTypes: new Map(types.map((t) => [t.name.toLowerCase(), { id: t.id, isOrganization: t.isOrganization, name: t.name }])),
    defaultAccountType: def ? { id: def.id, isOrganization: def.isOrganization } : null,
    memberships: new Map(levels.map((m) => [m.name.toLowerCase(), { id: m.id, name: m.name }])),
    currency,
    today,
  };
}

/** Counts, rejected rows and the closing message, from import_rows (the one truth). */
export async function finishImport(tx: Tx, importId: number, status: 'completed' | 'failed', failure?: string): Promise<void> {
  const counts = await tx
    .select({ outcome: importRows.outcome, n: sql<number>`count(*)::int` })
    .from(importRows)
    .where(eq(importRows.importId, importId))
    .groupBy(importRows.outcome);
  const n = (o: string) => counts.find((c) => c.outcome === o)?.n ?? 0;
  const rejected = await tx
    .select({ raw: importRows.raw, errors: importRows.errors, rowNumber: importRows.rowNumber })
    .from(importRows)
    .where(and(eq(importRows.importId, importId), eq(importRows.outcome, 'rejected')))
    .orderBy(asc(importRows.rowNumber))
    .limit(1000);
  const [job] = await tx.select({ dryRun: imports.dryRun }).from(imports).where(eq(imports.id, importId));
  const summary = `${job?.dryRun ? 'Dry run: would create' : 'Created'} ${n('created')}, ${job?.dryRun ? 'update' : 'updated'} ${n('updated')}, ${job?.dryRun ? 'skip' : 'skipped'} ${n('skipped')}, ${job?.dryRun ? 'reject' : 'rejected'} ${n('rejected')}.`;
  await tx
    .update(imports)
    .set({
      status,
      progress: 100,
      createdRows: n('created'),
      updatedRows: n('updated'),
      skippedRows: n('skipped'),
      rejectedCount: n('rejected'),
      importedRows: n('created') + n('updated'),
      rejectedRows: rejected.map((r) => ({ row: { row: r.rowNumber, ...r.raw }, errors: r.errors })),
      message: status === 'failed' ? (failure ?? null) : summary,
      completedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(imports.id, importId));
}

/**
 * Applies a staged import in the background: batches of rows, one transaction each (recorded as
 * done with the batch, so a retry after a crash resumes where it stopped), progress from 10% to 100%.
 */
export const importApplyJob = defineJob<{ importId: number }>({
  name: 'import_apply',
  retryLimit: 3,
  expireInSeconds: 4 * 60 * 60,
  concurrency: 1,
  handler: async (run) => {
    const { db } = run.database;
    const importId = run.data.importId;
    const [job] = await db.select().from(imports).where(eq(imports.id, importId));
    if (!job || job.status !== 'processing') return;
    if (job.kind !== 'supporters' && job.kind !== 'sponsorships-timeline') {
      await run.giveUp();
      await db.transaction((tx) => finishImport(tx, importId, 'failed', importMessages.jobFailed('Almoner')));
      throw new Error('unsupported import kind');
    }
    try {
      const total = Math.max(1, job.totalRows);
      let lastId = 0;
      for (;;) {
        const batch = await db
          .select()
          .from(importRows)
          .where(and(eq(importRows.importId, importId), eq(importRows.outcome, 'pending'), gt(importRows.id, lastId)))
          .orderBy(asc(importRows.id))
          .limit(IMPORT_BATCH);
        if (!batch.length) break;
        lastId = (batch.at(-1) as { id: number }).id;
        await run.once(`import:${importId}:rows:${batch[0]?.id}-${lastId}`, async (tx) => {
          const lookups = await loadLookups(tx);
          for (const row of batch) {
            const result = job.kind === 'supporters' ? await applySupporter(tx, job, row, lookups) : await applyTimeline(tx, job, row);
            await tx
              .update(importRows)
              .set({
                outcome: result.outcome,
                recordId: result.recordId,
                errors: result.errors ?? row.errors,
                previous: result.previous ?? null,
                recordStamp: result.stamp ?? null,
                note: result.note ?? null,
                sealedSecret: null,
              })
              .where(eq(importRows.id, row.id));
          }
          const [done] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(importRows)
            .where(and(eq(importRows.importId, importId), sql`${importRows.outcome} <> 'pending'`));
          const percent = Math.min(99, 10 + Math.floor((90 * (done?.n ?? 0)) / total));
          await tx.update(imports).set({ progress: percent, updatedAt: new Date() }).where(eq(imports.id, importId));
        });
        const [now] = await db.select({ progress: imports.progress }).from(imports).where(eq(imports.id, importId));
        await run.progress(now?.progress ?? 10);
      }
      await db.transaction((tx) => finishImport(tx, importId, 'completed'));
      await run.progress(100);
    } catch (error) {
      if (run.retryCount >= run.retryLimit) {
        await db.transaction(async (tx) => {
          await tx.update(importRows).set({ sealedSecret: null }).where(eq(importRows.importId, importId));
          await finishImport(tx, importId, 'failed', importMessages.jobFailed('Almoner'));
        });
      }
      throw error;
    }
  },
});
