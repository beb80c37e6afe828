import { index, inet, integer, pgTable, timestamp, varchar, boolean } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/**
 * Server-side sessions. The cookie holds a random id; the table holds only its SHA-256, so a
 * leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: varchar('id_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Set between a correct password and the second factor; `userId` stays null until then. */
    pendingUserId: integer('pending_user_id').references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    passwordConfirmedAt: timestamp('password_confirmed_at', { withTimezone: true }),
    ipAddress: inet('ip_address'),
    userAgent: varchar('user_agent', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Sign-in attempt counters (by email and address, by address, by email), checked before any
 * password hashing, and the addresses each email last signed in from (`login:known:` keys).
 */
export const authThrottle = pgTable('auth_throttle', {
  key: varchar('key', { length: 320 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Password reset and invitation tokens, one per email (Laravel's password_reset_tokens). Only the
 * token's SHA-256 is kept, so the table cannot be used to reset a password.
 */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  email: varchar('email', { length: 320 }).primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
