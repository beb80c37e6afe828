import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * A fundraising campaign (issue 37 item 5): a goal in the organisation currency over a period.
 * Gifts are credited to it through `contributions.campaign_id` (and an appeal).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Minor units of `currency_code`, the organisation currency when the goal was set. */
    goalAmount: money('goal_amount').notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    description: text('description'),
    /** The thank-you letter (Liquid) for gifts to this campaign; null: the default one in Settings. */
    thankYouLetter: text('thank_you_letter'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    // Imports name a campaign by its name: two alike (in any case) could not be told apart.
    uniqueIndex('campaigns_name_unique').on(sql`lower(${t.name})`),
    check('campaigns_dates_check', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    check('campaigns_goal_check', sql`${t.goalAmount} > 0`),
  ],
);

/**
 * An appeal of a campaign (a mailing, an event, a page), known by a code imports and batches
 * type: unique over every campaign, so a code alone says where a gift goes.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 30 }).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('appeals_code_unique').on(t.code), index('appeals_campaign_idx').on(t.campaignId)],
);

/**
 * The donors an appeal was started with (from a LYBUNT or SYBUNT list): who is asked. The
 * supporters list filters on it, and a saved view of that list names it.
 */
export const appealSupporters = pgTable(
  'appeal_supporters',
  {
    appealId: integer('appeal_id')
      .notNull()
      .references(() => appeals.id, { onDelete: 'cascade' }),
    supporterId: integer('supporter_id')
      .notNull()
      .references(() => supporters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appealId, t.supporterId] }), index('appeal_supporters_supporter_idx').on(t.supporterId)],
);
