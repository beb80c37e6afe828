import { functionalColumns } from '../money/money.tables.ts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { DCC_TYPES } from '@almoner/contracts';
import { users } from '../users/users.tables.ts';
import { inList, money, supporters } from '../supporters/supporters.tables.ts';
import { products, productVariants } from '../products/products.tables.ts';
import { RECURRING_FREQUENCIES, sponsorships } from '../sponsorships/sponsorships.tables.ts';
import { contributions, PAYMENT_STATUSES } from '../contributions/contributions.tables.ts';
import { contributionItems } from '../contributions/contribution-items.tables.ts';
import { paymentMethods, paymentProviders } from '../payments/payments.tables.ts';

const tz = { withTimezone: true } as const;

export const RECURRING_STATUSES = ['Active', 'Suspended', 'Cancelled', 'Expired'] as const;

/**
 * A promise to give every period: started by a contribution item, charged by the recurring
 * batch into recurring_transactions (each charge also a contribution, for the listings).
 */
export const recurringPaymentProfiles = pgTable(
  'recurring_payment_profiles',
  {
    id: serial('id').primaryKey(),
    /** Short public reference used in URLs and on statements. */
    profileId: varchar('profile_id', { length: 14 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('Active'),
    /** Charged by staff, never by the batch. */
    isManual: boolean('is_manual').notNull().default(false),
    /** Legacy gateway subscriptions that cannot be edited here. */
    isLocked: boolean('is_locked').notNull().default(false),
    supporterId: integer('supporter_id').references(() => supporters.id, { onDelete: 'set null' }),
    contributionId: integer('contribution_id').references((): AnyPgColumn => contributions.id, { onDelete: 'set null' }),
    contributionItemId: integer('contribution_item_id').references((): AnyPgColumn => contributionItems.id, {
      onDelete: 'set null',
    }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    sponsorshipId: integer('sponsorship_id').references(() => sponsorships.id, { onDelete: 'set null' }),
    paymentMethodId: integer('payment_method_id').references((): AnyPgColumn => paymentMethods.id, {
      onDelete: 'set null',
    }),
    paymentProviderId: integer('payment_provider_id').references((): AnyPgColumn => paymentProviders.id, {
      onDelete: 'set null',
    }),
    subscriberName: varchar('subscriber_name', { length: 150 }),
    description: varchar('description', { length: 255 }),
    glCode: varchar('gl_code', { length: 200 }),
    startDate: date('start_date').notNull(),
    billingPeriod: varchar('billing_period', { length: 12 }).notNull(),
    billingFrequency: smallint('billing_frequency').notNull().default(1),
    /** Day of month (1–28) or of week (1 Monday … 7 Sunday) charges fall on. */
    recurringDay: smallint('recurring_day'),
    recurringDayOfWeek: smallint('recurring_day_of_week'),
    totalBillingCycles: integer('total_billing_cycles'),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    amount: money('amount').notNull(),
    shippingAmount: money('shipping_amount').notNull().default(0),
    taxAmount: money('tax_amount').notNull().default(0),
    initialAmount: money('initial_amount').notNull().default(0),
    dccEnabledByCustomer: boolean('dcc_enabled_by_customer').notNull().default(false),
    dccType: varchar('dcc_type', { length: 32 }),
    dccAmount: money('dcc_amount').notNull().default(0),
    nextBillingDate: date('next_billing_date'),
    nextAttemptDate: date('next_attempt_date'),
    finalPaymentDueDate: date('final_payment_due_date'),
    numCyclesCompleted: integer('num_cycles_completed').notNull().default(0),
    numCyclesRemaining: integer('num_cycles_remaining'),
    /** Σ succeeded charges, initial payment included. */
    aggregateAmount: money('aggregate_amount').notNull().default(0),
    outstandingBalance: money('outstanding_balance').notNull().default(0),
    failedPaymentCount: integer('failed_payment_count').notNull().default(0),
    maxFailedPayments: integer('max_failed_payments').notNull().default(3),
    lastPaymentAt: timestamp('last_payment_at', tz),
    lastPaymentAmount: money('last_payment_amount'),
    cancelReason: varchar('cancel_reason', { length: 64 }),
    cancelledAt: timestamp('cancelled_at', tz),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    suspendedAt: timestamp('suspended_at', tz),
    crmPledgeId: varchar('crm_pledge_id', { length: 45 }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    uniqueIndex('recurring_payment_profiles_profile_id_unique').on(t.profileId),
    index('recurring_payment_profiles_status_idx').on(t.status, t.nextBillingDate),
    index('recurring_payment_profiles_supporter_idx').on(t.supporterId),
    // Deleting a contribution clears the profiles it started (set null): found by this, not by a scan.
    index('recurring_payment_profiles_contribution_idx').on(t.contributionId).where(sql`${t.contributionId} is not null`),
    index('recurring_payment_profiles_sponsorship_idx').on(t.sponsorshipId),
    index('recurring_payment_profiles_item_idx').on(t.contributionItemId),
    check('recurring_payment_profiles_status_check', inList(t.status, RECURRING_STATUSES)),
    check('recurring_payment_profiles_period_check', inList(t.billingPeriod, RECURRING_FREQUENCIES)),
    check('recurring_payment_profiles_dcc_type_check', sql`${t.dccType} is null or ${inList(t.dccType, DCC_TYPES)}`),
  ],
);

/** One charge attempt of a profile; `contribution_id` is its row in the contributions listing. */
export const recurringTransactions = pgTable(
  'recurring_transactions',
  {
    id: serial('id').primaryKey(),
    recurringPaymentProfileId: integer('recurring_payment_profile_id')
      .notNull()
      .references(() => recurringPaymentProfiles.id, { onDelete: 'restrict' }),
    contributionId: integer('contribution_id').references((): AnyPgColumn => contributions.id, { onDelete: 'set null' }),
    /** The gateway's transaction id. */
    transactionReference: varchar('transaction_reference', { length: 100 }),
    paymentStatus: varchar('payment_status', { length: 10 }).notNull(),
    reasonCode: varchar('reason_code', { length: 255 }),
    paymentMethodId: integer('payment_method_id').references((): AnyPgColumn => paymentMethods.id, {
      onDelete: 'set null',
    }),
    paymentMethodType: varchar('payment_method_type', { length: 10 }),
    paymentMethodDescription: varchar('payment_method_description', { length: 100 }),
    orderedAt: timestamp('ordered_at', tz).notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    amount: money('amount').notNull(),
    ...functionalColumns(),
    taxAmount: money('tax_amount').notNull().default(0),
    shippingAmount: money('shipping_amount').notNull().default(0),
    dccType: varchar('dcc_type', { length: 32 }),
    dccAmount: money('dcc_amount').notNull().default(0),
    refundedAt: timestamp('refunded_at', tz),
    refundedAmount: money('refunded_amount').notNull().default(0),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    refundReference: varchar('refund_reference', { length: 100 }),
    /** Donor-CRM gift ids of the charge and of its refund. */
    giftId: varchar('gift_id', { length: 45 }),
    refundGiftId: varchar('refund_gift_id', { length: 45 }),
    crmSyncEnabled: boolean('crm_sync_enabled').notNull().default(false),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('recurring_transactions_profile_idx').on(t.recurringPaymentProfileId, t.orderedAt.desc()),
    index('recurring_transactions_ordered_idx').on(t.orderedAt.desc(), t.id.desc()),
    uniqueIndex('recurring_transactions_contribution_unique').on(t.contributionId),
    check('recurring_transactions_status_check', inList(t.paymentStatus, PAYMENT_STATUSES)),
    check('recurring_transactions_dcc_type_check', sql`${t.dccType} is null or ${inList(t.dccType, DCC_TYPES)}`),
  ],
);
