import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { appeals, campaigns } from '../campaigns/campaigns.tables.ts';
import { contributions } from '../contributions/contributions.tables.ts';
import { productVariants } from '../products/products.tables.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * A deposit's gifts keyed together (issue 37 item 2): open while they are typed, closed once
 * its count and total match the deposit's and every gift is posted. Audited like every
 * business table; its page's history reads these rows and its gifts' rows.
 */
export const giftBatches = pgTable(
  'gift_batches',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    depositDate: date('deposit_date').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    expectedCount: integer('expected_count').notNull(),
    expectedTotal: money('expected_total').notNull(),
    status: varchar('status', { length: 6 }).notNull().default('open'),
    closedAt: timestamp('closed_at', tz),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('gift_batches_status_idx').on(t.status, t.depositDate.desc()),
    index('gift_batches_closed_by_idx').on(t.closedBy),
    index('gift_batches_created_by_idx').on(t.createdBy),
    check('gift_batches_status_check', sql`${t.status} in ('open', 'closed')`),
    check('gift_batches_closed_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

/** One cheque or cash gift of a batch; `contribution_id` is the gift it was posted as. */
export const giftBatchGifts = pgTable(
  'gift_batch_gifts',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull().references(() => giftBatches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    supporterId: integer('supporter_id').references(() => supporters.id, { onDelete: 'set null' }),
    amount: money('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    paymentType: varchar('payment_type', { length: 5 }).notNull(),
    checkNumber: varchar('check_number', { length: 45 }),
    variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'restrict' }),
    receivedOn: date('received_on').notNull(),
    note: text('note'),
    /** Credited to the contribution when the batch is posted (issue 37 items 2 and 5). */
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    appealId: integer('appeal_id').references(() => appeals.id, { onDelete: 'restrict' }),
    contributionId: integer('contribution_id').references(() => contributions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('gift_batch_gifts_batch_idx').on(t.batchId, t.position),
    index('gift_batch_gifts_supporter_idx').on(t.supporterId),
    index('gift_batch_gifts_variant_idx').on(t.variantId),
    index('gift_batch_gifts_contribution_idx').on(t.contributionId),
    index('gift_batch_gifts_campaign_idx').on(t.campaignId),
    index('gift_batch_gifts_appeal_idx').on(t.appealId),
    check('gift_batch_gifts_type_check', sql`${t.paymentType} in ('check', 'cash')`),
    check('gift_batch_gifts_amount_check', sql`${t.amount} > 0`),
  ],
);
