import { boolean, char, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { addressColumns } from '../../db/columns.ts';
import { supporters } from '../supporters/supporters.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * Gateways the organisation can take payments with (sandbox, stripe, paypal, gocardless …).
 * `credentials` is AES-GCM ciphertext of a JSON object (see auth/crypto.ts), never plain text.
 */
export const paymentProviders = pgTable(
  'payment_providers',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 32 }).notNull(),
    /** credit_card | paypal | bank | offline */
    providerType: varchar('provider_type', { length: 20 }).notNull(),
    displayName: varchar('display_name', { length: 100 }),
    enabled: boolean('enabled').notNull().default(false),
    testMode: boolean('test_mode').notNull().default(true),
    credentials: text('credentials'),
    isAchAllowed: boolean('is_ach_allowed').notNull().default(false),
    isWalletPayAllowed: boolean('is_wallet_pay_allowed').notNull().default(false),
    requireCvv: boolean('require_cvv').notNull().default(true),
    /** Everything else the provider's settings form holds (cards accepted, duplicate window …). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_providers_provider_unique').on(t.provider)],
);

/** Saved cards and bank accounts (tokens at the gateway), listed on supporters and in the POS. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    supporterId: integer('supporter_id')
      .notNull()
      .references(() => supporters.id, { onDelete: 'cascade' }),
    paymentProviderId: integer('payment_provider_id').references(() => paymentProviders.id, { onDelete: 'set null' }),
    /**
     * The gateway that keeps the token (sandbox, stripe): it alone can charge it, whatever gateway
     * the organisation takes new payments with. Null on methods saved before it was kept.
     */
    gateway: varchar('gateway', { length: 32 }),
    /** The gateway's customer the token is attached to (Stripe's cus_…), which charges of it name. */
    gatewayCustomer: varchar('gateway_customer', { length: 255 }),
    /** ACTIVE | PENDING | FAILED | EXPIRED; only ACTIVE are offered. */
    status: varchar('status', { length: 12 }).notNull().default('ACTIVE'),
    displayName: varchar('display_name', { length: 100 }),
    /** The gateway's token (AES-GCM ciphertext). */
    token: text('token'),
    useAsDefault: boolean('use_as_default').notNull().default(false),
    /** card | bank | paypal */
    type: varchar('type', { length: 10 }).notNull().default('card'),
    cardBrand: varchar('card_brand', { length: 20 }),
    accountLastFour: varchar('account_last_four', { length: 4 }),
    cardExpiryMonth: smallint('card_expiry_month'),
    cardExpiryYear: smallint('card_expiry_year'),
    cardWallet: varchar('card_wallet', { length: 20 }),
    bankName: varchar('bank_name', { length: 100 }),
    bankAccountType: varchar('bank_account_type', { length: 10 }),
    bankAccountHolderType: varchar('bank_account_holder_type', { length: 10 }),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    ...addressColumns('bill'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [index('payment_methods_supporter_idx').on(t.supporterId)],
);

/**
 * A supporter's customer at a gateway that has them (Stripe): created once, the first time a
 * method is saved for them there, and every later method and renewal uses it.
 */
export const paymentGatewayCustomers = pgTable(
  'payment_gateway_customers',
  {
    id: serial('id').primaryKey(),
    supporterId: integer('supporter_id')
      .notNull()
      .references(() => supporters.id, { onDelete: 'cascade' }),
    gateway: varchar('gateway', { length: 32 }).notNull(),
    /** The gateway's id of the customer (cus_…). */
    reference: varchar('reference', { length: 255 }).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_gateway_customers_supporter_gateway_unique').on(t.supporterId, t.gateway)],
);
