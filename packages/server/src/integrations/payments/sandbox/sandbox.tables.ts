import { inList } from '../../../db/columns.ts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, index, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

export const SANDBOX_SOURCE_TYPES = ['card', 'bank'] as const;
export const SANDBOX_LEDGER_KINDS = ['charge', 'ach_debit', 'refund'] as const;
export const SANDBOX_STATUSES = ['succeeded', 'pending', 'failed'] as const;

/**
 * What the sandbox gateway knows of a card or bank account: a capture token (`tok_…`, single
 * use, short-lived) or a saved payment method (`pm_…`, reusable). The sandbox keeps the outcome
 * its test number stands for and the last four digits, never the full number.
 */
export const sandboxSources = pgTable(
  'sandbox_sources',
  {
    id: serial('id').primaryKey(),
    reference: varchar('reference', { length: 40 }).notNull(),
    type: varchar('type', { length: 8 }).notNull(),
    reusable: boolean('reusable').notNull().default(false),
    /** succeeds | declined | incorrect_cvc | review | insufficient_funds | no_account */
    outcome: varchar('outcome', { length: 20 }).notNull(),
    brand: varchar('brand', { length: 20 }),
    last4: varchar('last4', { length: 4 }).notNull(),
    expMonth: smallint('exp_month'),
    expYear: smallint('exp_year'),
    /** The idempotency key that saved this payment method (pm_ only). */
    idempotencyKey: varchar('idempotency_key', { length: 255 }),
    requestHash: char('request_hash', { length: 64 }),
    consumedAt: timestamp('consumed_at', tz),
    expiresAt: timestamp('expires_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_sources_reference_unique').on(t.reference),
    uniqueIndex('sandbox_sources_idempotency_unique').on(t.idempotencyKey),
    check('sandbox_sources_type_check', inList(t.type, SANDBOX_SOURCE_TYPES)),
  ],
);

/**
 * The sandbox's ledger: one row per charge, ACH debit and refund it ever made, each under the
 * idempotency key it was asked with. The unique key is what makes a repeated or concurrent
 * request one effect: the second insert finds the first row and answers what it answered.
 */
export const sandboxLedger = pgTable(
  'sandbox_ledger',
  {
    id: serial('id').primaryKey(),
    reference: varchar('reference', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull(),
    /** SHA-256 of the request, so a key reused for a different request is refused. */
    requestHash: char('request_hash', { length: 64 }).notNull(),
    /** Refunds: the charge or debit refunded. */
    paymentReference: varchar('payment_reference', { length: 40 }),
    sourceReference: varchar('source_reference', { length: 40 }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    /** authorized | manual_review | issuer_declined | invalid (the payments.outcome values). */
    outcome: varchar('outcome', { length: 20 }),
    failureCode: varchar('failure_code', { length: 50 }),
    failureMessage: varchar('failure_message', { length: 255 }),
    description: varchar('description', { length: 255 }),
    /** The answer given, returned as-is to a repeated request. */
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    settlesAt: timestamp('settles_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_ledger_reference_unique').on(t.reference),
    uniqueIndex('sandbox_ledger_idempotency_unique').on(t.idempotencyKey),
    index('sandbox_ledger_payment_idx').on(t.paymentReference),
    check('sandbox_ledger_kind_check', inList(t.kind, SANDBOX_LEDGER_KINDS)),
    check('sandbox_ledger_status_check', inList(t.status, SANDBOX_STATUSES)),
    check('sandbox_ledger_amount_check', sql`${t.amount} > 0`),
    check('sandbox_ledger_refund_check', sql`(${t.kind} = 'refund') = (${t.paymentReference} is not null)`),
  ],
);
