import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  date,
  inet,
  integer,
  numeric,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { users } from '../users/users.tables.ts';
import { paymentMethods, paymentProviders } from '../payments/payment-methods.tables.ts';
import { shippingMethods } from '../shipping/shipping.tables.ts';
import { tributeTypes } from '../tributes/tribute-types.tables.ts';
import { statusRule } from './contributions.status.ts';

// Column groups of contributions and contribution items, kept apart so the table file that
// holds them (contributions.tables.ts) stays readable.

const tz = { withTimezone: true } as const;

export function statusColumns() {
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
    /**
     * Derived from payment_disputes (modules/payments/disputes.service.ts), never written on their
     * own: what open and lost disputes took (minor units), and the latest dispute's state.
     */
    disputedAmount: money('disputed_amount').notNull().default(0),
    /** open | won | lost */
    disputeStatus: varchar('dispute_status', { length: 10 }),
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

export function amountColumns() {
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
export function paymentColumns() {
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

export function taxAndShippingColumns() {
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

export function trackingColumns() {
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

export function recurringItemColumns() {
  return {
    recurringAmount: money('recurring_amount'),
    recurringFrequency: varchar('recurring_frequency', { length: 12 }),
    recurringDay: smallint('recurring_day'),
    recurringDayOfWeek: smallint('recurring_day_of_week'),
    recurringWithInitialCharge: boolean('recurring_with_initial_charge'),
    recurringCycles: integer('recurring_cycles'),
    recurringStartsOn: date('recurring_starts_on'),
    recurringEndsOn: date('recurring_ends_on'),
  };
}

export function tributeItemColumns() {
  return {
    isTribute: boolean('is_tribute').notNull().default(false),
    tributeTypeId: integer('tribute_type_id').references(() => tributeTypes.id, { onDelete: 'set null' }),
    tributeName: varchar('tribute_name', { length: 100 }),
    tributeMessage: varchar('tribute_message', { length: 5000 }),
    tributeNotify: varchar('tribute_notify', { length: 10 }),
    tributeNotifyName: varchar('tribute_notify_name', { length: 100 }),
    tributeNotifyEmail: varchar('tribute_notify_email', { length: 255 }),
    tributeNotifyAddress: varchar('tribute_notify_address', { length: 450 }),
    tributeNotifyCity: varchar('tribute_notify_city', { length: 45 }),
    tributeNotifyState: varchar('tribute_notify_state', { length: 45 }),
    tributeNotifyZip: varchar('tribute_notify_zip', { length: 45 }),
    tributeNotifyCountry: varchar('tribute_notify_country', { length: 2 }),
    tributeNotifyOn: date('tribute_notify_on'),
  };
}
