import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { DCC_TYPES } from '@almoner/contracts';
import { functionalColumns, inList, money } from '../../db/columns.ts';
import { users } from '../users/users.tables.ts';
import { paymentMethods } from '../payments/payment-methods.tables.ts';
import { contributions, PAYMENT_STATUSES, recurringPaymentProfiles } from '../contributions/contributions.tables.ts';

const tz = { withTimezone: true } as const;

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
