import type { SpreadsheetImportKind } from '@almoner/contracts';
import type { Tx } from '../../db/client.ts';
import type { EventBatch } from '../domain-events/domain-events.service.ts';
import type { importRows, imports } from './imports.tables.ts';

/**
 * What each import kind does with its staged rows. A kind's file registers its handler; the job
 * and undo dispatch through here, so adding a kind touches no other kind's code.
 */
export type ImportJobRow = typeof imports.$inferSelect;
export type StagedRow = typeof importRows.$inferSelect;

/** Shared lookups loaded once per batch (account types, membership levels, currency, today). */
export type Lookups = {
  accountTypes: Map<string, { id: number; isOrganization: boolean; name: string }>;
  defaultAccountType: { id: number; isOrganization: boolean } | null;
  memberships: Map<string, { id: number; name: string }>;
  currency: string;
  /** The organisation's time zone (a row's date is a day there). */
  timeZone: string;
  today: string;
  /** The batch's domain events, written together at its end in the same transaction (see EventBatch). */
  events: EventBatch;
  /** A row's day → the instant it starts in the organisation's time zone, asked once per day. */
  dayStarts: Map<string, Date>;
};

/** One row's outcome, written back to import_rows (`previous` and `stamp` are what undo uses). */
export type RowResult = {
  outcome: 'created' | 'updated' | 'skipped' | 'rejected';
  recordId: number | null;
  errors?: Record<string, string[]>;
  previous?: Record<string, unknown> | null;
  stamp?: Date | null;
  note?: string | null;
};

export type ImportKindHandler = {
  /** Checks the staged row again (never trusting the browser) and applies it in `tx`; a dry run writes nothing. */
  apply(tx: Tx, job: ImportJobRow, row: StagedRow, lookups: Lookups): Promise<RowResult>;
  /**
   * Optional: applies the whole batch with a few set-based statements, with exactly the outcomes
   * `apply` would give row by row in order (the job uses it instead of `apply` when present).
   */
  applyBatch?(tx: Tx, job: ImportJobRow, rows: StagedRow[], lookups: Lookups): Promise<RowResult[]>;
  /** Optional: loads in one query what `apply` would otherwise look up row by row (same `lookups` object). */
  prepare?(tx: Tx, job: ImportJobRow, rows: StagedRow[], lookups: Lookups): Promise<void>;
  /**
   * Puts back every created/updated row of one import (newest row first) in `tx`, or throws
   * AppError('conflict', UNDO_REFUSED) when any of its records changed since.
   */
  undo(tx: Tx, rows: StagedRow[]): Promise<void>;
  /**
   * Optional: the tables a large import of this kind grows. The job refreshes their planner
   * statistics each time it has doubled the rows it applied, so a table that started small (the
   * planner's estimate) is not scanned as if it still were: the batch's lookups stay index probes.
   */
  grows?: readonly string[];
};

const handlers = new Map<SpreadsheetImportKind, ImportKindHandler>();

export function registerImportKind(kind: SpreadsheetImportKind, handler: ImportKindHandler): void {
  handlers.set(kind, handler);
}

export function importKindHandler(kind: string): ImportKindHandler | null {
  return handlers.get(kind as SpreadsheetImportKind) ?? null;
}

export const UNDO_REFUSED = 'Some records of this import have changed since it ran, so it can no longer be undone.';
