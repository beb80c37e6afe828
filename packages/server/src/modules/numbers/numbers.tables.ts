import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { supporters } from '../supporters/supporters.tables.ts';
import { contributions } from '../contributions/contributions.tables.ts';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/** Text-to-give numbers provisioned from the SMS provider; released numbers are kept. */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: serial('id').primaryKey(),
    /** E.164, e.g. +13038970353. */
    identifier: varchar('identifier', { length: 34 }).notNull(),
    /** The national form shown to staff, e.g. 1 (303) 897-0353. */
    shortForm: varchar('short_form', { length: 40 }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    areaCode: varchar('area_code', { length: 10 }),
    /** The provider's id for the number (e.g. a Twilio SID). */
    providerReference: varchar('provider_reference', { length: 64 }),
    provisionedBy: integer('provisioned_by').references(() => users.id, { onDelete: 'set null' }),
    /** Toll-free only: the verification staff filled in and the provider's answer. */
    verification: jsonb('verification'),
    verificationReference: varchar('verification_reference', { length: 64 }),
    verificationStatus: varchar('verification_status', { length: 30 }),
    releasedAt: timestamp('released_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('phone_numbers_identifier_unique').on(t.identifier).where(sql`${t.releasedAt} is null`),
    index('phone_numbers_type_idx').on(t.type),
    check('phone_numbers_type_check', sql`${t.type} in ('toll_free', 'local')`),
  ],
);

/** A word a supporter texts to a number to start a gift (stored upper-case, unique while in use). */
export const messengerKeywords = pgTable(
  'messenger_keywords',
  {
    id: serial('id').primaryKey(),
    phoneNumberId: integer('phone_number_id').notNull().references(() => phoneNumbers.id, { onDelete: 'cascade' }),
    keyword: varchar('keyword', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('messenger_keywords_keyword_unique').on(t.keyword), index('messenger_keywords_number_idx').on(t.phoneNumberId)],
);

/** One conversation per sender: where the bot is in the gift, kept in the database, not in memory. */
export const messengerConversations = pgTable(
  'messenger_conversations',
  {
    id: serial('id').primaryKey(),
    /** The sender, E.164. */
    sender: varchar('sender', { length: 34 }).notNull(),
    /** idle, awaiting_amount or link_sent. */
    state: varchar('state', { length: 20 }).notNull().default('idle'),
    keywordId: integer('keyword_id').references(() => messengerKeywords.id, { onDelete: 'set null' }),
    supporterId: integer('supporter_id').references(() => supporters.id, { onDelete: 'set null' }),
    amount: integer('amount'),
    currencyCode: varchar('currency_code', { length: 3 }),
    /** The contribution the current gift link's payment made (or is making); cleared by a new gift. */
    contributionId: integer('contribution_id').references(() => contributions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messenger_conversations_sender_unique').on(t.sender),
    // Deleting a supporter or a contribution clears the chats that name it (set null): found by these, not by a scan.
    index('messenger_conversations_supporter_idx').on(t.supporterId).where(sql`${t.supporterId} is not null`),
    index('messenger_conversations_contribution_idx').on(t.contributionId).where(sql`${t.contributionId} is not null`),
    check('messenger_conversations_state_check', sql`${t.state} in ('idle', 'awaiting_amount', 'link_sent')`),
  ],
);

/** Every message in and out of a conversation, with any attachment's storage key. */
export const messengerMessages = pgTable(
  'messenger_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id').notNull().references(() => messengerConversations.id, { onDelete: 'cascade' }),
    direction: varchar('direction', { length: 3 }).notNull(),
    body: text('body').notNull().default(''),
    attachmentType: varchar('attachment_type', { length: 10 }),
    attachmentKey: varchar('attachment_key', { length: 255 }),
    actions: jsonb('actions'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('messenger_messages_conversation_idx').on(t.conversationId, t.id),
    check('messenger_messages_direction_check', sql`${t.direction} in ('in', 'out')`),
  ],
);
