import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { CONTRIBUTION_SOURCE_VALUES, DCC_TYPES, RECURRING_FREQUENCIES } from '@almoner/contracts';
import { addressColumns, inList, money } from '../../db/columns.ts';
import { users } from '../users/users.tables.ts';
import { accountTypes, supporters } from '../supporters/supporters.tables.ts';
import { products, productVariants } from '../products/products.tables.ts';
import { sponsorships } from '../sponsorships/sponsorships.tables.ts';
import { fundraisingPages } from '../fundraising/fundraising.tables.ts';
import { paymentMethods, paymentProviders } from '../payments/payment-methods.tables.ts';
import { appeals, campaigns } from '../campaigns/campaigns.tables.ts';
import {
  amountColumns,
  paymentColumns,
  recurringItemColumns,
  statusColumns,
  taxAndShippingColumns,
  trackingColumns,
  tributeItemColumns,
} from './contribution-columns.ts';

// Contributions, their items and recurring profiles share this file because their foreign keys
// go round in a circle: a contribution pays a profile, a profile was started by a contribution
// and one of its items, and an item belongs to a contribution. In separate files the three
// would import each other in a circle, which lint forbids (import-x/no-cycle, issue 33).
// Everything else about contributions and recurring (items' fields, taxes, charges) has a file
// of its own that imports these.

const tz = { withTimezone: true } as const;

/** The payment's kind, as on `payments.type`; the POS's cash/check/other map to cash/cheque/unknown. */
export const PAYMENT_TYPES = ['card', 'bank', 'paypal', 'cheque', 'cash', 'unknown'] as const;
/** As `PAYMENT_STATUSES` in contracts (a test holds them together). */
export const PAYMENT_STATUSES = ['succeeded', 'pending', 'failed'] as const;
export const CONTRIBUTION_SOURCES = CONTRIBUTION_SOURCE_VALUES;

/**
 * The donor CRM gift ids a contribution's gift_id lists ("G1, G2" → {G1,G2}): the expression
 * `contributions_gift_ids_idx` indexes, so a query must use this one to be answered by it.
 */
export const giftIdList = (giftId: AnyPgColumn) => sql`string_to_array(replace(coalesce(${giftId}, ''), ' ', ''), ',')`;

export const RECURRING_STATUSES = ['Active', 'Suspended', 'Cancelled', 'Expired'] as const;

/**
 * Everything a supporter (or a guest) paid or tried to pay: store orders, donations and each
 * charge of a recurring profile. Paid ⇔ `paid_at` set; abandoned carts are unpaid and not POS.
 * Amounts are minor units of `currency_code`.
 */
export const contributions = pgTable(
  'contributions',
  {
    id: serial('id').primaryKey(),
    /** Upper-case UUID made by the client that started the cart (POS, checkout). */
    clientUuid: varchar('client_uuid', { length: 48 }).notNull(),
    /** "Contribution #…"; set when paid. */
    invoiceNumber: varchar('invoice_number', { length: 48 }),
    /** The gateway's transaction id or the payment authorisation. */
    confirmationNumber: varchar('confirmation_number', { length: 100 }),
    supporterId: integer('supporter_id').references(() => supporters.id, { onDelete: 'set null' }),
    accountTypeId: integer('account_type_id').references(() => accountTypes.id, { onDelete: 'set null' }),
    /** The profile this contribution paid: the order that started it, or one of its charges. */
    recurringPaymentProfileId: integer('recurring_payment_profile_id').references(
      (): AnyPgColumn => recurringPaymentProfiles.id,
      { onDelete: 'set null' },
    ),
    referredBySupporterId: integer('referred_by_supporter_id').references(() => supporters.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', tz).notNull().defaultNow(),
    /** The business date (editable in the POS); listings sort on it. */
    orderedAt: timestamp('ordered_at', tz).notNull().defaultNow(),
    paidAt: timestamp('paid_at', tz),
    ...statusColumns(),
    ...amountColumns(),
    ...paymentColumns(),
    ...addressColumns('bill'),
    ...addressColumns('ship'),
    ...taxAndShippingColumns(),
    ...trackingColumns(),
    /** Donor-CRM donor id and gift ids (comma list), Salesforce id. */
    donorId: varchar('donor_id', { length: 45 }),
    giftId: varchar('gift_id', { length: 255 }),
    sfId: varchar('sf_id', { length: 45 }),
    crmSyncEnabled: boolean('crm_sync_enabled').notNull().default(false),
    customerNotes: text('customer_notes'),
    /** Staff's "Special Notes". */
    comments: text('comments'),
    taxReceiptType: varchar('tax_receipt_type', { length: 12 }).notNull().default('single'),
    /**
     * The name the list shows and sorts by: the supporter's display name, else the billing name,
     * else 'Anonymous Donor'. Kept by triggers (migration 0011) when either side changes, so the
     * sort has an index on one table.
     */
    supporterName: text('supporter_name').notNull().default('Anonymous Donor'),
    /** Lower-cased names, emails, numbers for the listing's search box. */
    searchableText: text('searchable_text'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the gift is credited to (issue 37 item 5): an appeal always with its own campaign. */
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    appealId: integer('appeal_id').references(() => appeals.id, { onDelete: 'restrict' }),
    /** The day the donor was thanked (issue 37 item 4): set when a thank-you letter is sent, editable by staff. */
    acknowledgedOn: date('acknowledged_on'),
  },
  (t) => [
    uniqueIndex('contributions_client_uuid_unique').on(t.clientUuid),
    index('contributions_campaign_idx').on(t.campaignId, t.orderedAt).where(sql`${t.campaignId} is not null`),
    index('contributions_appeal_idx').on(t.appealId).where(sql`${t.appealId} is not null`),
    // The unacknowledged gifts list: live gifts not yet thanked, newest first.
    index('contributions_unacknowledged_idx').on(t.orderedAt.desc(), t.id.desc()).where(sql`${t.acknowledgedOn} is null and ${t.deletedAt} is null`),
    uniqueIndex('contributions_invoice_number_unique').on(t.invoiceNumber),
    index('contributions_ordered_idx').on(t.orderedAt.desc(), t.id.desc()),
    index('contributions_supporter_idx').on(t.supporterId, t.orderedAt.desc()),
    // A profile's gifts (its page, its billing): partial, since most gifts belong to no profile and
    // a one-time gift then writes no entry.
    index('contributions_profile_idx').on(t.recurringPaymentProfileId).where(sql`${t.recurringPaymentProfileId} is not null`),
    // Deleting a supporter clears the referrals that name it: without this, a scan of every contribution per supporter.
    index('contributions_referred_by_idx').on(t.referredBySupporterId).where(sql`${t.referredBySupporterId} is not null`),
    index('contributions_payment_type_idx').on(t.paymentType, t.orderedAt.desc(), t.id.desc()),
    index('contributions_source_idx').on(t.source, t.orderedAt.desc(), t.id.desc()),
    index('contributions_recurring_idx').on(t.isRecurring, t.orderedAt.desc(), t.id.desc()),
    index('contributions_total_idx').on(t.totalAmount.desc(), t.id.desc()),
    index('contributions_unpaid_idx').on(t.startedAt.desc()).where(sql`${t.paidAt} is null`),
    // The donor CRM gift ids a contribution lists ("G1, G2"): an import checks its rows' ids against
    // them. Without a pending list (fastupdate), so ids an import has just written are found at once.
    index('contributions_gift_ids_idx')
      .using('gin', sql`(${giftIdList(t.giftId)})`)
      .with({ fastupdate: 'off' })
      .where(sql`${t.deletedAt} is null`),
    // The status filter under the default order (date, newest first, ties by id).
    index('contributions_status_idx').on(t.status, t.orderedAt.desc().nullsLast(), t.id.desc().nullsLast()),
    check('contributions_payment_type_check', sql`${t.paymentType} is null or ${inList(t.paymentType, PAYMENT_TYPES)}`),
    check('contributions_payment_status_check', sql`${t.paymentStatus} is null or ${inList(t.paymentStatus, PAYMENT_STATUSES)}`),
    check('contributions_refund_check', sql`${t.refundedAmount} between 0 and ${t.totalAmount}`),
    check('contributions_receipt_type_check', sql`${t.taxReceiptType} in ('single', 'none', 'consolidated')`),
    check('contributions_source_check', sql`${t.source} is null or ${inList(t.source, CONTRIBUTION_SOURCES)}`),
    check('contributions_dcc_type_check', sql`${t.dccType} is null or ${inList(t.dccType, DCC_TYPES)}`),
  ],
);

/**
 * One line of a contribution: a variant, a sponsorship or a gift to a fundraising page.
 * `total` = max(1, qty) × price; snapshots (description, code, is_donation, fair market value)
 * keep history readable after the catalogue changes.
 */
export const contributionItems = pgTable(
  'contribution_items',
  {
    id: serial('id').primaryKey(),
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'restrict' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    sponsorshipId: integer('sponsorship_id').references(() => sponsorships.id, { onDelete: 'set null' }),
    fundraisingPageId: integer('fundraising_page_id').references(() => fundraisingPages.id, { onDelete: 'set null' }),
    /** Bundle children are locked to the item that added them. */
    lockedToItemId: integer('locked_to_item_id').references((): AnyPgColumn => contributionItems.id, {
      onDelete: 'restrict',
    }),
    originalVariantId: integer('original_variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    description: varchar('description', { length: 255 }).notNull(),
    code: varchar('code', { length: 45 }),
    qty: integer('qty').notNull().default(1),
    price: money('price').notNull().default(0),
    originalPrice: money('original_price').notNull().default(0),
    /** Sale discount per unit. */
    discount: money('discount').notNull().default(0),
    total: money('total').notNull().default(0),
    fairMarketValue: money('fair_market_value'),
    isDonation: boolean('is_donation').notNull().default(false),
    requiresShipping: boolean('requires_shipping').notNull().default(false),
    promoCode: varchar('promo_code', { length: 15 }),
    glCode: varchar('gl_code', { length: 200 }),
    giftAid: boolean('gift_aid').notNull().default(false),
    ...recurringItemColumns(),
    dccEligible: boolean('dcc_eligible').notNull().default(false),
    dccAmount: money('dcc_amount').notNull().default(0),
    dccRecurringAmount: money('dcc_recurring_amount').notNull().default(0),
    /** Σ of this line's taxes (contribution_tax_lines hold them per tax), kept by the totals engine. */
    taxAmount: money('tax_amount').notNull().default(0),
    ...tributeItemColumns(),
    publicMessage: varchar('public_message', { length: 500 }),
    additionalNotes: text('additional_notes'),
    sponsorshipExpiredAt: timestamp('sponsorship_expired_at', tz),
    sponsorshipExpiredReason: varchar('sponsorship_expired_reason', { length: 100 }),
    crmMetadata: jsonb('crm_metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('contribution_items_contribution_idx').on(t.contributionId),
    index('contribution_items_product_idx').on(t.productId),
    // Deleting items checks that none is locked to them: without this, a scan of every item per item deleted.
    index('contribution_items_locked_to_idx').on(t.lockedToItemId).where(sql`${t.lockedToItemId} is not null`),
    // A sponsorship's payments and a fundraising page's gifts: partial, as most items have neither.
    index('contribution_items_sponsorship_idx').on(t.sponsorshipId).where(sql`${t.sponsorshipId} is not null`),
    index('contribution_items_fundraising_idx').on(t.fundraisingPageId).where(sql`${t.fundraisingPageId} is not null`),
    check('contribution_items_frequency_check', sql`${t.recurringFrequency} is null or ${inList(t.recurringFrequency, RECURRING_FREQUENCIES)}`),
    check('contribution_items_tribute_notify_check', sql`${t.tributeNotify} is null or ${t.tributeNotify} in ('email', 'letter')`),
  ],
);

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
    /**
     * When a renewal's bank asked the donor to authenticate it (3-D Secure, issue 40): the
     * profile is not charged again until the donor completes their link (the update-card page).
     */
    authenticationRequiredAt: timestamp('authentication_required_at', tz),
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
