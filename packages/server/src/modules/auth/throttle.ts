import { messages } from '@almoner/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { authThrottle } from './auth.tables.ts';

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
/** Sign-in: one email from one address (Fortify's key), so a stranger cannot lock the owner out. */
export const MAX_FAILURES_PER_EMAIL_AND_IP = 5;
/** Any email from one address. */
export const MAX_FAILURES_PER_IP = 20;
/** One email from every address together: slows guessing spread over many addresses. */
export const MAX_FAILURES_PER_EMAIL = 50;
/** An address that signed in to an account within this many days is exempt from the per-email limit. */
export const KNOWN_ADDRESS_DAYS = 30;
/** The two-factor challenge and password confirmation: one account, from anywhere. */
export const MAX_FAILURES_PER_ACCOUNT = 5;

export type ThrottleKey = { key: string; max: number };

const normalise = (email: string) => email.trim().toLowerCase();
const knownKey = (email: string, ip: string) => `login:known:${normalise(email)}|${ip}`;

/**
 * The first key is the one a success clears; the others only give back the attempt. The owner's
 * own address (`known`) skips the per-email limit, so guesses spread over other addresses
 * cannot lock them out.
 */
export const loginKeys = (email: string, ip: string, known: boolean): ThrottleKey[] => {
  const normalised = normalise(email);
  return [
    { key: `login:email-ip:${normalised}|${ip}`, max: MAX_FAILURES_PER_EMAIL_AND_IP },
    { key: `login:ip:${ip}`, max: MAX_FAILURES_PER_IP },
    ...(known ? [] : [{ key: `login:email:${normalised}`, max: MAX_FAILURES_PER_EMAIL }]),
  ];
};

/** Whether this address signed in to this email with the right password lately. */
export async function isKnownAddress(db: Db, email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ key: authThrottle.key })
    .from(authThrottle)
    .where(and(eq(authThrottle.key, knownKey(email, ip)), sql`${authThrottle.windowStartedAt} > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`));
  return row !== undefined;
}

/** Notes a successful sign-in from this address (the row's time is the last success). */
export async function rememberAddress(db: Db, email: string, ip: string): Promise<void> {
  await db
    .insert(authThrottle)
    .values({ key: knownKey(email, ip), failures: 0 })
    .onConflictDoUpdate({ target: authThrottle.key, set: { windowStartedAt: sql`now()` } });
}

/** Steps after sign-in (second factor, password confirmation), keyed by the account. */
export const accountKeys = (kind: string, userId: number, ip: string): ThrottleKey[] => [
  { key: `${kind}:user:${userId}`, max: MAX_FAILURES_PER_ACCOUNT },
  { key: `${kind}:ip:${ip}`, max: MAX_FAILURES_PER_IP },
];

/**
 * Keys this process saw refused, and until when (ms), per database. A flood of guesses then gets
 * its 429 from memory: without this every refused attempt still took a pool connection and queued
 * on the same locked row (one address's key), and a sign-in flood starved the listings of
 * connections. The database stays the authority for letting an attempt through; memory only ever
 * refuses what the database refused, for no longer than it said.
 */
const refusedUntil = new WeakMap<Db, Map<string, number>>();
const REFUSED_KEYS_KEPT = 10_000;

function refusedFromMemory(db: Db, names: string[]): number | null {
  const refused = refusedUntil.get(db);
  if (!refused) return null;
  const now = Date.now();
  const until = Math.max(0, ...names.map((name) => refused.get(name) ?? 0));
  return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : null;
}

function rememberRefusal(db: Db, names: string[], retryAfterSeconds: number): void {
  let refused = refusedUntil.get(db);
  if (!refused) refusedUntil.set(db, (refused = new Map()));
  const now = Date.now();
  if (refused.size >= REFUSED_KEYS_KEPT) for (const [key, until] of refused) if (until <= now) refused.delete(key);
  if (refused.size >= REFUSED_KEYS_KEPT) refused.clear();
  for (const name of names) refused.set(name, now + retryAfterSeconds * 1000);
}

/** Throws the 429 at once when any of `keys` was refused lately: no database work at all. */
export function refuseFromMemory(db: Db, keys: ThrottleKey[]): void {
  const known = refusedFromMemory(db, keys.map((k) => k.key));
  if (known !== null) throw throttled(known);
}

const throttled = (retryAfter: number) => new AppError('too_many_requests', messages.loginThrottled(retryAfter), undefined, { 'retry-after': String(retryAfter) });

const expired = sql`${authThrottle.windowStartedAt} < now() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})`;

/**
 * Counts an attempt before any password is hashed, or throws 429 with Retry-After. Check and
 * count are one transaction holding the keys' rows locked (always in key order, so two attempts
 * cannot deadlock): parallel guesses queue here, and exactly `max` of them get through. A refused
 * attempt counts nowhere, so hammering one key does not fill the others.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[]): Promise<void> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : 1));
  const names = sorted.map((k) => k.key);
  refuseFromMemory(db, sorted);
  const refusal = await db.transaction(async (tx) => {
    await tx.insert(authThrottle).values(names.map((key) => ({ key, failures: 0 }))).onConflictDoNothing();
    const rows = await tx
      .select({
        key: authThrottle.key,
        failures: sql<number>`case when ${expired} then 0 else ${authThrottle.failures} end`,
        retryAfter: sql<number>`ceil(extract(epoch from ${authThrottle.windowStartedAt} + make_interval(secs => ${THROTTLE_WINDOW_SECONDS}) - now()))::int`,
      })
      .from(authThrottle)
      .where(inArray(authThrottle.key, names))
      .orderBy(asc(authThrottle.key))
      .for('update');
    const over = rows.filter((row) => Number(row.failures) >= (sorted.find((k) => k.key === row.key)?.max ?? 0));
    if (over.length) return { keys: over.map((row) => row.key), retryAfter: Math.max(1, ...over.map((row) => Number(row.retryAfter))) };
    await tx
      .update(authThrottle)
      .set({
        failures: sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${authThrottle.windowStartedAt} end`,
      })
      .where(inArray(authThrottle.key, names));
    return null;
  });
  if (refusal !== null) {
    rememberRefusal(db, refusal.keys, refusal.retryAfter);
    throw throttled(refusal.retryAfter);
  }
}

/** After a success: the first key starts again, and the attempt is given back to the others. */
export async function forgiveAttempt(db: Db, keys: ThrottleKey[]): Promise<void> {
  const [first, ...rest] = keys;
  if (first) await db.delete(authThrottle).where(eq(authThrottle.key, first.key));
  if (rest.length) {
    await db
      .update(authThrottle)
      .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
      .where(inArray(authThrottle.key, rest.map((k) => k.key)));
  }
}
