import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, hasPermission, messages } from '@almoner/contracts';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { effectivePermissionsSql } from '../users/user-roles.ts';
import { users } from '../users/users.tables.ts';
import type { AuthUser } from './auth-user.ts';
import { sessions } from './auth.tables.ts';
import { hmac, randomToken, safeEqual, sha256 } from './crypto.ts';
import { type CachedSession, type SessionCache, SESSION_CACHE_TTL_MS, forgetSession, forgetUser } from './session-cache.ts';

export const SESSION_COOKIE = 'almoner_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';

export type { AuthUser } from './auth-user.ts';

export type SessionState = {
  /** The raw cookie value; only its hash is stored. */
  id: string;
  /** Whether a row exists (signed in or half-way through two-factor). */
  persisted: boolean;
  pendingUserId: number | null;
  passwordConfirmedAt: Date | null;
};

export const csrfTokenFor = (appKey: Buffer, sessionId: string) => hmac(appKey, `csrf:${sessionId}`);

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  isAccountAdmin: users.isAccountAdmin,
  // Their own and their roles' (users/user-roles.ts): every permission check reads this set.
  permissions: effectivePermissionsSql,
  twoFactorConfirmedAt: users.twoFactorConfirmedAt,
  twoFactorSecret: users.twoFactorSecret,
};

type UserRow = { [K in keyof typeof userColumns]: unknown } & {
  id: number; firstName: string; lastName: string; email: string; isAccountAdmin: boolean;
  permissions: string[]; twoFactorConfirmedAt: Date | null; twoFactorSecret: string | null;
};

export const toAuthUser = (row: UserRow): AuthUser => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  isAccountAdmin: row.isAccountAdmin,
  permissions: row.permissions,
  twoFactorEnabled: row.twoFactorConfirmedAt !== null,
  twoFactorPendingConfirmation: row.twoFactorSecret !== null && row.twoFactorConfirmedAt === null,
});

/** Active staff only: deleted users and non-admin users cannot hold a session. */
export async function findActiveUser(db: Db, id: number): Promise<AuthUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), eq(users.isAdminUser, true)));
  return row ? toAuthUser(row as UserRow) : null;
}

export async function findUserByApiToken(db: Db, token: string): Promise<AuthUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.apiTokenHash, sha256(token)), isNull(users.deletedAt), eq(users.isAdminUser, true)));
  return row ? toAuthUser(row as UserRow) : null;
}

function cookieOptions(config: Config, persistentSeconds?: number) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    ...(persistentSeconds ? { maxAge: persistentSeconds } : {}),
  };
}

/** Sets the session and XSRF cookies for `sessionId`. */
export function setSessionCookies(reply: FastifyReply, config: Config, sessionId: string, remember = false) {
  const maxAge = remember ? SESSION_ABSOLUTE_SECONDS : undefined;
  void reply.setCookie(SESSION_COOKIE, sessionId, { ...cookieOptions(config, maxAge), httpOnly: true });
  void reply.setCookie(XSRF_COOKIE, csrfTokenFor(config.appKey, sessionId), cookieOptions(config, maxAge));
}

/**
 * Loads the session named by the cookie. Expired sessions (30 minutes idle or 12 hours in all)
 * are deleted and the visitor continues as a guest with a fresh id.
 */
export async function loadSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  cache: SessionCache | null = null,
): Promise<void> {
  request.user = null;
  const cookie = request.cookies[SESSION_COOKIE];
  const wellFormed = cookie !== undefined && /^[A-Za-z0-9_-]{32,128}$/.test(cookie);
  let expired = false;
  if (cookie && wellFormed) {
    const idHash = sha256(cookie);
    const now = Date.now();
    const found = cache?.get(idHash, now) ?? (await readSession(db, cache, idHash, now));
    const row = found?.session;
    const live =
      row &&
      row.expiresAt.getTime() > now &&
      row.lastSeenAt.getTime() + SESSION_IDLE_SECONDS * 1000 > now;
    if (row && live) {
      request.session = {
        id: cookie,
        persisted: true,
        pendingUserId: row.pendingUserId,
        passwordConfirmedAt: row.passwordConfirmedAt,
      };
      if (found?.user?.id) request.user = toAuthUser(found.user as UserRow);
      // Touch at most once a minute: idle tracking does not need a write per request.
      if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        forgetSession(row.idHash);
        // The app's clock, the one the limits above are read with (not the database's).
        await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.idHash, row.idHash));
      }
      if (request.cookies[XSRF_COOKIE] !== csrfTokenFor(config.appKey, cookie)) {
        setSessionCookies(reply, config, cookie, row.remember);
      }
      return;
    }
    if (row) {
      expired = true;
      forgetSession(row.idHash);
      await db.delete(sessions).where(eq(sessions.idHash, row.idHash));
    }
  }
  // A guest: an id stored nowhere, only so the CSRF token has something to bind to.
  const guestId = cookie && wellFormed && !expired ? cookie : randomToken();
  request.session = { id: guestId, persisted: false, pendingUserId: null, passwordConfirmedAt: null };
  if (guestId !== cookie || request.cookies[XSRF_COOKIE] !== csrfTokenFor(config.appKey, guestId)) {
    setSessionCookies(reply, config, guestId);
  }
}

/** Idle tracking does not need a write per request: a session is touched at most this often. */
const TOUCH_EVERY_MS = 60_000;

/**
 * One round trip for the session and its user. Kept in the cache until the session is due its
 * touch (which must reach the database) or the cache's own limit, whichever comes first.
 */
async function readSession(db: Db, cache: SessionCache | null, idHash: string, now: number): Promise<CachedSession | undefined> {
  const generation = cache?.generation() ?? 0;
  const [found] = await db
    .select({ session: sessions, user: userColumns })
    .from(sessions)
    .leftJoin(users, and(eq(users.id, sessions.userId), isNull(users.deletedAt), eq(users.isAdminUser, true)))
    .where(eq(sessions.idHash, idHash));
  if (!found) return undefined;
  const until = Math.min(now + SESSION_CACHE_TTL_MS, found.session.lastSeenAt.getTime() + TOUCH_EVERY_MS, found.session.expiresAt.getTime());
  const entry = { session: found.session, user: found.user?.id ? found.user : null, until };
  cache?.set(idHash, entry, generation);
  return entry;
}

/** Starts a new session row under a new id (ids change at login and after two-factor). */
export async function startSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  values: { userId: number | null; pendingUserId: number | null; remember: boolean },
): Promise<void> {
  const old = request.session;
  if (old?.persisted) {
    forgetSession(sha256(old.id));
    await db.delete(sessions).where(eq(sessions.idHash, sha256(old.id)));
  }
  const id = randomToken();
  await db.insert(sessions).values({
    idHash: sha256(id),
    userId: values.userId,
    pendingUserId: values.pendingUserId,
    remember: values.remember,
    passwordConfirmedAt: values.userId !== null ? sql`now()` : null,
    ipAddress: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 255),
    lastSeenAt: new Date(),
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_SECONDS * 1000),
  });
  request.session = { id, persisted: true, pendingUserId: values.pendingUserId, passwordConfirmedAt: null };
  setSessionCookies(reply, config, id, values.remember);
}

export async function endSession(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply) {
  if (request.session?.persisted) {
    forgetSession(sha256(request.session.id));
    await db.delete(sessions).where(eq(sessions.idHash, sha256(request.session.id)));
  }
  const guestId = randomToken();
  request.session = { id: guestId, persisted: false, pendingUserId: null, passwordConfirmedAt: null };
  request.user = null;
  setSessionCookies(reply, config, guestId);
}

/**
 * Ends a user's sessions, half-signed-in ones included, except `keepHash` (the one the change
 * was made from): after a new password or losing the second factor, no old session lives on.
 */
export async function endUserSessions(db: Queryable, userId: number, keepHash: string | null): Promise<void> {
  forgetUser(userId);
  await db
    .delete(sessions)
    .where(and(or(eq(sessions.userId, userId), eq(sessions.pendingUserId, userId)), keepHash ? ne(sessions.idHash, keepHash) : undefined));
}

/**
 * The spec's XHR + CSRF contract for a state-changing call made with a session: the token header
 * (an HMAC of the session id), the `X-Requested-With: XMLHttpRequest` header that only script on a
 * page of the same origin can add without a CORS preflight Almoner never grants, and, when the
 * browser names the page's origin, that origin being Almoner's own. Each alone would stop a forged
 * form; together a leaked token, a lax cookie or a missing header is not enough.
 */
export function assertCsrf(config: Config, request: FastifyRequest): void {
  const header = request.headers['x-csrf-token'] ?? request.headers['x-xsrf-token'];
  const sent = Array.isArray(header) ? header[0] : header;
  const expected = request.session ? csrfTokenFor(config.appKey, request.session.id) : '';
  const xhr = String(request.headers['x-requested-with'] ?? '').toLowerCase() === 'xmlhttprequest';
  if (!sent || !expected || !safeEqual(sent, expected) || !xhr || !sameOrigin(config, request)) {
    throw new AppError('csrf_mismatch', messages.csrfMismatch);
  }
}

/** No Origin header (same-origin GET-like fetches, non-browser clients), or Almoner's own origin. */
function sameOrigin(config: Config, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  // Through URL on both sides, so a default port written out (localhost:80) still matches.
  const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host.toLowerCase() : null);
  const host = hostOf(origin);
  if (host === null) return false;
  if (host === hostOf(`${request.protocol}://${request.host}`)) return true;
  return config.publicUrl !== undefined && hostOf(config.publicUrl) === host;
}

/** Passes when the user holds at least one of the permissions. */
export function assertAnyPermission(user: AuthUser, permissions: readonly string[]): void {
  const holder = { is_account_admin: user.isAccountAdmin, permissions: user.permissions };
  if (!permissions.some((permission) => hasPermission(holder, permission))) {
    throw new AppError('forbidden', messages.forbidden);
  }
}

export function assertPermission(user: AuthUser, permission: string): void {
  if (!hasPermission({ is_account_admin: user.isAccountAdmin, permissions: user.permissions }, permission)) {
    throw new AppError('forbidden', messages.forbidden);
  }
}
