import { CONSENT_SOURCES, CONSENT_TOPICS, type ConsentSource, type ConsentTopic } from '@almoner/contracts';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { inList } from '../../db/columns.ts';
import { users } from '../users/users.tables.ts';
import { supporters } from './supporters.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * Every change of a supporter's contact preferences or deceased mark, as a regulator would ask
 * for it: what changed (from → to), the date it took effect, where it came from, who recorded it
 * and why. Rows are only ever added, so the table is a log, not an audited record.
 */
export const supporterConsentChanges = pgTable(
  'supporter_consent_changes',
  {
    id: serial('id').primaryKey(),
    supporterId: integer('supporter_id').notNull().references(() => supporters.id, { onDelete: 'cascade' }),
    topic: varchar('topic', { length: 20 }).$type<ConsentTopic>().notNull(),
    /** Opted in / do not contact / deceased, before and after the change. */
    previous: boolean('previous').notNull(),
    granted: boolean('granted').notNull(),
    /** When it took effect: the day the donor said so, or the date of death. */
    changedOn: date('changed_on', { mode: 'string' }).notNull(),
    source: varchar('source', { length: 20 }).$type<ConsentSource>().notNull(),
    note: text('note'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('supporter_consent_changes_supporter_idx').on(t.supporterId, t.recordedAt.desc()),
    index('supporter_consent_changes_recorded_by_idx').on(t.recordedBy),
    check('supporter_consent_changes_topic_check', inList(t.topic, CONSENT_TOPICS)),
    check('supporter_consent_changes_source_check', inList(t.source, CONSENT_SOURCES)),
  ],
);
