/**
 * A worker process for jobs.kill.test.ts, started with tsx: it queues one `test_killed` job and
 * starts working it; the handler says "started" and then hangs until the test kills the process
 * with SIGKILL. DATABASE_URL selects PostgreSQL, otherwise PGlite in KILL_TEST_PGLITE_DIR.
 */
import { createPglite, openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { JobQueue, defineJob } from './jobs.queue.ts';
import { KILLED_JOB_OPTIONS } from './jobs.kill.shared.ts';

const job = defineJob<{ n: number }>({
  ...KILLED_JOB_OPTIONS,
  handler: async (run) => {
    await run.progress(30);
    process.stdout.write(`started ${run.id}\n`);
    await new Promise(() => {});
  },
});

const url = process.env.DATABASE_URL;
const database = url
  ? await openDatabase({ url })
  : await openDatabase({ pglite: await createPglite({ dataDir: process.env.KILL_TEST_PGLITE_DIR as string }) });
await migrateDatabase(database);
const queue = new JobQueue(database, { work: false });
await queue.start();
const id = await queue.enqueue(database.db, job, { n: 1 });
process.stdout.write(`queued ${id}\n`);
// Start working only now, so the job surely exists before the first poll.
const worker = new JobQueue(database, { work: true, pollingIntervalSeconds: 0.5 });
await worker.start();
