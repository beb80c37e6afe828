import type { Database } from '../../db/client.ts';
import type { Unlisten } from '../../db/listen.ts';
import type { sessions } from './auth.tables.ts';

/**
 * Signed-in sessions kept in memory, so a page turn costs one query instead of two.
 *
 * Why it is safe: every UPDATE or DELETE of a session or a user, by any process or by hand,
 * fires a NOTIFY (migration 0019_session_notify) that makes every web process forget it. While
 * this process cannot hear those notifications (the listening connection dropped), it keeps
 * nothing and reads every session from the database, as it would without a cache. Changes made
 * by this process are forgotten at once, before the notification arrives, so its next request
 * sees them; another process sees them when the notification reaches it (milliseconds).
 * An entry also ends when its session is due its once-a-minute touch, which goes through the
 * database and re-checks the idle and absolute limits there.
 */
export type CachedSession = { session: typeof sessions.$inferSelect; user: Record<string, unknown> | null; until: number };

const CHANNEL = 'almoner_auth';
const MAX_ENTRIES = 10_000;
/** However quiet the notifications, an entry is read again after this long. */
export const SESSION_CACHE_TTL_MS = 30_000;

export type SessionCache = {
  get: (idHash: string, now: number) => CachedSession | undefined;
  /** The notification count before a read; `set` refuses a read that a change overtook. */
  generation: () => number;
  set: (idHash: string, entry: CachedSession, generation: number) => void;
  stop: () => Promise<void>;
};

type Entries = Map<string, CachedSession & { userIds: (number | null)[] }>;
const everyCache = new Set<{ forgetSession: (idHash: string) => void; forgetUser: (id: number) => void; forgetEveryone: () => void }>();

/** This process changed a session: every cache here forgets it now (not when NOTIFY comes). */
export function forgetSession(idHash: string): void {
  for (const cache of everyCache) cache.forgetSession(idHash);
}

/** This process changed a user (permissions, two-factor, deletion): forget their sessions now. */
export function forgetUser(id: number): void {
  for (const cache of everyCache) cache.forgetUser(id);
}

/** This process changed a role: everyone holding it has other permissions, so forget every session now. */
export function forgetEveryone(): void {
  for (const cache of everyCache) cache.forgetEveryone();
}

export async function startSessionCache(database: Database): Promise<SessionCache> {
  const entries: Entries = new Map();
  let hearing = false;
  let generation = 0;

  const forgetSessionHere = (idHash: string) => {
    generation++;
    entries.delete(idHash);
  };
  const forgetUserHere = (id: number) => {
    generation++;
    for (const [key, entry] of entries) if (entry.userIds.includes(id)) entries.delete(key);
  };
  const forgetEverything = () => {
    generation++;
    entries.clear();
  };
  const here = { forgetSession: forgetSessionHere, forgetUser: forgetUserHere, forgetEveryone: forgetEverything };
  everyCache.add(here);

  const unlisten: Unlisten = await database.listen(CHANNEL, {
    message: (payload) => {
      if (payload.startsWith('s:')) forgetSessionHere(payload.slice(2));
      else if (payload.startsWith('u:')) forgetUserHere(Number(payload.slice(2)));
      else forgetEverything();
    },
    ready: () => {
      forgetEverything();
      hearing = true;
    },
    lost: () => {
      hearing = false;
      forgetEverything();
    },
  });

  return {
    get: (idHash, now) => {
      if (!hearing) return undefined;
      const entry = entries.get(idHash);
      if (entry && entry.until <= now) entries.delete(idHash);
      return entry && entry.until > now ? entry : undefined;
    },
    generation: () => generation,
    set: (idHash, entry, before) => {
      if (!hearing || before !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(idHash, { ...entry, userIds: [entry.session.userId, entry.session.pendingUserId] });
    },
    stop: async () => {
      everyCache.delete(here);
      hearing = false;
      entries.clear();
      await unlisten();
    },
  };
}
