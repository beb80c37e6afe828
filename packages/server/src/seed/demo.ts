import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Storage } from '../integrations/storage/index.ts';
import { generateOrganisation } from './generate.ts';
import { DEMO_SCALE, type Scale } from './scale.ts';
import { quietTransaction, rowsOf } from './writer.ts';

/** Held while seeding, so two processes starting on one empty database seed it once. */
const SEED_LOCK = 424_243;

/**
 * Seeds the demo organisation on first start (when there are no supporters yet), in one
 * transaction: a failure leaves the database empty and the next start tries again. With the
 * app key the demo's saved methods get sandbox tokens the server can charge; with storage the
 * files its rows link (product pictures) are written there.
 */
export async function seedDemoIfEmpty(database: Database, log: (line: string) => void, scale: Scale = DEMO_SCALE, appKey?: Buffer, storage?: Storage): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [row] = rowsOf(await tx.execute(sql`select exists (select 1 from supporters) as seeded`));
    if (row?.seeded === true) return false;
    await quietTransaction(tx);
    log('seeding the demo organisation…');
    await generateOrganisation(database, { scale, run: (work) => work(tx), log, appKey, storage });
    return true;
  });
}
