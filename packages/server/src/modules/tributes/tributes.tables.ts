import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { contributionItems } from '../contributions/contributions.tables.ts';
import { tributeTypes } from './tribute-types.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * A gift made in someone's name, created once per tributed contribution item. "Unsent" means
 * `notify` is set and `notified_at` is null; notifying a letter only marks it as notified.
 */
export const tributes = pgTable(
  'tributes',
  {
    id: serial('id').primaryKey(),
    contributionItemId: integer('contribution_item_id').references((): AnyPgColumn => contributionItems.id, {
      onDelete: 'restrict',
    }),
    tributeTypeId: integer('tribute_type_id').references(() => tributeTypes.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull(),
    amount: money('amount').notNull().default(0),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    message: varchar('message', { length: 5000 }),
    /** email | letter | null (no notification) */
    notify: varchar('notify', { length: 10 }),
    notifyName: varchar('notify_name', { length: 100 }),
    notifyEmail: varchar('notify_email', { length: 255 }),
    notifyAddress: varchar('notify_address', { length: 450 }),
    notifyCity: varchar('notify_city', { length: 45 }),
    notifyState: varchar('notify_state', { length: 45 }),
    notifyZip: varchar('notify_zip', { length: 45 }),
    notifyCountry: varchar('notify_country', { length: 2 }),
    notifyOn: date('notify_on'),
    notifiedAt: timestamp('notified_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    uniqueIndex('tributes_item_unique').on(t.contributionItemId),
    index('tributes_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('tributes_unsent_idx').on(t.notify, t.notifyOn).where(sql`${t.notifiedAt} is null and ${t.deletedAt} is null`),
    check('tributes_notify_check', sql`${t.notify} is null or ${t.notify} in ('email', 'letter')`),
  ],
);
