import { bigserial, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

/**
 * The built-in sandbox donor CRM: donors, gifts and codes kept in the app's own database, so the
 * CRM features work on a fresh machine. Ids are numbers as in DonorPerfect.
 */
export const crmSandboxDonors = pgTable(
  'crm_sandbox_donors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    firstName: varchar('first_name', { length: 50 }).notNull().default(''),
    lastName: varchar('last_name', { length: 75 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    address: varchar('address', { length: 450 }).notNull().default(''),
    city: varchar('city', { length: 200 }).notNull().default(''),
    state: varchar('state', { length: 45 }).notNull().default(''),
    zip: varchar('zip', { length: 45 }).notNull().default(''),
    country: varchar('country', { length: 45 }).notNull().default(''),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('crm_sandbox_donors_email_idx').on(t.email)],
);

/** Gifts (record type G) and pledges (P); a refund is a negative gift, as staff record it in DonorPerfect. */
export const crmSandboxGifts = pgTable(
  'crm_sandbox_gifts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    donorId: integer('donor_id').notNull(),
    recordType: varchar('record_type', { length: 1 }).notNull().default('G'),
    giftDate: date('gift_date', { mode: 'string' }).notNull(),
    /** Decimal amount as the CRM keeps it. */
    amount: varchar('amount', { length: 30 }).notNull(),
    glCode: varchar('gl_code', { length: 200 }).notNull().default(''),
    campaign: varchar('campaign', { length: 200 }).notNull().default(''),
    solicitCode: varchar('solicit_code', { length: 200 }).notNull().default(''),
    reference: varchar('reference', { length: 100 }).notNull().default(''),
    giftNarrative: text('gift_narrative').notNull().default(''),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('crm_sandbox_gifts_donor_idx').on(t.donorId), index('crm_sandbox_gifts_reference_idx').on(t.reference)],
);

export const crmSandboxCodes = pgTable(
  'crm_sandbox_codes',
  {
    fieldName: varchar('field_name', { length: 40 }).notNull(),
    code: varchar('code', { length: 200 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    inactive: boolean('inactive').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.fieldName, t.code] })],
);
