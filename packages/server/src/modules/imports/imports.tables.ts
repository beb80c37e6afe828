import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { IMPORT_KINDS } from '@almoner/contracts';
import { users } from '../users/users.tables.ts';
import { inList } from '../supporters/supporters.tables.ts';

const tz = { withTimezone: true } as const;

export { IMPORT_KINDS };

/**
 * A spreadsheet import job: acknowledged (10%) → processing → completed (with the rejected rows)
 * or failed (with a message).
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 30 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('acknowledged'),
    progress: smallint('progress').notNull().default(0),
    /** The external import service's workbook/batch id. */
    externalReference: varchar('external_reference', { length: 100 }),
    totalRows: integer('total_rows').notNull().default(0),
    importedRows: integer('imported_rows').notNull().default(0),
    rejectedRows: jsonb('rejected_rows').$type<{ row: Record<string, unknown>; errors: Record<string, string[]> }[]>().notNull().default([]),
    message: text('message'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    completedAt: timestamp('completed_at', tz),
  },
  (t) => [
    index('imports_created_idx').on(t.createdAt.desc()),
    check('imports_status_check', sql`${t.status} in ('acknowledged', 'processing', 'completed', 'failed')`),
    check('imports_progress_check', sql`${t.progress} between 0 and 100`),
    check('imports_kind_check', inList(t.kind, IMPORT_KINDS)),
  ],
);
