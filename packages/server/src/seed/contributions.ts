import { sql } from 'drizzle-orm';
import { emptyChunk, writeChunk } from './chunk.ts';
import { buildEvent } from './orders.ts';
import type { World } from './world.ts';

const GROWING_TABLES = 'contributions, contribution_items, contribution_status_history, recurring_payment_profiles, recurring_transactions, payments, payment_links, refunds, tax_receipts';

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Generates the planned contributions slice by slice and writes each slice in its own
 * transaction. On PostgreSQL the next slice is generated while earlier ones are written
 * (generation yields to the event loop now and then so the writes keep moving), on up to
 * `writeLanes` connections at once.
 */
export async function writeContributions(world: World): Promise<void> {
  const { ctx, plan } = world;
  const rng = ctx.rng.fork('contributions');
  const started = Date.now();
  const pending: Promise<void>[] = [];
  let reported = 0;
  for (let start = 0; start < plan.count; start += ctx.scale.chunkSize) {
    const end = Math.min(plan.count, start + ctx.scale.chunkSize);
    const chunk = emptyChunk();
    for (let pos = start; pos < end; pos++) {
      buildEvent(world, chunk, rng, pos);
      if (!ctx.serial && (pos & 511) === 511) await yieldToLoop();
    }
    if (pending.length >= ctx.writeLanes) await pending.shift();
    await refreshStatistics(world, start / ctx.scale.chunkSize);
    const write = ctx.run((q) => writeChunk(q, chunk));
    // Attached now so a failing write is not reported as unhandled while the next slice builds.
    write.catch(() => undefined);
    pending.push(write);
    if (end - reported >= plan.count / 20 || end === plan.count) {
      reported = end;
      ctx.log(`contributions: ${end.toLocaleString('en-US')} / ${plan.count.toLocaleString('en-US')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
  for (const write of pending) await write;
}

/**
 * Statistics of freshly filled tables say "empty", and foreign-key checks planned from them
 * scan whole tables: every insert would get slower as the tables grow. Analysing before the
 * first slice and after slices 1, 2, 4, 8 … keeps the plans on the indexes for little cost.
 */
async function refreshStatistics(world: World, slice: number): Promise<void> {
  const { ctx, plan } = world;
  if (plan.count <= ctx.scale.chunkSize || (slice & (slice - 1)) !== 0 || slice > 128) return;
  await ctx.run((q) => q.execute(sql.raw(slice === 0 ? 'analyze' : `analyze ${GROWING_TABLES}`)));
}
