import { importMessages } from '@almoner/contracts';
import { and, asc, between, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { EventBatch } from '../domain-events/domain-events.service.ts';
import { defineJob, type JobRun } from '../jobs/jobs.queue.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { accountTypes, memberships } from '../supporters/supporters.tables.ts';
import { importKindHandler, type Lookups, type RowResult, type StagedRow } from './imports.kinds.ts';
import { holdImport, recoverOrphanedImports } from './imports.liveness.ts';
import { importRows, imports } from './imports.tables.ts';
// Each kind registers its handler on import.
import './imports.apply-supporters.ts';
import './imports.apply-timeline.ts';
import './imports.apply-sponsorships.ts';
import './imports.apply-contributions.ts';

/** Rows applied per transaction: a crash loses at most one batch's work, which the retry redoes. */
export const IMPORT_BATCH = 500;

async function loadLookups(tx: Tx): Promise<Lookups> {
  const types = await tx.select().from(accountTypes).orderBy(asc(accountTypes.sequence), asc(accountTypes.id));
  const levels = await tx.select().from(memberships).where(sql`${memberships.deletedAt} is null`).orderBy(asc(memberships.sequence), asc(memberships.id));
  const { currency, timeZone } = await getOrgMoneySettings(tx);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const def = types.find((t) => t.isDefault) ?? null;
  return {
    accountTypes: new Map(types.map((t) => [t.name.toLowerCase(), { id: t.id, isOrganization: t.isOrganization, name: t.name }])),
    defaultAccountType: def ? { id: def.id, isOrganization: def.isOrganization } : null,
    memberships: new Map(levels.map((m) => [m.name.toLowerCase(), { id: m.id, name: m.name }])),
    currency,
    timeZone,
    today,
    events: new EventBatch(),
    dayStarts: new Map(),
  };
}

/** Each row's outcome written back to import_rows: one statement for the batch. */
async function writeOutcomes(tx: Tx, rows: StagedRow[], results: RowResult[]): Promise<void> {
  if (!rows.length) return;
  const data = rows.map((row, i) => {
    const r = results[i] as RowResult;
    return {
      id: row.id,
      outcome: r.outcome,
      record_id: r.recordId,
      errors: r.errors ?? row.errors,
      previous: r.previous ?? null,
      record_stamp: r.stamp ? r.stamp.toISOString() : null,
      note: r.note ?? null,
    };
  });
  await tx.execute(sql`
    update import_rows r
       set outcome = x.outcome, record_id = x.record_id, errors = x.errors, previous = x.previous,
           record_stamp = x.record_stamp, note = x.note, sealed_secret = null
      from jsonb_to_recordset(${JSON.stringify(data)}::jsonb)
           as x(id int, outcome text, record_id int, errors jsonb, previous jsonb, record_stamp timestamptz, note text)
     where r.id = x.id`);
}

/** What the rows of a batch left to its end: their domain events. */
async function finishBatch(tx: Tx, lookups: Lookups): Promise<void> {
  await lookups.events.flush(tx);
}

/** Counts, rejected rows and the closing message, from import_rows (the one truth). */
export async function finishImport(tx: Tx, importId: number, status: 'completed' | 'failed', failure?: string): Promise<void> {
  const counts = await tx
    .select({ outcome: importRows.outcome, n: sql<number>`count(*)::int` })
    .from(importRows)
    .where(eq(importRows.importId, importId))
    .groupBy(importRows.outcome);
  const n = (o: string) => counts.find((c) => c.outcome === o)?.n ?? 0;
  const rejected = await tx
    .select({ raw: importRows.raw, errors: importRows.errors, rowNumber: importRows.rowNumber })
    .from(importRows)
    .where(and(eq(importRows.importId, importId), eq(importRows.outcome, 'rejected')))
    .orderBy(asc(importRows.rowNumber))
    .limit(1000);
  const [job] = await tx.select({ dryRun: imports.dryRun }).from(imports).where(eq(imports.id, importId));
  const summary = `${job?.dryRun ? 'Dry run: would create' : 'Created'} ${n('created')}, ${job?.dryRun ? 'update' : 'updated'} ${n('updated')}, ${job?.dryRun ? 'skip' : 'skipped'} ${n('skipped')}, ${job?.dryRun ? 'reject' : 'rejected'} ${n('rejected')}.`;
  await tx
    .update(imports)
    .set({
      status,
      progress: 100,
      createdRows: n('created'),
      updatedRows: n('updated'),
      skippedRows: n('skipped'),
      rejectedCount: n('rejected'),
      importedRows: n('created') + n('updated'),
      rejectedRows: rejected.map((r) => ({ row: { row: r.rowNumber, ...r.raw }, errors: r.errors })),
      message: status === 'failed' ? (failure ?? null) : summary,
      completedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(imports.id, importId));
}

/**
 * Applies a staged import in the background: batches of rows, one transaction each (recorded as
 * done with the batch, so a retry after a crash resumes where it stopped), progress from 10% to 100%.
 */
export const importApplyJob = defineJob<{ importId: number }>({
  name: 'import_apply',
  // A worker killed mid-import spends an attempt (see imports.liveness.ts): room for a few.
  retryLimit: 10,
  expireInSeconds: 4 * 60 * 60,
  concurrency: 1,
  recover: recoverOrphanedImports,
  handler: async (run) => {
    const importId = run.data.importId;
    // Another live process applying this import finishes it; this run has nothing to do.
    const held = await holdImport(run.database, importId);
    if (!held) return;
    try {
      await applyImport(run, importId);
    } finally {
      await held.release();
    }
  },
});

async function applyImport(run: JobRun<{ importId: number }>, importId: number): Promise<void> {
  const { db } = run.database;
  const [job] = await db.select().from(imports).where(eq(imports.id, importId));
  if (!job || job.status !== 'processing') return;
  const handler = importKindHandler(job.kind);
  if (!handler) {
    await run.giveUp();
    await db.transaction((tx) => finishImport(tx, importId, 'failed', importMessages.jobFailed('Almoner')));
    throw new Error('unsupported import kind');
  }
  try {
    const total = Math.max(1, job.totalRows);
    let lastId = 0;
    let batches = 0;
    // The rows already applied when this run starts (a retry resumes); each batch adds its own.
    // Counting them again after every batch read the whole import's rows each time: at 100,000
    // rows that recount was an eighth of the apply phase.
    const [before] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(importRows)
      .where(and(eq(importRows.importId, importId), sql`${importRows.outcome} <> 'pending'`));
    let done = before?.n ?? 0;
    for (;;) {
      // Only the ids here: the rows themselves are read once, under lock, in the batch's transaction.
      const batch = await db
        .select({ id: importRows.id })
        .from(importRows)
        .where(and(eq(importRows.importId, importId), eq(importRows.outcome, 'pending'), gt(importRows.id, lastId)))
        .orderBy(asc(importRows.id))
        .limit(IMPORT_BATCH);
      if (!batch.length) break;
      lastId = (batch.at(-1) as { id: number }).id;
      let applied = 0;
      let percent = 10;
      await run.once(`import:${importId}:rows:${batch[0]?.id}-${lastId}`, async (tx) => {
        const lookups = await loadLookups(tx);
        // Read again under lock: a row another run applied meanwhile is never applied twice.
        const locked = await tx
          .select()
          .from(importRows)
          .where(and(eq(importRows.importId, importId), eq(importRows.outcome, 'pending'), between(importRows.id, (batch[0] as { id: number }).id, lastId)))
          .orderBy(asc(importRows.id))
          .for('update');
        await handler.prepare?.(tx, job, locked, lookups);
        if (handler.applyBatch) await writeOutcomes(tx, locked, await handler.applyBatch(tx, job, locked, lookups));
        else {
          // Row by row: a kind's later rows may read the outcomes of its earlier ones (import_rows).
          for (const row of locked) await writeOutcomes(tx, [row], [await handler.apply(tx, job, row, lookups)]);
        }
        await finishBatch(tx, lookups);
        applied = locked.length;
        percent = Math.min(99, 10 + Math.floor((90 * (done + applied)) / total));
        await tx.update(imports).set({ progress: percent, updatedAt: new Date() }).where(eq(imports.id, importId));
      });
      done += applied;
      batches += 1;
      // After batches 1, 2, 4, 8, …: a few ANALYZEs in all, the estimates never off by more than twice.
      if (handler.grows?.length && (batches & (batches - 1)) === 0) await db.execute(sql.raw(`analyze ${handler.grows.join(', ')}`));
      // A batch another run applied meanwhile: its progress is what that run wrote.
      const [now] = applied ? [{ progress: percent }] : await db.select({ progress: imports.progress }).from(imports).where(eq(imports.id, importId));
      await run.progress(now?.progress ?? 10);
    }
    await db.transaction((tx) => finishImport(tx, importId, 'completed'));
    await run.progress(100);
  } catch (error) {
    if (run.retryCount >= run.retryLimit) {
      await db.transaction(async (tx) => {
        await tx.update(importRows).set({ sealedSecret: null }).where(eq(importRows.importId, importId));
        await finishImport(tx, importId, 'failed', importMessages.jobFailed('Almoner'));
      });
    }
    throw error;
  }
}
