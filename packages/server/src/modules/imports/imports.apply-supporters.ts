import { checkImportRow, importMessages, splitTagNames, supporterEditMessages, TAG_NAME_MAX, tagMessages } from '@almoner/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { AppError } from '../../http/errors.ts';
import { decrypt } from '../auth/crypto.ts';
import { hashPassword } from '../auth/passwords.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { supporterConsentChanges } from '../supporters/supporter-consent.tables.ts';
import { supporterMemberships } from '../supporters/supporter-memberships.tables.ts';
import { addTagsByName } from '../tags/tags.service.ts';
import { membershipNumberHolder } from '../supporters/supporters.edit.ts';
import { type ImportJobRow, type Lookups, registerImportKind, type RowResult, type StagedRow, UNDO_REFUSED } from './imports.kinds.ts';
import { configuredImportKey } from './imports.settings.ts';
import { findSupporter, type Supporter } from './imports.match.ts';
import { orgTimeZoneSql } from '../money/money.sql.ts';

/** Spreadsheet key → supporters column, for the plain text fields. */
const SUPPORTER_TEXT: Record<string, keyof typeof supporters.$inferInsert> = {
  first_name: 'firstName',
  last_name: 'lastName',
  bill_organization_name: 'billOrganizationName',
  email: 'email',
  donor_id: 'donorId',
  sf_id: 'sfId',
  referral_source: 'referralSource',
  membership_number: 'membershipNumber',
};
for (const prefix of ['bill', 'ship'] as const) {
  for (const [key, col] of [
    ['title', 'Title'], ['first_name', 'FirstName'], ['last_name', 'LastName'], ['address_01', 'Address01'], ['address_02', 'Address02'],
    ['city', 'City'], ['state', 'State'], ['country', 'Country'], ['zip', 'Zip'], ['email', 'Email'], ['phone', 'Phone'],
  ] as const) {
    SUPPORTER_TEXT[`${prefix}_${key}`] = `${prefix}${col}`;
  }
}

/**
 * The consent history of an e-mail preference the import set (source "import", the row named in
 * the note), as the consent card records a change made by hand. Nothing when it did not change.
 */
async function recordImportedConsent(tx: Tx, supporterId: number, previous: boolean, granted: boolean, job: ImportJobRow, row: StagedRow, today: string): Promise<void> {
  if (previous === granted) return;
  await tx.insert(supporterConsentChanges).values({
    supporterId,
    topic: 'email',
    previous,
    granted,
    changedOn: today,
    source: 'import',
    note: importMessages.consentNote(job.id, row.rowNumber),
    recordedBy: job.createdBy,
  });
}

/** One supporter row: match, then create, update or skip as the import says. */
async function applySupporter(
  tx: Tx,
  job: ImportJobRow,
  row: StagedRow,
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
  const tagNames = typeof v.tags === 'string' ? splitTagNames(v.tags) : [];
  const longTag = tagNames.find((n) => n.length > TAG_NAME_MAX);
  if (longTag) errors.tags = [tagMessages.nameTooLong(longTag)];
  if (Object.keys(errors).length) return { outcome: 'rejected', recordId: null, errors };

  const set: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(SUPPORTER_TEXT)) if (typeof v[key] === 'string') set[col] = v[key];
  if (typeof v.email_opt_in === 'boolean') {
    set.emailOptIn = v.email_opt_in;
    set.emailOptInChangedAt = new Date();
  }
  if (type) set.accountTypeId = type.id;

  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);
  const match = await findSupporter(tx, {
    donorId: str('donor_id'),
    sfId: str('sf_id'),
    email: str('email'),
    firstName: str('first_name'),
    lastName: str('last_name'),
    address01: str('bill_address_01'),
    zip: str('bill_zip'),
  });
  if (match && job.mode === 'skip') return { outcome: 'skipped', recordId: match.id, note: 'matched an existing supporter' };
  const taken = await membershipNumberHolder(tx, str('membership_number'), match && job.mode === 'update' ? match.id : null);
  if (taken) return { outcome: 'rejected', recordId: null, errors: { membership_number: [supporterEditMessages.membershipNumberTaken(taken)] } };
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
    if (set.emailOptIn === match.emailOptIn) {
      // The same preference again is no change: its date stays the day it was given.
      delete set.emailOptIn;
      delete set.emailOptInChangedAt;
      delete previous.emailOptIn;
      delete previous.emailOptInChangedAt;
    }
    await tx.update(supporters).set({ ...set, updatedAt: stamp }).where(eq(supporters.id, match.id));
    if (typeof set.emailOptIn === 'boolean') await recordImportedConsent(tx, match.id, match.emailOptIn, set.emailOptIn, job, row, lookups.today);
    await addTagsByName(tx, match.id, tagNames, job.createdBy);
    const changes = Object.keys(set).filter((k) => k !== 'passwordHash');
    lookups.events.add('supporter.updated', { supporter_id: match.id, changes });
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
  if (typeof set.emailOptIn === 'boolean') await recordImportedConsent(tx, id, false, set.emailOptIn, job, row, lookups.today);
  if (membership) {
    await tx.insert(supporterMemberships).values({
      supporterId: id,
      membershipId: membership.id,
      startsOn: typeof v.membership_starts_on === 'string' ? v.membership_starts_on : lookups.today,
      expiresOn: typeof v.membership_expires_on === 'string' ? v.membership_expires_on : null,
      source: 'import',
    });
  }
  await addTagsByName(tx, id, tagNames, job.createdBy);
  lookups.events.add('supporter.created', { supporter_id: id, email: typeof v.email === 'string' ? v.email : null });
  return { outcome: 'created', recordId: id, stamp };
}

/**
 * Deletes the supporters the import created and puts back the fields it changed, only while each
 * is untouched since (same updated_at) and nothing was recorded against a created one.
 */
async function undoSupporters(tx: Tx, rows: StagedRow[]): Promise<void> {
  const ids = rows.map((r) => r.recordId as number);
  const current = await tx.select({ id: supporters.id, updatedAt: supporters.updatedAt }).from(supporters).where(inArray(supporters.id, ids));
  const stampOf = new Map(current.map((c) => [c.id, c.updatedAt.getTime()]));
  const createdIds = rows.filter((r) => r.outcome === 'created').map((r) => r.recordId as number);
  const used = createdIds.length
    ? await queryRows(tx, sql`select 1 from (
        select supporter_id from contributions union all select supporter_id from payments
        union all select supporter_id from sponsors union all select supporter_id from recurring_payment_profiles
      ) used where supporter_id in (${sql.join(createdIds.map((x) => sql`${x}`), sql`, `)}) limit 1`)
    : [];
  const touched = rows.some((r) => stampOf.get(r.recordId as number) !== r.recordStamp?.getTime());
  if (touched || used.length) throw new AppError('conflict', UNDO_REFUSED);
  for (const r of rows) {
    if (r.outcome === 'created') {
      await tx.delete(supporters).where(eq(supporters.id, r.recordId as number));
    } else {
      const previous = { ...(r.previous ?? {}) } as Record<string, unknown>;
      const updatedAt = new Date(String(previous.updatedAt));
      delete previous.updatedAt;
      // Kept as JSON: a date comes back as text.
      if (typeof previous.emailOptInChangedAt === 'string') previous.emailOptInChangedAt = new Date(previous.emailOptInChangedAt);
      const [now] = await tx.select({ emailOptIn: supporters.emailOptIn }).from(supporters).where(eq(supporters.id, r.recordId as number));
      await tx.update(supporters).set({ ...previous, updatedAt }).where(eq(supporters.id, r.recordId as number));
      if (typeof previous.emailOptIn === 'boolean' && now && now.emailOptIn !== previous.emailOptIn) {
        await tx.insert(supporterConsentChanges).values({
          supporterId: r.recordId as number,
          topic: 'email',
          previous: now.emailOptIn,
          granted: previous.emailOptIn,
          changedOn: sql`(now() at time zone ${orgTimeZoneSql})::date`,
          source: 'import',
          note: importMessages.consentUndoneNote(r.importId, r.rowNumber),
          // Whoever undoes the import (undoImport runs withActor).
          recordedBy: sql<number | null>`nullif(current_setting('almoner.actor_id', true), '')::int`,
        });
      }
      await recordEvent(tx, 'supporter.updated', { supporter_id: r.recordId as number, changes: Object.keys(previous).filter((k) => k !== 'passwordHash') });
    }
  }
}

registerImportKind('supporters', { apply: applySupporter, undo: undoSupporters });
