import type { Database } from '../../db/client.ts';
import { runOnce, runOnceEach } from '../jobs/jobs.queue.ts';
import { importApplyJob } from './imports.job.ts';

/**
 * Runs an import's queued job as a worker would, with the queue's real exactly-once guard;
 * answers the progress it reported.
 */
export async function runImportJob(database: Database, importId: number): Promise<number[]> {
  const progress: number[] = [];
  await importApplyJob.handler({
    id: `00000000-0000-4000-8000-${String(importId).padStart(12, '0')}`,
    name: importApplyJob.name,
    data: { importId },
    retryCount: 0,
    retryLimit: 3,
    database,
    once: (key, effect) => runOnce(database, key, null, effect),
    onceEach: (keys, effect) => runOnceEach(database, keys, null, effect),
    progress: async (p) => void progress.push(p),
    giveUp: async () => {},
  });
  return progress;
}
