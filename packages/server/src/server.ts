import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { configureServices } from './configure-services.ts';
import { browsableUrl, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { ensureAdmin } from './modules/auth/auth.service.ts';
import { JobQueue } from './modules/jobs/jobs.queue.ts';
import './modules/jobs/jobs.registry.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { configureListExports } from './modules/lists/exports.job.ts';
import { storageFor } from './integrations/storage/index.ts';

export type StartOptions = {
  /** Test harness only (e2e/support/server-entry.ts): hooks added to the app before its routes. */
  instrument?: (app: FastifyInstance, dataDir: string) => void;
};

/**
 * Starts Almoner as configured by the environment: migrates, then serves HTTP and/or runs
 * background jobs by ALMONER_ROLE, and stops cleanly on SIGINT/SIGTERM. main.ts calls it with
 * nothing; a test harness may pass instruments of its own.
 */
export async function startAlmoner(options: StartOptions = {}): Promise<void> {
  const config = loadConfig();
  const role = config.role ?? 'all';
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`, statementTimeoutMs: config.statementTimeoutMs });
  await migrateDatabase(database);

  // ALMONER_ROLE=web serves HTTP and only enqueues; worker runs jobs and no HTTP; all does both.
  // One JSON line with the code and queue only: job data and SQL never reach the log.
  const jobs = new JobQueue(database, {
    work: role !== 'web',
    onError: (error) => process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), msg: 'job queue error', ...error })}\n`),
  });

  let close: () => Promise<void>;
  if (role === 'worker') {
    // The same set-up as the app's (buildApp), so a job runs the same on a worker: renewals charge
    // Stripe, update-card links carry the app's address, CRM syncs reach the CRM.
    configureServices(config);
    configureListExports(() => storageFor(config));
    await jobs.start();
    close = () => jobs.stop();
    console.log(`\nAlmoner worker is running on ${config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}/db`}\n`);
  } else {
    const app = await buildApp({ database, config, logger: true, jobs, instrument: options.instrument && ((a) => options.instrument?.(a, config.dataDir)) });
    await ensureAdmin(app.ctx);
    if (process.env.ALMONER_SEED !== '0') await seedDemoIfEmpty(database, (line) => app.log.info(line), undefined, config.appKey, storageFor(config));
    await app.listen({ port: config.port, host: config.host });
    close = () => app.close();

    // Printed only now that the server is listening, with the address it really took.
    const { port } = app.server.address() as AddressInfo;
    const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}/db`;
    console.log(`\nAlmoner is running on ${where}: ${browsableUrl(config.host, port)}/jpanel${role === 'web' ? ' (web only: start workers with ALMONER_ROLE=worker)' : ''}`);
    console.log(`Sign in as ${config.adminEmail} / ${process.env.ALMONER_ADMIN_PASSWORD ? '(the password you set)' : config.adminPassword}\n`);
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void close().then(() => database.close()).then(() => process.exit(0));
    });
  }
}
