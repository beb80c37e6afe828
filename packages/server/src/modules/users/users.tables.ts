import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Staff who sign in to the back-office (not supporters: those are `supporters`). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: varchar('first_name', { length: 45 }).notNull(),
    lastName: varchar('last_name', { length: 45 }).notNull(),
    email: varchar('email', { length: 45 }).notNull(),
    phone: varchar('phone', { length: 36 }),
    passwordHash: text('password_hash').notNull(),
    /** May sign in to the back-office; when off the permission section is hidden. */
    isAdminUser: boolean('is_admin_user').notNull().default(true),
    /** Every permission, now and in future areas. */
    isAccountAdmin: boolean('is_account_admin').notNull().default(false),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    /** SHA-256 of the API token; the token itself is shown once. */
    apiTokenHash: varchar('api_token_hash', { length: 64 }),
    apiTokenLastFour: varchar('api_token_last_four', { length: 4 }),
    /** AES-256-GCM ciphertexts (see auth/crypto.ts), never plain text. */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorRecoveryCodes: text('two_factor_recovery_codes'),
    twoFactorConfirmedAt: timestamp('two_factor_confirmed_at', { withTimezone: true }),
    /** Last TOTP time-step accepted, so a code cannot be replayed. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    loginCount: integer('login_count').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_api_token_unique').on(t.apiTokenHash),
    index('users_name_idx').on(t.lastName, t.firstName),
  ],
);

/** A named set of permissions (Finance, Data entry …) defined once and given to many users. */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 45 }).notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * Which roles each user holds. A role in use cannot be deleted (restrict): the service refuses
 * first with the number of users, the key stops a race. The key's order (user, role) makes the
 * audit trail's record id "user:role", which the user's history finds by its prefix.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
