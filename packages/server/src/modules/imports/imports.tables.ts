import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { IMPORT_KINDS } from '@almoner/contracts';
import { users } from '../users/users.tables.ts';
import { inList } from '../../db/columns.ts';

const tz = { withTimezone: true } as const;

export { IMPORT_KINDS };

/**
 * A spreadsheet import job: acknowledged (10%) → processing → completed (with the rejected rows)
 * or failed (with a message); a completed one can later be undone as a whole.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 30 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('acknowledged'),
    progress: smallint('progress').notNull().default(0),
    /** The external import service's workbook/batch id; one job per (kind, reference). */
    externalReference: varchar('external_reference', { length: 100 }),
    /** What to do with a row that matches an existing record: create anyway, update it, or skip the row. */
    mode: varchar('mode', { length: 6 }).notNull().default('create'),
    /** Reports what would happen without writing anything. */
    dryRun: boolean('dry_run').notNull().default(false),
    filename: varchar('filename', { length: 255 }),
    totalRows: integer('total_rows').notNull().default(0),
    importedRows: integer('imported_rows').notNull().default(0),
    createdRows: integer('created_rows').notNull().default(0),
    updatedRows: integer('updated_rows').notNull().default(0),
    skippedRows: integer('skipped_rows').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    rejectedRows: jsonb('rejected_rows').$type<{ row: Record<string, unknown>; errors: Record<string, string[]> }[]>().notNull().default([]),
    message: text('message'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    completedAt: timestamp('completed_at', tz),
    undoneAt: timestamp('undone_at', tz),
  },
  (t) => [
    index('imports_created_idx').on(t.createdAt.desc()),
    uniqueIndex('imports_kind_reference_key').on(t.kind, t.externalReference),
    check('imports_status_check', sql`${t.status} in ('acknowledged', 'processing', 'completed', 'failed', 'undone')`),
    check('imports_mode_check', sql`${t.mode} in ('create', 'update', 'skip')`),
    check('imports_progress_check', sql`${t.progress} between 0 and 100`),
    check('imports_kind_check', inList(t.kind, IMPORT_KINDS)),
  ],
);

/**
 * Every row of an import as it was sent (the raw cells, never a password), what the server's
 * own check found, and what became of it: the record it created or matched. Undo reads this.
 */
export const importRows = pgTable(
  'import_rows',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    raw: jsonb('raw').$type<Record<string, unknown>>().notNull(),
    errors: jsonb('errors').$type<Record<string, string[]>>().notNull().default({}),
    warnings: jsonb('warnings').$type<Record<string, string[]>>().notNull().default({}),
    /** A supporter password sealed with the app key (AES-GCM) until the job hashes it; then null. */
    sealedSecret: text('sealed_secret'),
    outcome: varchar('outcome', { length: 10 }).notNull().default('pending'),
    /** The record created or matched (its table is the import's kind). */
    recordId: integer('record_id'),
    /** The record's fields before an update, so undo can put them back. */
    previous: jsonb('previous').$type<Record<string, unknown>>(),
    /** The record's updated_at as the import left it: undo refuses once it has changed. */
    recordStamp: timestamp('record_stamp', { ...tz, precision: 6 }),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('import_rows_import_row_key').on(t.importId, t.rowNumber),
    index('import_rows_record_idx').on(t.recordId),
    // The apply job's next batch: an import's rows still pending, in id order. Without it each
    // batch's read went through every later row of the import (quadratic: 5.8 s of a 100,000-row
    // apply); rows leave this index as they are applied.
    index('import_rows_pending_idx').on(t.importId, t.id).where(sql`${t.outcome} = 'pending'`),
    check('import_rows_outcome_check', sql`${t.outcome} in ('pending', 'created', 'updated', 'skipped', 'rejected', 'undone')`),
  ],
);
