import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  inet,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { CONTRIBUTION_SOURCE_VALUES, DCC_TYPES } from '@almoner/contracts';
import { users } from '../users/users.tables.ts';
import { accountTypes, addressColumns, inList, money, supporters } from '../supporters/supporters.tables.ts';
import { promoCodes } from '../promos/promos.tables.ts';
import { paymentMethods, paymentProviders } from '../payments/payments.tables.ts';
import { recurringPaymentProfiles } from '../recurring/recurring.tables.ts';
import { shippingMethods } from '../shipping/shipping.tables.ts';
import { statusRule } from './contributions.status.ts';

const tz = { withTimezone: true } as const;

/** The payment's kind, as on `payments.type`; the POS's cash/check/other map to cash/cheque/unknown. */
export const PAYMENT_TYPES = ['card', 'bank', 'paypal', 'cheque', 'cash', 'unknown'] as const;
/** As `PAYMENT_STATUSES` in contracts (a test holds them together). */
export const PAYMENT_STATUSES = ['succeeded', 'pending', 'failed'] as const;
export const CONTRIBUTION_SOURCES = CONTRIBUTION_SOURCE_VALUES;

/**
 * Everything a supporter (or a guest) paid or tried to pay: store orders, donations and each
 * charge of a recurring profile. Paid ⇔ `paid_at` set; abandoned carts are unpaid and not POS.
 * Amounts are minor units of `currency_code`.
 */
/**
 * The donor CRM gift ids a contribution's gift_id lists ("G1, G2" → {G1,G2}): the expression
 * `contributions_gift_ids_idx` indexes, so a query must use this one to be answered by it.
 */
export const giftIdList = (giftId: AnyPgColumn) => sql`string_to_array(replace(coalesce(${giftId}, ''), ' ', ''), ',')`;

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
  },
  (t) => [
    uniqueIndex('contributions_client_uuid_unique').on(t.clientUuid),
    uniqueIndex('contributions_invoice_number_unique').on(t.invoiceNumber),
    index('contributions_ordered_idx').on(t.orderedAt.desc(), t.id.desc()),
    index('contributions_supporter_idx').on(t.supporterId, t.orderedAt.desc()),
    index('contributions_profile_idx').on(t.recurringPaymentProfileId),
    // Deleting a supporter clears the referrals that name it: without this, a scan of every contribution per supporter.
    index('contributions_referred_by_idx').on(t.referredBySupporterId).where(sql`${t.referredBySupporterId} is not null`),
    index('contributions_refunded_idx').on(t.orderedAt.desc(), t.id.desc()).where(sql`${t.refundedAmount} > 0`),
    index('contributions_fulfilled_idx').on(t.isFulfilled, t.orderedAt.desc(), t.id.desc()),
    index('contributions_payment_type_idx').on(t.paymentType, t.orderedAt.desc(), t.id.desc()),
    index('contributions_source_idx').on(t.source, t.orderedAt.desc(), t.id.desc()),
    index('contributions_recurring_idx').on(t.isRecurring, t.orderedAt.desc(), t.id.desc()),
    index('contributions_total_idx').on(t.totalAmount.desc(), t.id.desc()),
    index('contributions_unpaid_idx').on(t.startedAt.desc()).where(sql`${t.paidAt} is null`),
    index('contributions_referral_idx').on(t.referralSource),
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

function statusColumns() {
  return {
    isPos: boolean('is_pos').notNull().default(false),
    isTest: boolean('is_test').notNull().default(false),
    isSpam: boolean('is_spam').notNull().default(false),
    spamMarkedAt: timestamp('spam_marked_at', tz),
    spamMarkedBy: integer('spam_marked_by').references(() => users.id, { onDelete: 'set null' }),
    /** Marked complete (shipped/handed over); only meaningful when fulfilment applies. */
    isFulfilled: boolean('is_fulfilled').notNull().default(false),
    fulfilledAt: timestamp('fulfilled_at', tz),
    /** A recurring charge, or an order that started a recurring profile. */
    isRecurring: boolean('is_recurring').notNull().default(false),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    emailOptIn: boolean('email_opt_in').notNull().default(false),
    sendConfirmationEmails: boolean('send_confirmation_emails').notNull().default(true),
    shipToBilling: boolean('ship_to_billing').notNull().default(true),
    refundedAt: timestamp('refunded_at', tz),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    refundReference: varchar('refund_reference', { length: 100 }),
    /** Any refund at all; "fully refunded" is refunded_amount = total_amount. */
    isRefunded: boolean('is_refunded').generatedAlwaysAs(sql`refunded_amount > 0`),
    /** The status the list shows and filters on (contracts' `contributionStatusOf`), kept by the database. */
    status: text('status').notNull().generatedAlwaysAs(statusRule),
    voidedAt: timestamp('voided_at', tz),
    /** Item counters, kept by the service that edits items; the listing filters on them. */
    totalItems: smallint('total_items').notNull().default(0),
    totalQty: integer('total_qty').notNull().default(0),
    shippableItems: smallint('shippable_items').notNull().default(0),
    downloadItems: smallint('download_items').notNull().default(0),
    recurringItems: smallint('recurring_items').notNull().default(0),
    sponsorshipItems: smallint('sponsorship_items').notNull().default(0),
    fundraisingItems: smallint('fundraising_items').notNull().default(0),
    membershipItems: smallint('membership_items').notNull().default(0),
    totalWeightLbs: numeric('total_weight_lbs', { precision: 10, scale: 3 }),
  };
}

function amountColumns() {
  return {
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    subtotalAmount: money('subtotal_amount').notNull().default(0),
    discountAmount: money('discount_amount').notNull().default(0),
    taxAmount: money('tax_amount').notNull().default(0),
    shippingAmount: money('shipping_amount').notNull().default(0),
    /** Donor-covers-costs: the fees the donor chose to cover. */
    dccAmount: money('dcc_amount').notNull().default(0),
    totalAmount: money('total_amount').notNull().default(0),
    totalSavings: money('total_savings').notNull().default(0),
    refundedAmount: money('refunded_amount').notNull().default(0),
    /**
     * The total in the organisation currency, the rate and the rate's day (modules/money): reports
     * and lifetime giving add contributions of every currency with these. No defaults: every
     * writer converts (convertToOrgCurrency), so a forgotten conversion cannot pass as rate 1.
     */
    functionalCurrencyCode: char('functional_currency_code', { length: 3 }).notNull(),
    functionalExchangeRate: numeric('functional_exchange_rate', { precision: 23, scale: 10 }).notNull(),
    functionalTotalAmount: money('functional_total_amount').notNull(),
    functionalRateDate: date('functional_rate_date'),
    dccEnabledByCustomer: boolean('dcc_enabled_by_customer').notNull().default(false),
    /** minimum_costs | more_costs | most_costs */
    dccType: varchar('dcc_type', { length: 32 }),
  };
}

/** Denormalised from the latest payment so the listing filters without a join. */
function paymentColumns() {
  return {
    paymentType: varchar('payment_type', { length: 10 }),
    paymentStatus: varchar('payment_status', { length: 10 }),
    paymentCardBrand: varchar('payment_card_brand', { length: 20 }),
    paymentCardLast4: varchar('payment_card_last4', { length: 4 }),
    paymentWallet: varchar('payment_wallet', { length: 20 }),
    paymentGateway: varchar('payment_gateway', { length: 32 }),
    paymentProviderId: integer('payment_provider_id').references((): AnyPgColumn => paymentProviders.id, {
      onDelete: 'set null',
    }),
    paymentMethodId: integer('payment_method_id').references((): AnyPgColumn => paymentMethods.id, {
      onDelete: 'set null',
    }),
    checkNumber: varchar('check_number', { length: 45 }),
    checkDate: date('check_date'),
    checkAmount: money('check_amount'),
    cashReceived: money('cash_received'),
    cashChange: money('cash_change'),
    paymentOtherReference: varchar('payment_other_reference', { length: 25 }),
    paymentOtherNote: varchar('payment_other_note', { length: 255 }),
    /** Last gateway answer text (declines, for abandoned carts and failed charges). */
    responseText: varchar('response_text', { length: 255 }),
  };
}

function taxAndShippingColumns() {
  return {
    taxAddress01: varchar('tax_address_01', { length: 450 }),
    taxAddress02: varchar('tax_address_02', { length: 450 }),
    taxCity: varchar('tax_city', { length: 45 }),
    taxState: varchar('tax_state', { length: 45 }),
    taxZip: varchar('tax_zip', { length: 45 }),
    taxCountry: varchar('tax_country', { length: 2 }),
    /** Shipping methods are configured in settings; the chosen one's id and label are kept. */
    shippingMethodId: integer('shipping_method_id').references(() => shippingMethods.id, { onDelete: 'set null' }),
    shippingMethodName: varchar('shipping_method_name', { length: 100 }),
    courierMethod: varchar('courier_method', { length: 100 }),
    isFreeShipping: boolean('is_free_shipping').notNull().default(false),
  };
}

function trackingColumns() {
  return {
    source: varchar('source', { length: 50 }),
    referralSource: varchar('referral_source', { length: 100 }),
    httpReferer: varchar('http_referer', { length: 2048 }),
    trackingSource: varchar('tracking_source', { length: 100 }),
    trackingMedium: varchar('tracking_medium', { length: 100 }),
    trackingCampaign: varchar('tracking_campaign', { length: 100 }),
    trackingTerm: varchar('tracking_term', { length: 100 }),
    trackingContent: varchar('tracking_content', { length: 100 }),
    clientIp: inet('client_ip'),
    ipCountry: varchar('ip_country', { length: 2 }),
    clientBrowser: varchar('client_browser', { length: 255 }),
  };
}

export const contributionPromoCodes = pgTable(
  'contribution_promo_codes',
  {
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'cascade' }),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
  },
  (t) => [primaryKey({ columns: [t.contributionId, t.promoCodeId] }), index('contribution_promo_codes_promo_idx').on(t.promoCodeId)],
);

/**
 * How many live (not deleted) contributions have each status, kept by statement triggers on
 * `contributions` (migration 0013): the listing's total and its status-only counts are exact
 * without counting a million rows. Append-only (one row per status per statement that changes
 * it), so writers never wait on each other; readers add the rows up and fold them now and then.
 */
export const contributionCounts = pgTable('contribution_counts', {
  status: text('status').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** The same list as `contributionEvents` in contracts (a test holds them together), with labels there. */
export const CONTRIBUTION_EVENTS = [
  'created', 'paid', 'payment_pending', 'payment_failed', 'fulfilled', 'unfulfilled', 'refunded', 'partially_refunded',
  'marked_spam', 'unmarked_spam', 'deleted', 'restored', 'note',
] as const;

/** What happened to a contribution and when, for its page's history panel. */
export const contributionStatusHistory = pgTable(
  'contribution_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'restrict' }),
    event: varchar('event', { length: 32 }).notNull(),
    amount: money('amount'),
    note: varchar('note', { length: 500 }),
    occurredAt: timestamp('occurred_at', tz).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contribution_status_history_contribution_idx').on(t.contributionId, t.occurredAt),
    check('contribution_status_history_event_check', inList(t.event, CONTRIBUTION_EVENTS)),
  ],
);
