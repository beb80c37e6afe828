import PgBoss from 'pg-boss';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Queryable, Tx } from '../../db/client.ts';
import { withActor } from '../../db/actor.ts';
import { SESSION_LOCKS, oneAtATime } from '../../db/session-lock.ts';
import { writeLogEntry } from '../logs/logs.service.ts';
import { jobOnceKeys, jobProgress } from './jobs.tables.ts';

/** pg-boss's tables live in their own schema, created by migration 0015 on both databases. */
export const JOB_SCHEMA = 'pgboss';

/** What a handler gets: the job, and the two things that make long jobs safe and visible. */
export type JobRun<T> = {
  id: string;
  name: string;
  data: T;
  retryCount: number;
  /** Retries allowed after the first attempt: the last attempt has retryCount = retryLimit. */
  retryLimit: number;
  database: Database;
  /**
   * Runs `effect` in a transaction that also records `key` as done; a key already recorded skips
   * the effect. A retry after a crash, or a second delivery, therefore never repeats an effect.
   * Returns whether the effect ran now.
   */
  once: (key: string, effect: (tx: Tx) => Promise<void>) => Promise<boolean>;
  /**
   * `once` for many keys in one transaction: `effect` gets the keys not yet recorded (in the
   * order given) and runs only if there are any. Answers those keys.
   */
  onceEach: (keys: string[], effect: (tx: Tx, fresh: string[]) => Promise<void>) => Promise<string[]>;
  /** Stores how far the job has got (0–100) for the Background jobs page. */
  progress: (percent: number) => Promise<void>;
  /** For a failure no retry can fix (a permanent refusal): the error thrown next fails the job for good. */
  giveUp: () => Promise<void>;
};

export type JobDefinition<T> = {
  /** Letters, digits and underscores (pg-boss's rule for queue names). */
  name: string;
  handler: (job: JobRun<T>) => Promise<void>;
  /** Attempts after the first; 3 unless said. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A run that takes longer is treated as lost (its worker died) and tried again. */
  expireInSeconds?: number;
  /**
   * Runs the job on a schedule: a five-field cron expression in UTC (pg-boss's clock, run by worker
   * processes). Scheduled handlers get `{}` as data, must be idempotent (two workers may both see a
   * tick after a restart) and should work out "today" themselves.
   */
  cron?: string;
  /** Jobs of this kind run at once per process (1 unless said): slow effects must not queue behind each other. */
  concurrency?: number;
  /**
   * Hands back jobs of this kind whose worker died, sooner than their expiry would. Run by a worker
   * as it starts and every RECOVER_SECONDS after; must leave jobs a live process runs alone.
   */
  recover?: (database: Database) => Promise<unknown>;
};

/**
 * What queueing a job needs: its name, typed by its data. A module that queues a job whose handler
 * calls back into that module names the job this way rather than importing the handler's module,
 * which would close an import cycle; `enqueue` still refuses a name no module defined.
 */
export type JobKind<T> = Pick<JobDefinition<T>, 'name'> & Partial<Pick<JobDefinition<T>, 'handler'>>;

const RECOVER_SECONDS = 30;

const registry = new Map<string, JobDefinition<never>>();

/** Declares a kind of job. Definitions are module-level, so every process knows every queue. */
export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  if (!/^[A-Za-z_]\w{0,49}$/.test(definition.name)) throw new Error(`Job name ${definition.name} must be letters, digits and underscores.`);
  registry.set(definition.name, definition as JobDefinition<never>);
  return definition;
}

export const definedJobs = (): JobDefinition<never>[] => [...registry.values()];

/** Rewrites pg-boss's `$1 … $n` placeholders into Drizzle parameters, so the query runs on `tx`. */
function toDrizzleSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    // Drizzle drops an undefined chunk altogether; pg-boss means SQL null by it.
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/**
 * pg-boss's `db` for an open transaction (or the Drizzle database): its statements then commit or
 * roll back with the caller's change. This is what makes enqueue-in-transaction hold.
 */
export function executorFor(q: Queryable): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => {
      const result = (await q.execute(toDrizzleSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * pg-boss's own connection: the app's pool or PGlite instance, never a second one. Every statement
 * it has in flight is kept in `inFlight`: pg-boss 10 marks a job complete or failed without
 * awaiting it (manager.js `onFetch`), so that statement may still be running after `stop()` has
 * returned, and closing the database under it rejected with nobody listening ("Cannot use a pool
 * after calling end on the pool", seen once in the PostgreSQL CI stage).
 */
function executorForDatabase(database: Database, inFlight: Set<Promise<unknown>>): PgBoss.Db {
  const run = async (text: string, values: unknown[] | undefined) => {
    // pg-boss's maintenance commands are several statements wrapped in BEGIN … COMMIT with no
    // parameters; PGlite's query() takes one statement, its exec() takes many.
    if (database.kind === 'pglite' && !values?.length && /;\s*\S/.test(text)) {
      await database.exec(text);
      return { rows: [] };
    }
    return database.execute(text, values ?? []);
  };
  return {
    executeSql: (text, values) => {
      const statement = run(text, values);
      inFlight.add(statement);
      void statement.then(
        () => inFlight.delete(statement),
        () => inFlight.delete(statement),
      );
      return statement;
    },
  };
}

/**
 * Runs `effect` and records `key` in one transaction. A second caller with the same key waits on
 * the first one's row lock, then finds the key and skips: exactly once, even in parallel.
 */
export async function runOnce(database: Database, key: string, jobId: string | null, effect: (tx: Tx) => Promise<void>): Promise<boolean> {
  return (await runOnceEach(database, [key], jobId, (tx) => effect(tx))).length > 0;
}

/**
 * runOnce for many keys in one transaction: the keys are recorded in one statement, and `effect`
 * gets those that were new, in the order given. Recorded in sorted order, so two callers with
 * overlapping keys wait on each other's rows in the same order and cannot deadlock.
 */
export function runOnceEach(database: Database, keys: string[], jobId: string | null, effect: (tx: Tx, fresh: string[]) => Promise<void>): Promise<string[]> {
  return withActor(database.db, { userId: null, ip: null }, async (tx) => {
    const sorted = [...new Set(keys)].sort();
    if (!sorted.length) return [];
    const done = await tx
      .insert(jobOnceKeys)
      .values(sorted.map((key) => ({ key, jobId })))
      .onConflictDoNothing()
      .returning({ key: jobOnceKeys.key });
    const recorded = new Set(done.map((row) => row.key));
    const seen = new Set<string>();
    const fresh = keys.filter((key) => recorded.has(key) && !seen.has(key) && seen.add(key));
    if (fresh.length) await effect(tx, fresh);
    return fresh;
  });
}

/**
 * A failure's text for the log: no database error's message (it holds SQL and parameters, so the
 * code stands in), and no e-mail address or long run of digits (a phone or card number) that a
 * mail server's or gateway's reply may quote. Kept short.
 */
export function jobErrorText(error: unknown): string {
  if (!(error instanceof Error)) return 'Unknown error';
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  if (typeof code === 'string' || /^Failed query/.test(error.message)) return `Database error${typeof code === 'string' ? ` ${code}` : ''}`;
  const text = error.message
    .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '[address]')
    .replace(/\+?\d[\d\s().-]{5,}\d/g, (run) => (run.replace(/\D/g, '').length >= 7 ? '[number]' : run))
    .replace(/\s+/g, ' ')
    .trim();
  return (text || error.constructor.name).slice(0, 300);
}

/** Names queue names as words: mail_send → Mail send. */
const jobKind = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll('_', ' ');

/**
 * Writes a failed attempt to the log viewer: an error when no attempt follows, a warning when the
 * job will be tried again. The context names only the job, never its data. A failure to write is
 * swallowed: the job's own failure is what pg-boss must record.
 */
export async function logJobFailure(database: Database, job: { id: string; name: string; retryCount: number; retryLimit: number; final: boolean }, error: unknown): Promise<void> {
  const attempt = `${job.retryCount + 1} of ${job.retryLimit + 1}`;
  try {
    await writeLogEntry(database.db, {
      message: `${jobKind(job.name)} job failed${job.final ? '' : ' (will retry)'}: ${jobErrorText(error)}`,
      source: 'jobs',
      level: job.final ? 'error' : 'warning',
      context: { queue: job.name, job_id: job.id, attempt, error_type: error instanceof Error ? error.constructor.name : typeof error },
    });
  } catch {
    // The log must not turn one failure into two.
  }
}

export type JobQueueOptions = {
  /** Start workers for every defined job (role worker or all). */
  work: boolean;
  /** Seconds between polls for new jobs when idle. */
  pollingIntervalSeconds?: number;
  /** Seconds between maintenance runs (expiring jobs of dead workers, archiving). */
  maintenanceIntervalSeconds?: number;
  /** Told about pg-boss's own failures; never given job data or SQL. */
  onError?: (error: { code?: string; queue?: string }) => void;
};

export type EnqueueOptions = { startAfterSeconds?: number; singletonKey?: string };

/**
 * Only builds pg-boss's insert: every send names the caller's transaction as its `db`, so this
 * instance never opens a connection and any module can enqueue without holding the app.
 */
const sender = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error('enqueue always runs on the caller\'s transaction')),
  },
  schema: JOB_SCHEMA,
});

/**
 * Adds a job in `q`'s transaction: if that transaction rolls back, the job never existed.
 * The job's queue is created when the app's queue starts. Returns the job id.
 * `startAfterSeconds` is counted by the database's clock. pg-boss's own startAfter sends one
 * value as three typed parameters, which the database refuses; so the job is queued and its
 * start moved in the same transaction (as webhooks.delivery.ts's later deliveries are).
 */
export async function enqueue<T extends object>(q: Queryable, job: JobKind<T>, data: T, options: EnqueueOptions = {}): Promise<string> {
  if (!registry.has(job.name)) throw new Error(`Job ${job.name} is not defined.`);
  const id = await sender.send(job.name, data, {
    db: executorFor(q),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
  });
  if (!id) throw new Error(`Job ${job.name} was not queued.`);
  if (options.startAfterSeconds) {
    await q.execute(sql`update ${sql.raw(JOB_SCHEMA)}.job set start_after = now() + make_interval(secs => ${options.startAfterSeconds}) where name = ${job.name} and id = ${id}::uuid`);
  }
  return id;
}

/**
 * Adds jobs of one kind in `q`'s transaction, as `enqueue` does, in one statement however many:
 * a fan-out that queues a job per row then costs one round trip, not one per job.
 */
export async function enqueueMany<T extends object>(q: Queryable, job: JobKind<T>, data: T[]): Promise<void> {
  if (!registry.has(job.name)) throw new Error(`Job ${job.name} is not defined.`);
  if (data.length) await sender.insert(data.map((d) => ({ name: job.name, data: d })), { db: executorFor(q) });
}

/**
 * The job queue: pg-boss on the app's database (PostgreSQL or PGlite). Web processes only
 * enqueue; worker processes also run handlers and the maintenance that requeues the jobs of
 * workers that died.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private started = false;
  /** pg-boss's statements still running (see executorForDatabase). */
  private readonly statements = new Set<Promise<unknown>>();
  private recovering: NodeJS.Timeout | undefined;

  constructor(
    readonly database: Database,
    private readonly options: JobQueueOptions,
  ) {
    this.boss = new PgBoss({
      db: executorForDatabase(database, this.statements),
      schema: JOB_SCHEMA,
      // The schema comes from the migrations, on both databases.
      migrate: false,
      supervise: options.work,
      // Only workers keep the clock that sends scheduled jobs (see JobDefinition.cron).
      schedule: options.work,
      // A cron job is sent only if a check lands inside its minute: every 10 s gives six chances
      // a minute rather than pg-boss's two, so a worker busy for a while (a long import on the
      // one PGlite connection) seldom drops the hour's renewals run; once sent, it starts within
      // the app's usual 2 s polling. One small UPDATE per check.
      cronMonitorIntervalSeconds: 10,
      cronWorkerIntervalSeconds: 2,
      ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
    });
    this.boss.on('error', (error: Error & { code?: string; queue?: string }) => {
      options.onError?.({ ...(error.code ? { code: error.code } : {}), ...(error.queue ? { queue: error.queue } : {}) });
    });
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    // One process at a time: pg-boss creating the same queues (and their partitions) from several
    // processes starting together deadlocked on a new database (reliability/scale-out.test.ts).
    await oneAtATime(this.database.url, SESSION_LOCKS.jobQueues, async () => {
      for (const job of definedJobs()) {
        await this.boss.createQueue(job.name, {
          name: job.name,
          retryLimit: job.retryLimit ?? 3,
          retryDelay: job.retryDelaySeconds ?? 10,
          retryBackoff: job.retryBackoff ?? true,
          expireInSeconds: job.expireInSeconds ?? 15 * 60,
        });
      }
    });
    this.started = true;
    if (!this.options.work) return;
    await this.recover();
    this.recovering = setInterval(() => void this.recover(), RECOVER_SECONDS * 1000);
    this.recovering.unref();
    for (const job of definedJobs()) {
      await this.work(job);
      // ALMONER_SCHEDULE=0 keeps the clock off (the browser suite: no job may change data mid-test).
      if (job.cron && process.env.ALMONER_SCHEDULE !== '0') await this.boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    }
  }

  private async recover(): Promise<void> {
    for (const job of definedJobs()) {
      // A failed check is tried again at the next tick; the queue itself is unaffected.
      await job.recover?.(this.database).catch(() => this.options.onError?.({ code: 'recover_failed', queue: job.name }));
    }
  }

  /** Adds a job in `q`'s transaction (see `enqueue`). */
  enqueue<T extends object>(q: Queryable, job: JobDefinition<T>, data: T, options: EnqueueOptions = {}): Promise<string> {
    return enqueue(q, job, data, options);
  }

  /** Puts a failed job back in the queue. */
  async retry(queue: string, id: string): Promise<void> {
    await this.boss.retry(queue, id);
  }

  private async work(definition: JobDefinition<never>): Promise<void> {
    for (let i = 0; i < (definition.concurrency ?? 1); i += 1) await this.workOne(definition);
  }

  private async workOne(definition: JobDefinition<never>): Promise<void> {
    const { database } = this;
    const worker: { id?: string } = {};
    worker.id = await this.boss.work<never>(
      definition.name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        if (!job) return;
        // pg-boss waits out the polling interval after every fetch, even one that found a job:
        // one job per worker per 2 s. A worker that found one asks again at once instead, so a
        // backlog (a webhook fan-out, an import) drains at the handlers' speed; an idle queue
        // still polls every interval.
        if (worker.id) this.boss.notifyWorker(worker.id);
        let gaveUp = false;
        const run: JobRun<never> = {
          id: job.id,
          name: job.name,
          data: job.data,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
          database,
          once: (key, effect) => runOnce(database, key, job.id, effect),
          onceEach: (keys, effect) => runOnceEach(database, keys, job.id, effect),
          giveUp: async () => {
            gaveUp = true;
            await database.execute(`update ${JOB_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`, [job.name, job.id]);
          },
          progress: async (percent) => {
            const value = Math.max(0, Math.min(100, Math.round(percent)));
            await database.db
              .insert(jobProgress)
              .values({ jobId: job.id, queue: job.name, percent: value })
              .onConflictDoUpdate({ target: jobProgress.jobId, set: { percent: value, updatedAt: sql`now()` } });
          },
        };
        const handled = (async () => {
          try {
            await definition.handler(run);
          } catch (error) {
            await logJobFailure(database, { id: job.id, name: job.name, retryCount: job.retryCount, retryLimit: job.retryLimit, final: gaveUp || job.retryCount >= job.retryLimit }, error);
            throw error;
          }
        })();
        this.running.add(handled);
        try {
          await handled;
        } finally {
          this.running.delete(handled);
        }
      },
    );
  }

  /** Handlers still running: `stop` lets them finish before the database may be closed. */
  private readonly running = new Set<Promise<void>>();

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    clearInterval(this.recovering);
    // A job still running after the timeout is marked failed by pg-boss and retried later.
    await this.boss.stop({ graceful: true, timeout: 5000, wait: true, close: false });
    // pg-boss stops waiting after its timeout, but a handler past it still runs and still uses the
    // database; whoever closes the database next must not pull it from under that handler (a busy
    // CI machine saw "Cannot use a pool after calling end" from one). Wait for them, up to 30 s.
    // Then pg-boss's own last statements (a job's complete or fail, sent without awaiting), which
    // a finished handler may only just have started.
    const deadline = Date.now() + 30_000;
    while ((this.running.size > 0 || this.statements.size > 0) && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      const pending = [...this.running, ...this.statements];
      await Promise.race([Promise.allSettled(pending), new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now())))]);
      clearTimeout(timer);
    }
  }
}
