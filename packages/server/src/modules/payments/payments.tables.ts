import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  inet,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { CARD_CHECKS, REFUND_REASONS, REFUND_STATUSES } from '@almoner/contracts';
import { users } from '../users/users.tables.ts';
import { functionalColumns, inList, money } from '../../db/columns.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { paymentMethods, paymentProviders } from './payment-methods.tables.ts';
import { contributionItems, contributions, PAYMENT_STATUSES, PAYMENT_TYPES, recurringPaymentProfiles } from '../contributions/contributions.tables.ts';
import { recurringTransactions } from '../recurring/recurring.tables.ts';

const tz = { withTimezone: true } as const;

export { CARD_CHECKS };

/**
 * Gateway-neutral payment records (Stripe-like). A payment pays a contribution and, for
 * recurring charges, a recurring transaction (see payment_links).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 10 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    livemode: boolean('livemode').notNull().default(true),
    amount: money('amount').notNull(),
    amountRefunded: money('amount_refunded').notNull().default(0),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    ...functionalColumns(),
    paid: boolean('paid').notNull().default(false),
    captured: boolean('captured').notNull().default(false),
    capturedAt: timestamp('captured_at', tz),
    refunded: boolean('refunded').notNull().default(false),
    referenceNumber: varchar('reference_number', { length: 100 }),
    description: varchar('description', { length: 255 }),
    failureCode: varchar('failure_code', { length: 50 }),
    failureMessage: varchar('failure_message', { length: 255 }),
    /** When Almoner cancelled it at its gateway (a renewal left waiting for the donor's authentication): never asked again. */
    cancelledAt: timestamp('cancelled_at', tz),
    /**
     * A point-of-sale payment its sale did not keep (taken for an amount the sale no longer has,
     * or after the sale was paid another way) and gave back at its gateway. It stays on the order
     * as an attempt, and its refund is money returned, but not a refund of the sale: the sale's
     * refunded figures, history, receipts and events leave it out (refunds.derive.ts).
     */
    notKept: boolean('not_kept').notNull().default(false),
    /** authorized | manual_review | issuer_declined | blocked | invalid */
    outcome: varchar('outcome', { length: 20 }),
    isSpam: boolean('is_spam').notNull().default(false),
    supporterId: integer('supporter_id').references(() => supporters.id, { onDelete: 'set null' }),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    paymentProviderId: integer('payment_provider_id').references(() => paymentProviders.id, { onDelete: 'set null' }),
    gateway: varchar('gateway', { length: 32 }),
    ...cardColumns(),
    bankName: varchar('bank_name', { length: 100 }),
    bankLast4: varchar('bank_last4', { length: 4 }),
    bankAccountType: varchar('bank_account_type', { length: 10 }),
    bankAccountHolderType: varchar('bank_account_holder_type', { length: 10 }),
    chequeNumber: varchar('cheque_number', { length: 45 }),
    chequeDate: date('cheque_date'),
    ipAddress: inet('ip_address'),
    ipCountry: varchar('ip_country', { length: 2 }),
    platformFeeType: varchar('platform_fee_type', { length: 20 }),
    applicationFeeAmount: money('application_fee_amount'),
    gatewayFeeAmount: money('gateway_fee_amount'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('payments_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('payments_supporter_idx').on(t.supporterId),
    index('payments_reference_idx').on(t.referenceNumber),
    check('payments_type_check', inList(t.type, PAYMENT_TYPES)),
    check('payments_status_check', inList(t.status, PAYMENT_STATUSES)),
    check('payments_refund_check', sql`${t.amountRefunded} between 0 and ${t.amount}`),
    check('payments_card_cvc_check', sql`${t.cardCvcCheck} is null or ${inList(t.cardCvcCheck, CARD_CHECKS)}`),
    check('payments_card_line1_check', sql`${t.cardAddressLine1Check} is null or ${inList(t.cardAddressLine1Check, CARD_CHECKS)}`),
    check('payments_card_zip_check', sql`${t.cardAddressZipCheck} is null or ${inList(t.cardAddressZipCheck, CARD_CHECKS)}`),
  ],
);

function cardColumns() {
  return {
    cardBrand: varchar('card_brand', { length: 20 }),
    cardLast4: varchar('card_last4', { length: 4 }),
    cardExpMonth: smallint('card_exp_month'),
    cardExpYear: smallint('card_exp_year'),
    cardCountry: varchar('card_country', { length: 2 }),
    cardFunding: varchar('card_funding', { length: 10 }),
    cardWallet: varchar('card_wallet', { length: 20 }),
    cardCvcCheck: varchar('card_cvc_check', { length: 12 }),
    cardAddressLine1Check: varchar('card_address_line1_check', { length: 12 }),
    cardAddressZipCheck: varchar('card_address_zip_check', { length: 12 }),
  };
}

/**
 * Which contribution (and recurring charge) a payment paid. Money rows never vanish with their
 * parents: every foreign key from a financial row is RESTRICT (contributions soft-delete).
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    contributionId: integer('contribution_id').references(() => contributions.id, { onDelete: 'restrict' }),
    recurringPaymentProfileId: integer('recurring_payment_profile_id').references(() => recurringPaymentProfiles.id, {
      onDelete: 'set null',
    }),
    recurringTransactionId: integer('recurring_transaction_id').references(() => recurringTransactions.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    index('payment_links_payment_idx').on(t.paymentId),
    index('payment_links_contribution_idx').on(t.contributionId),
    index('payment_links_transaction_idx').on(t.recurringTransactionId),
    check('payment_links_target_check', sql`${t.contributionId} is not null or ${t.recurringTransactionId} is not null`),
  ],
);

/**
 * Every refund of a payment, as the gateway answered it. The one source of truth for refunded
 * figures: payments.amount_refunded, contributions.refunded_* and recurring_transactions.refunded_*
 * are derived from these rows (modules/payments/refunds.derive.ts), never written on their own.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** succeeded | pending | failed | canceled */
    status: varchar('status', { length: 10 }).notNull(),
    referenceNumber: varchar('reference_number', { length: 100 }),
    amount: money('amount').notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    /** In the organisation currency at the rate of the refund's day, not the payment's. */
    ...functionalColumns(),
    /** duplicate | fraudulent | requested_by_customer */
    reason: varchar('reason', { length: 30 }),
    failureReason: varchar('failure_reason', { length: 255 }),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The key the refund was asked for with: asking again with it is the same refund, once. */
    idempotencyKey: varchar('idempotency_key', { length: 255 }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    uniqueIndex('refunds_idempotency_unique').on(t.idempotencyKey),
    check('refunds_status_check', inList(t.status, REFUND_STATUSES)),
    check('refunds_reason_check', sql`${t.reason} is null or ${inList(t.reason, REFUND_REASONS)}`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * What a partial refund gave back, line by line: the contribution item (and so its product,
 * fund designation and GL code) or the recurring charge. A full refund needs no lines.
 */
export const refundItems = pgTable(
  'refund_items',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    contributionItemId: integer('contribution_item_id').references(() => contributionItems.id, { onDelete: 'restrict' }),
    recurringTransactionId: integer('recurring_transaction_id').references(() => recurringTransactions.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('refund_items_refund_idx').on(t.refundId),
    index('refund_items_item_idx').on(t.contributionItemId),
    check('refund_items_amount_check', sql`${t.amount} > 0`),
    check('refund_items_target_check', sql`(${t.contributionItemId} is null) <> (${t.recurringTransactionId} is null)`),
  ],
);

/** The platform's fee ledger, one row per payment or refund, billed monthly (`period` YYYY-MM). */
export const transactionFees = pgTable(
  'transaction_fees',
  {
    id: serial('id').primaryKey(),
    period: char('period', { length: 7 }).notNull(),
    /** pending | billed */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    sourceAmount: money('source_amount').notNull(),
    rate: numeric('rate', { precision: 6, scale: 4 }).notNull(),
    amount: money('amount').notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 23, scale: 10 }).notNull().default('1'),
    settlementAmount: money('settlement_amount').notNull(),
    settlementCurrencyCode: char('settlement_currency_code', { length: 3 }).notNull(),
    description: varchar('description', { length: 255 }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('transaction_fees_period_idx').on(t.period, t.createdAt),
    index('transaction_fees_payment_idx').on(t.paymentId),
    index('transaction_fees_refund_idx').on(t.refundId).where(sql`${t.refundId} is not null`),
    check('transaction_fees_source_check', sql`(${t.paymentId} is null) <> (${t.refundId} is null)`),
  ],
);
