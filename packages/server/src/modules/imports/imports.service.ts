import type {
  importSubmitSchema} from '@almoner/contracts';
import {
  checkImportRow,
  hasErrors,
  importFieldsFor,
  type ImportJobView,
  type ImportMatchMode,
  importMessages,
  messages,
  type SpreadsheetImportKind,
} from '@almoner/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../db/actor.ts';
import { withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { encrypt } from '../auth/crypto.ts';
import { enqueue } from '../jobs/jobs.queue.ts';
import { importRows, imports } from './imports.tables.ts';
import { importApplyJob } from './imports.job.ts';
import { importKindHandler } from './imports.kinds.ts';
import { segmentRules } from './imports.segment-rules.ts';
import { configuredImportKey } from './imports.settings.ts';

/** What `{product}` stands for in the spec's import messages. */
export const PRODUCT = 'Almoner';

/** Kinds whose rows this server can apply. The field lists and checks cover all four. */
export const APPLIED_KINDS = ['supporters', 'sponsorships-timeline', 'sponsorships', 'contributions'] as const satisfies readonly SpreadsheetImportKind[];
export type AppliedKind = (typeof APPLIED_KINDS)[number];

export async function fieldsFor(db: Queryable, kind: SpreadsheetImportKind) {
  return importFieldsFor(kind, kind === 'sponsorships' ? await segmentRules(db) : {});
}

type ImportRow = typeof imports.$inferSelect;

export function toView(row: ImportRow): ImportJobView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as ImportJobView['status'],
    progress: row.progress,
    dry_run: row.dryRun,
    mode: row.mode as ImportMatchMode,
    filename: row.filename,
    total_rows: row.totalRows,
    counts: { created: row.createdRows, updated: row.updatedRows, skipped: row.skippedRows, rejected: row.rejectedCount },
    message: row.message,
    undoable: row.status === 'completed' && !row.dryRun && row.createdRows + row.updatedRows > 0,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export async function getImport(db: Queryable, id: number): Promise<ImportRow> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  if (!row) throw new AppError('not_found', messages.notFound);
  return row;
}

export async function listImports(db: Queryable, kind?: string) {
  const rows = await db
    .select()
    .from(imports)
    .where(kind ? eq(imports.kind, kind) : undefined)
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(100);
  return { data: rows.map(toView) };
}

/** Passwords never reach a table in plain text: sealed here, hashed by the job, then dropped. */
const SECRET_FIELDS = new Set(['password']);

/**
 * Creates (or finds) the job for `(kind, external_reference)`, checks every row again here and
 * stages them in import_rows. The job is acknowledged at 10%; the webhook call starts it.
 */
export async function submitImport(
  db: Db,
  actor: Actor,
  kind: AppliedKind,
  input: z.output<typeof importSubmitSchema>,
): Promise<{ job: ImportJobView; created: boolean }> {
  if (input.external_reference) {
    const [existing] = await db
      .select()
      .from(imports)
      .where(and(eq(imports.kind, kind), eq(imports.externalReference, input.external_reference)));
    if (existing) return { job: toView(existing), created: false };
  }
  const key = configuredImportKey();
  // Sponsorship rows are checked against the live segment values, as the job checks them again.
  const rules = kind === 'sponsorships' ? await segmentRules(db) : {};
  return withActor(db, actor, async (tx) => {
    const [job] = await tx
      .insert(imports)
      .values({
        kind,
        status: 'acknowledged',
        progress: 10,
        externalReference: input.external_reference ?? null,
        mode: input.mode,
        dryRun: input.dry_run,
        filename: input.filename ?? null,
        totalRows: input.rows.length,
        createdBy: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!job) {
      // A second submit of the same reference raced this one: that job is this job.
      const [existing] = await tx
        .select()
        .from(imports)
        .where(and(eq(imports.kind, kind), eq(imports.externalReference, input.external_reference ?? '')));
      if (!existing) throw new AppError('conflict', messages.conflict);
      return { job: toView(existing), created: false };
    }
    const staged = input.rows.map((row, i) => {
      const check = checkImportRow(kind, row, { segments: rules });
      const raw: Record<string, unknown> = {};
      let sealed: string | null = null;
      for (const [k, v] of Object.entries(row)) {
        if (SECRET_FIELDS.has(k)) {
          if (typeof v === 'string' && v !== '' && !v.includes('\u0000')) sealed = encrypt(key, v);
          continue;
        }
        raw[k] = typeof v === 'string' ? v.replaceAll('\u0000', '') : v;
      }
      return {
        importId: job.id,
        rowNumber: i + 1,
        raw,
        errors: check.errors,
        warnings: check.warnings,
        sealedSecret: hasErrors(check) || input.dry_run ? null : sealed,
        outcome: hasErrors(check) ? 'rejected' : 'pending',
      };
    });
    for (let i = 0; i < staged.length; i += 500) await tx.insert(importRows).values(staged.slice(i, i + 500));
    return { job: toView(job), created: true };
  });
}

/**
 * `POST /flatfile/webhook/{kind}`: the import service (here, the screen) says the workbook is
 * ready; the job is queued. Answers 200 only when the job is queued or already running/finished.
 */
export async function startImport(db: Db, actor: Actor, kind: string, workbookId: string): Promise<ImportJobView> {
  return withActor(db, actor, async (tx) => {
    const [job] = await tx
      .select()
      .from(imports)
      .where(and(eq(imports.kind, kind), eq(imports.externalReference, workbookId)))
      .for('update');
    if (!job) throw new AppError('not_found', importMessages.jobFailed(PRODUCT));
    if (job.status !== 'acknowledged') return toView(job);
    const [updated] = await tx
      .update(imports)
      .set({ status: 'processing', updatedAt: new Date() })
      .where(eq(imports.id, job.id))
      .returning();
    await enqueue(tx, importApplyJob, { importId: job.id }, { singletonKey: `import:${job.id}` });
    return toView(updated as ImportRow);
  });
}

/** The per-row outcome file: row number, outcome, record id, messages, then the raw cells. */
export async function outcomeRows(db: Queryable, id: number) {
  const job = await getImport(db, id);
  const rows = await db.select().from(importRows).where(eq(importRows.importId, id)).orderBy(asc(importRows.rowNumber));
  // jsonb keeps keys in its own order: the file follows the kind's field order, then other columns.
  const order = new Map(importFieldsFor(job.kind as SpreadsheetImportKind).map((f, i) => [f.key, i]));
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r.raw)))].sort(
    (a, b) => (order.get(a) ?? 1e6) - (order.get(b) ?? 1e6) || a.localeCompare(b),
  );
  return { job, rows, columns };
}

export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // Spreadsheet formulas are neutralised (ARCHITECTURE: CSV exports).
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function messagesOf(bag: Record<string, string[]>): string {
  return Object.entries(bag)
    .map(([k, list]) => `${k}: ${list.join(' ')}`)
    .join('; ');
}

export async function outcomeCsv(db: Queryable, id: number, rejectedOnly: boolean): Promise<{ filename: string; body: string }> {
  const { job, rows, columns } = await outcomeRows(db, id);
  const header = ['row', 'outcome', 'record_id', 'errors', 'warnings', ...columns];
  const lines = [header.map(csvCell).join(',')];
  for (const r of rows) {
    if (rejectedOnly && r.outcome !== 'rejected') continue;
    lines.push(
      [r.rowNumber, r.outcome, r.recordId ?? '', messagesOf(r.errors), messagesOf(r.warnings), ...columns.map((c) => r.raw[c])]
        .map((v) => csvCell(typeof v === 'number' ? String(v) : v))
        .join(','),
    );
  }
  const name = `import-${job.id}-${job.kind}${rejectedOnly ? '-rejected' : ''}.csv`;
  return { filename: name, body: `${lines.join('\r\n')}\r\n` };
}

export { UNDO_REFUSED } from './imports.kinds.ts';

/**
 * Undoes a whole import by its id, in one transaction, through its kind's handler: it deletes
 * what the import created and puts back what it changed, only while all of it is untouched since.
 */
export async function undoImport(db: Db, actor: Actor, id: number): Promise<ImportJobView> {
  return withActor(db, actor, async (tx) => {
    const [job] = await tx.select().from(imports).where(eq(imports.id, id)).for('update');
    if (!job) throw new AppError('not_found', messages.notFound);
    if (job.status !== 'completed' || job.dryRun || !(APPLIED_KINDS as readonly string[]).includes(job.kind)) {
      throw new AppError('conflict', 'Only a completed import that changed records can be undone.');
    }
    const rows = await tx
      .select()
      .from(importRows)
      .where(and(eq(importRows.importId, id), sql`${importRows.outcome} in ('created', 'updated')`))
      .orderBy(desc(importRows.rowNumber));
    if (!rows.length) throw new AppError('conflict', 'Only a completed import that changed records can be undone.');
    const handler = importKindHandler(job.kind);
    if (!handler) throw new AppError('conflict', 'Only a completed import that changed records can be undone.');
    await handler.undo(tx, rows);
    return closeUndo(tx, id, rows.length);
  });
}

async function closeUndo(tx: Tx, id: number, count: number): Promise<ImportJobView> {
  await tx.update(importRows).set({ outcome: 'undone' }).where(and(eq(importRows.importId, id), sql`${importRows.outcome} in ('created', 'updated')`));
  const [updated] = await tx
    .update(imports)
    .set({ status: 'undone', undoneAt: new Date(), updatedAt: new Date(), message: `Undone: ${count} records put back.` })
    .where(eq(imports.id, id))
    .returning();
  return toView(updated as ImportRow);
}
