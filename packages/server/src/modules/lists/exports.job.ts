import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import type { Storage } from '../../integrations/storage/storage.ts';
import { streamCsv } from '../../listing/csv.ts';
import { queryRows, readListingQuery, whereClause } from '../../listing/engine.ts';
import { defineJob } from '../jobs/jobs.queue.ts';
import { getEditionFlags } from '../settings/settings.service.ts';
import { exportableListing } from './export-registry.ts';
import { listExports } from './lists.tables.ts';

let storageOf: (() => Storage) | null = null;

/** The storage the files go to; set by the web app (routes) and by a worker process at start. */
export function configureListExports(storage: () => Storage): void {
  storageOf = storage;
}

/**
 * Counts rows of the CSV as it passes: a newline outside double quotes ends a row (RFC 4180,
 * as COPY writes it), so a quoted line break inside a cell is not miscounted.
 */
function rowCounter(onRows: (rows: number) => void): Transform {
  let quoted = false;
  let lines = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) lines++;
      }
      onRows(Math.max(0, lines - 1));
      done(null, chunk);
    },
  });
}

/**
 * Writes one list export: exactly the rows the list shows for the saved fields (every page, no
 * cap), in the list's order, as the listing engine's CSV; then stores it and records the key.
 * The file goes through a temporary file on disk so memory stays flat at any size.
 */
export const listExportJob = defineJob<Record<string, never>>({
  name: 'list_export',
  retryLimit: 2,
  expireInSeconds: 4 * 60 * 60,
  handler: async (job) => {
    const { db } = job.database;
    const [row] = await db.select().from(listExports).where(eq(listExports.jobId, job.id));
    if (!row || row.state === 'done') return;
    const fail = async () => {
      await db.update(listExports).set({ state: 'failed', finishedAt: new Date() }).where(eq(listExports.jobId, job.id));
    };
    const listing = exportableListing(row.list);
    if (!listing || !storageOf) {
      await job.giveUp();
      await fail();
      throw new Error(listing ? 'list exports have no storage configured' : 'unknown list');
    }
    await db.update(listExports).set({ state: 'running' }).where(eq(listExports.jobId, job.id));
    const temp = join(tmpdir(), 'almoner-exports', `${randomBytes(12).toString('hex')}.csv`);
    try {
      const { definition } = listing;
      const query = readListingQuery(definition, row.params as Record<string, unknown>);
      const [counted] = await queryRows(db, sql`select count(*)::bigint as n from ${definition.from} where ${whereClause(definition, query.filters, query.page.search)}`);
      const total = Number(counted?.n ?? 0);
      let rows = 0;
      let reported = Date.now();
      const counter = rowCounter((n) => {
        rows = n;
        // At most one progress write a second: the count is what the bar needs, not every chunk.
        if (total > 0 && Date.now() - reported > 1000) {
          reported = Date.now();
          void job.progress(Math.min(99, (rows / total) * 100)).catch(() => undefined);
        }
      });
      await mkdir(join(tmpdir(), 'almoner-exports'), { recursive: true });
      const flags = await getEditionFlags(db);
      await pipeline(streamCsv(job.database, definition, query, flags), counter, createWriteStream(temp));
      const key = `exports/${row.userId}/${job.id}.csv`;
      await storageOf().putFile(key, temp, 'text/csv; charset=utf-8');
      await db.update(listExports).set({ state: 'done', rows, storageKey: key, finishedAt: new Date() }).where(eq(listExports.jobId, job.id));
      await job.progress(100);
    } catch (error) {
      // The last attempt marks the export failed; earlier ones leave it for the retry.
      if (job.retryCount >= job.retryLimit) await fail();
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
  },
});
