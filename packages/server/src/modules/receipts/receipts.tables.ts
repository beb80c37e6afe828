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
import { money, supporters } from '../supporters/supporters.tables.ts';
import { contributions } from '../contributions/contributions.tables.ts';

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
    voidedAt: timestamp('voided_at', tz),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    uniqueIndex('tax_receipts_number_unique').on(t.number),
    index('tax_receipts_issued_idx').on(t.issuedAt.desc(), t.id.desc()),
    index('tax_receipts_status_idx').on(t.status, t.issuedAt.desc()),
    index('tax_receipts_supporter_idx').on(t.supporterId),
    check('tax_receipts_status_check', sql`${t.status} in ('draft', 'issued', 'void')`),
    check('tax_receipts_type_check', sql`${t.receiptType} in ('single', 'consolidated')`),
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
  },
  (t) => [index('tax_receipt_lines_receipt_idx').on(t.taxReceiptId), index('tax_receipt_lines_contribution_idx').on(t.contributionId)],
);
