import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { products } from '../products/products.tables.ts';

const tz = { withTimezone: true } as const;

const tabProduct = (name: string) => integer(name).references(() => products.id, { onDelete: 'set null' });

/** Live-streamed fundraising events (spec part 3 §3). Stream URL and key come from the stream. */
export const virtualEvents = pgTable(
  'virtual_events',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    slug: varchar('slug', { length: 255 }).notNull(),
    startDate: timestamp('start_date', tz),
    logo: varchar('logo', { length: 2048 }),
    backgroundImage: varchar('background_image', { length: 2048 }),
    themeStyle: varchar('theme_style', { length: 5 }).notNull().default('dark'),
    themePrimaryColor: varchar('theme_primary_color', { length: 10 }).notNull().default('blue'),
    videoSource: varchar('video_source', { length: 20 }),
    videoId: varchar('video_id', { length: 255 }),
    chatId: varchar('chat_id', { length: 255 }),
    isChatEnabled: boolean('is_chat_enabled').notNull().default(true),
    isAmountTallyEnabled: boolean('is_amount_tally_enabled').notNull().default(true),
    isHonorRollEnabled: boolean('is_honor_roll_enabled').notNull().default(true),
    isEmojiReactionEnabled: boolean('is_emoji_reaction_enabled').notNull().default(true),
    isCelebrationEnabled: boolean('is_celebration_enabled').notNull().default(true),
    /** In minor units of currency_code (default 1,000.00). */
    celebrationThreshold: money('celebration_threshold').notNull().default(100000),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    prestreamMessageLine1: varchar('prestream_message_line_1', { length: 255 }),
    prestreamMessageLine2: varchar('prestream_message_line_2', { length: 255 }),
    tabOneLabel: varchar('tab_one_label', { length: 45 }),
    tabOneProductId: tabProduct('tab_one_product_id'),
    tabTwoLabel: varchar('tab_two_label', { length: 45 }),
    tabTwoProductId: tabProduct('tab_two_product_id'),
    tabThreeLabel: varchar('tab_three_label', { length: 45 }),
    tabThreeProductId: tabProduct('tab_three_product_id'),
    /** The live stream at the video provider, when one was created (video_source mux). */
    streamReference: varchar('stream_reference', { length: 255 }),
    streamKey: text('stream_key'),
    isDemoModeEnabled: boolean('is_demo_mode_enabled').notNull().default(false),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    uniqueIndex('virtual_events_slug_unique').on(t.slug).where(sql`${t.deletedAt} is null`),
    index('virtual_events_start_idx').on(t.startDate.desc()),
    check('virtual_events_theme_style_check', sql`${t.themeStyle} in ('dark', 'light')`),
  ],
);
