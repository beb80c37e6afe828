import { messages } from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { authThrottle } from './auth.tables.ts';

/** Failures allowed per window: one email from anywhere, and one address for any email. */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

type Key = { key: string; max: number };

export const throttleKeys = (kind: string, email: string, ip: string): Key[] => [
  { key: `${kind}:email:${email.trim().toLowerCase()}`, max: MAX_FAILURES_PER_EMAIL },
  { key: `${kind}:ip:${ip}`, max: MAX_FAILURES_PER_IP },
];

/** Throws 429 with Retry-After when any key is over its limit; runs before any hashing. */
export async function assertNotThrottled(db: Db, keys: Key[]): Promise<void> {
  for (const { key, max } of keys) {
    const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
    if (!row || row.failures < max) continue;
    const elapsed = (Date.now() - row.windowStartedAt.getTime()) / 1000;
    const retryAfter = Math.ceil(THROTTLE_WINDOW_SECONDS - elapsed);
    if (retryAfter > 0) {
      throw new AppError('too_many_requests', messages.loginThrottled(retryAfter), undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }
}

/** Counts a failure; a window older than the limit starts again at one. */
export async function recordFailure(db: Db, keys: Key[]): Promise<void> {
  for (const { key } of keys) {
    await db
      .insert(authThrottle)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${authThrottle.windowStartedAt} < now() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS}) then 1 else ${authThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < now() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS}) then now() else ${authThrottle.windowStartedAt} end`,
        },
      });
  }
}

export async function clearFailures(db: Db, keys: Key[]): Promise<void> {
  for (const { key } of keys) await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
