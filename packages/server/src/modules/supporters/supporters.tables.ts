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
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';
import { addressColumns, money } from '../../db/columns.ts';

const tz = { withTimezone: true } as const;

/** Supporter types (seeded: Individual, Organization); organisations display their org name. */
export const accountTypes = pgTable('account_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 45 }).notNull().unique(),
  isOrganization: boolean('is_organization').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  /** Code of the matching donor type in the donor CRM. */
  crmCode: varchar('crm_code', { length: 45 }),
  onWeb: boolean('on_web').notNull().default(true),
  sequence: integer('sequence').notNull().default(0),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/** Membership levels sold through variants (`product_variants.membership_id`). */
export const memberships = pgTable(
  'memberships',
  {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  description: text('description'),
  /** Length of a membership bought today; null = never expires. */
  durationDays: integer('duration_days'),
  /** What the level costs in the organisation's currency (minor units); null when it has no set price. */
  price: money('price'),
  /** How a renewal is counted: from the old expiry, or from the day it is renewed (issue 38 item 1). */
  renewalRule: varchar('renewal_rule', { length: 12 }).notNull().default('from_expiry'),
  crmId: varchar('crm_id', { length: 45 }),
  isPublic: boolean('is_public').notNull().default(true),
  sequence: integer('sequence').notNull().default(0),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [check('memberships_renewal_rule_check', sql`${t.renewalRule} in ('from_expiry', 'from_today')`)],
);

/**
 * Donors and customers ("accounts"). Lifetime figures are kept in step with contributions
 * (see seed/derive.ts for the rule): counted contributions are paid, not test, not spam, not
 * deleted and not fully refunded; an item is a donation when `contribution_items.is_donation`.
 */
export const supporters = pgTable(
  'supporters',
  {
    id: serial('id').primaryKey(),
    accountTypeId: integer('account_type_id').references(() => accountTypes.id),
    title: varchar('title', { length: 45 }),
    firstName: varchar('first_name', { length: 45 }),
    lastName: varchar('last_name', { length: 45 }),
    /** Organisation name for organisation types, else "First Last"; what listings show. */
    displayName: varchar('display_name', { length: 150 }),
    email: varchar('email', { length: 45 }),
    /** argon2id hash when the supporter has a login on the public site. */
    passwordHash: text('password_hash'),
    lastLoginAt: timestamp('last_login_at', tz),
    ...addressColumns('bill'),
    ...addressColumns('ship'),
    referralSource: varchar('referral_source', { length: 100 }),
    /** The number on the member's card, as the organisation issues it; one supporter per number. */
    membershipNumber: varchar('membership_number', { length: 45 }),
    referredBySupporterId: integer('referred_by_supporter_id').references((): AnyPgColumn => supporters.id, {
      onDelete: 'set null',
    }),
    nps: smallint('nps'),
    /** Donor id in the donor CRM, and the Salesforce id from imports. */
    donorId: varchar('donor_id', { length: 45 }),
    sfId: varchar('sf_id', { length: 45 }),
    isActive: boolean('is_active').notNull().default(true),
    archivedAt: timestamp('archived_at', tz),
    isSpam: boolean('is_spam').notNull().default(false),
    verifiedStatus: varchar('verified_status', { length: 10 }),
    emailOptIn: boolean('email_opt_in').notNull().default(false),
    emailOptInChangedAt: timestamp('email_opt_in_changed_at', tz),
    /** Post, phone and SMS preferences; each change is kept in supporter_consent_changes. */
    postOptIn: boolean('post_opt_in').notNull().default(false),
    phoneOptIn: boolean('phone_opt_in').notNull().default(false),
    smsOptIn: boolean('sms_opt_in').notNull().default(false),
    /** Stops every message, receipts by e-mail included, whatever the channels say. */
    doNotContact: boolean('do_not_contact').notNull().default(false),
    /** Set when the supporter died: stops every message, and every screen naming them says so. */
    deceasedOn: date('deceased_on', { mode: 'string' }),
    signUpMethod: varchar('sign_up_method', { length: 20 }),
    language: varchar('language', { length: 10 }),
    timezone: varchar('timezone', { length: 50 }),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    lifetimeDonationAmount: money('lifetime_donation_amount').notNull().default(0),
    lifetimeDonationCount: integer('lifetime_donation_count').notNull().default(0),
    lifetimePurchaseAmount: money('lifetime_purchase_amount').notNull().default(0),
    lifetimePurchaseCount: integer('lifetime_purchase_count').notNull().default(0),
    lifetimeFundraisingAmount: money('lifetime_fundraising_amount').notNull().default(0),
    lifetimeFundraisingCount: integer('lifetime_fundraising_count').notNull().default(0),
    firstPaymentAt: timestamp('first_payment_at', tz),
    lastPaymentAt: timestamp('last_payment_at', tz),
    /** Lower-cased names, emails, phone and ids for the listing's search box. */
    searchableText: text('searchable_text'),
    /**
     * Set when the person's data was erased on their request (supporters.erase.ts): the row
     * stays, nameless, so their gifts and receipts keep adding up; no search finds it and no
     * one can edit, e-mail it or move gifts to it.
     */
    erasedAt: timestamp('erased_at', tz),
    erasedBy: integer('erased_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('supporters_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('supporters_active_created_idx').on(t.isActive, t.createdAt.desc(), t.id.desc()),
    // E-mail, donor id and referral source lookups use the listing's sort indexes on the same
    // leading column (migration 0009: supporters_email_sort_idx and its siblings).
    // The form's possible duplicates compare first and last names case-blind (supporters.edit.ts).
    index('supporters_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
    // Erasing or merging a supporter clears the referrals that name it; few supporters were referred.
    index('supporters_referred_by_idx').on(t.referredBySupporterId).where(sql`${t.referredBySupporterId} is not null`),
    uniqueIndex('supporters_membership_number_unique').on(sql`lower(${t.membershipNumber})`),
    check('supporters_nps_range', sql`${t.nps} between 0 and 10`),
  ],
);
