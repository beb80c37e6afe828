import { importMessages } from '@almoner/contracts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { defineJob } from '../jobs/jobs.queue.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { accountTypes, memberships } from '../supporters/supporters.tables.ts';
import { importKindHandler, type Lookups } from './imports.kinds.ts';
import { importRows, imports } from './imports.tables.ts';
// Each kind registers its handler on import.
import './imports.apply-supporters.ts';
import './imports.apply-timeline.ts';
import './imports.apply-sponsorships.ts';
import './imports.apply-contributions.ts';

/** Rows applied per transaction: a crash loses at most one batch's work, which the retry redoes. */
export const IMPORT_BATCH = 100;

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
  };
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
  retryLimit: 3,
  expireInSeconds: 4 * 60 * 60,
  concurrency: 1,
  handler: async (run) => {
    const { db } = run.database;
    const importId = run.data.importId;
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
      for (;;) {
        const batch = await db
          .select()
          .from(importRows)
          .where(and(eq(importRows.importId, importId), eq(importRows.outcome, 'pending'), gt(importRows.id, lastId)))
          .orderBy(asc(importRows.id))
          .limit(IMPORT_BATCH);
        if (!batch.length) break;
        lastId = (batch.at(-1) as { id: number }).id;
        await run.once(`import:${importId}:rows:${batch[0]?.id}-${lastId}`, async (tx) => {
          const lookups = await loadLookups(tx);
          for (const row of batch) {
            const result = await handler.apply(tx, job, row, lookups);
            await tx
              .update(importRows)
              .set({
                outcome: result.outcome,
                recordId: result.recordId,
                errors: result.errors ?? row.errors,
                previous: result.previous ?? null,
                recordStamp: result.stamp ?? null,
                note: result.note ?? null,
                sealedSecret: null,
              })
              .where(eq(importRows.id, row.id));
          }
          const [done] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(importRows)
            .where(and(eq(importRows.importId, importId), sql`${importRows.outcome} <> 'pending'`));
          const percent = Math.min(99, 10 + Math.floor((90 * (done?.n ?? 0)) / total));
          await tx.update(imports).set({ progress: percent, updatedAt: new Date() }).where(eq(imports.id, importId));
        });
        const [now] = await db.select({ progress: imports.progress }).from(imports).where(eq(imports.id, importId));
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
  },
});
