import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { money } from '../../db/columns.ts';
import { contributions } from '../contributions/contributions.tables.ts';
import { taxReceiptRuns } from './receipts.runs.tables.ts';

const tz = { withTimezone: true } as const;

/** Liquid templates receipts are rendered with (merge tags of spec part 2 §3). */
export const taxReceiptTemplates = pgTable('tax_receipt_templates', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  body: text('body').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', tz),
});

export type ReceiptChange = {
  changed_at: string;
  changed_by: number | null;
  changes_log: { label: string; from: string | null; to: string | null }[];
};

/**
 * A tax receipt: draft → issued → void (a draft that is voided is soft-deleted instead).
 * Name and address are a snapshot at issue time; revising an issued receipt appends to
 * `changes` and pushes the previous snapshot onto `versions`, and adds `-R{n}` to the number.
 */
export const taxReceipts = pgTable(
  'tax_receipts',
  {
    id: serial('id').primaryKey(),
    /** single | consolidated */
    receiptType: varchar('receipt_type', { length: 12 }).notNull().default('single'),
    status: varchar('status', { length: 6 }).notNull().default('issued'),
    number: varchar('number', { length: 50 }),
    issuedAt: timestamp('issued_at', tz),
    amount: money('amount').notNull().default(0),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    supporterId: integer('supporter_id').references(() => supporters.id, { onDelete: 'set null' }),
    templateId: integer('template_id').references(() => taxReceiptTemplates.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 150 }),
    firstName: varchar('first_name', { length: 45 }),
    lastName: varchar('last_name', { length: 45 }),
    email: varchar('email', { length: 45 }),
    address01: varchar('address_01', { length: 450 }),
    address02: varchar('address_02', { length: 450 }),
    city: varchar('city', { length: 45 }),
    state: varchar('state', { length: 45 }),
    zip: varchar('zip', { length: 45 }),
    country: varchar('country', { length: 2 }),
    phone: varchar('phone', { length: 45 }),
    changes: jsonb('changes').$type<ReceiptChange[]>().notNull().default([]),
    versions: jsonb('versions').$type<Record<string, unknown>[]>().notNull().default([]),
    notifiedAt: timestamp('notified_at', tz),
    /** The rendered PDF in the storage service, and the number it was rendered for. */
    pdfKey: varchar('pdf_key', { length: 255 }),
    pdfNumber: varchar('pdf_number', { length: 60 }),
    voidedAt: timestamp('voided_at', tz),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
    /** The year-end run that issued this consolidated receipt. */
    yearEndRunId: integer('year_end_run_id').references(() => taxReceiptRuns.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('tax_receipts_number_unique').on(t.number),
    // A run's receipts (its totals, its page); most receipts are issued one gift at a time, by no run.
    index('tax_receipts_year_end_run_idx').on(t.yearEndRunId).where(sql`${t.yearEndRunId} is not null`),
    index('tax_receipts_issued_idx').on(t.issuedAt.desc(), t.id.desc()),
    index('tax_receipts_status_idx').on(t.status, t.issuedAt.desc()),
    index('tax_receipts_supporter_idx').on(t.supporterId),
    check('tax_receipts_status_check', sql`${t.status} in ('draft', 'issued', 'void')`),
    check('tax_receipts_type_check', sql`${t.receiptType} in ('single', 'consolidated')`),
    // Status and its dates agree: issued and void receipts carry a number and an issue date;
    // only void ones a void date; only drafts are ever deleted (voiding a draft deletes it).
    check(
      'tax_receipts_status_dates_check',
      sql`case ${t.status}
            when 'draft' then ${t.voidedAt} is null
            when 'issued' then ${t.issuedAt} is not null and ${t.number} is not null and ${t.voidedAt} is null
            else ${t.issuedAt} is not null and ${t.number} is not null and ${t.voidedAt} is not null end`,
    ),
    check('tax_receipts_deleted_draft_check', sql`${t.deletedAt} is null or ${t.status} = 'draft'`),
  ],
);

/** What a receipt covers: contributions (a recurring charge is a contribution too). */
export const taxReceiptLines = pgTable(
  'tax_receipt_lines',
  {
    id: serial('id').primaryKey(),
    taxReceiptId: integer('tax_receipt_id')
      .notNull()
      .references(() => taxReceipts.id, { onDelete: 'cascade' }),
    contributionId: integer('contribution_id').references(() => contributions.id, { onDelete: 'set null' }),
    description: varchar('description', { length: 255 }).notNull(),
    amount: money('amount').notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    donatedAt: timestamp('donated_at', tz),
    glCode: varchar('gl_code', { length: 200 }),
    /**
     * The gift left this receipt when staff gave it to another donor or dated it outside the
     * receipt's period (issue 37): the line stays, as what the receipt said before its revision,
     * and no longer counts.
     */
    removedAt: timestamp('removed_at', tz),
    /**
     * The receipt is neither void nor deleted and the line was not removed; kept by triggers
     * (custom migrations 0022, 0057) so the partial unique index below allows one live receipt
     * per contribution.
     */
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    index('tax_receipt_lines_receipt_idx').on(t.taxReceiptId),
    index('tax_receipt_lines_contribution_idx').on(t.contributionId),
    uniqueIndex('tax_receipt_lines_one_live_unique').on(t.contributionId).where(sql`${t.live}`),
  ],
);

/**
 * One gap-free counter per number format with its year filled in (`WEB26-[000000000]`),
 * advanced in the transaction that issues: a rolled-back issue gives its number back.
 */
export const taxReceiptNumberSequences = pgTable('tax_receipt_number_sequences', {
  key: varchar('key', { length: 60 }).primaryKey(),
  lastValue: integer('last_value').notNull(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/**
 * Each revision of an issued receipt, frozen: the number it was given (`…-R{k}`), the version
 * it replaced (snapshot and number), who, when, why and the field changes. Never updated.
 */
export const taxReceiptRevisions = pgTable(
  'tax_receipt_revisions',
  {
    id: serial('id').primaryKey(),
    taxReceiptId: integer('tax_receipt_id')
      .notNull()
      .references(() => taxReceipts.id, { onDelete: 'restrict' }),
    revision: integer('revision').notNull(),
    number: varchar('number', { length: 60 }).notNull(),
    previousNumber: varchar('previous_number', { length: 60 }).notNull(),
    previous: jsonb('previous').$type<Record<string, unknown>>().notNull(),
    changes: jsonb('changes').$type<{ label: string; from: string | null; to: string | null }[]>().notNull(),
    reason: varchar('reason', { length: 255 }),
    revisedBy: integer('revised_by').references(() => users.id, { onDelete: 'set null' }),
    revisedAt: timestamp('revised_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_receipt_revisions_receipt_revision_unique').on(t.taxReceiptId, t.revision),
    uniqueIndex('tax_receipt_revisions_number_unique').on(t.number),
    check('tax_receipt_revisions_revision_check', sql`${t.revision} >= 1`),
    // The number ledger looks up numbers a revision replaced.
    index('tax_receipt_revisions_previous_number_idx').on(t.previousNumber),
  ],
);
