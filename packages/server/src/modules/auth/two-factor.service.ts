import {
  PASSWORD_CONFIRM_SECONDS,
  messages,
  twoFactorMessages,
  type TwoFactorQrCode,
  type TwoFactorStatus,
} from '@almoner/contracts';
import { and, eq, isNull, or, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { users } from '../users/users.tables.ts';
import { sessions } from './auth.tables.ts';
import { decrypt, encrypt, sha256 } from './crypto.ts';
import { verifyPassword } from './passwords.ts';
import { completeLogin } from './auth.service.ts';
import { endUserSessions, findActiveUser, type AuthUser } from './session.ts';
import { forgetSession, forgetUser } from './session-cache.ts';
import { accountKeys, forgiveAttempt, reserveAttempt } from './throttle.ts';
import { findRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUrl, qrCodeSvg, verifyTotp } from './two-factor.codes.ts';

export type TwoFactorRow = {
  id: number;
  email: string;
  passwordHash: string;
  secret: string | null;
  recoveryCodes: string[];
  confirmedAt: Date | null;
  lastStep: number | null;
  /** The stored ciphertext, to detect a concurrent change of the codes. */
  sealedCodes: string | null;
};

/** Reads a user's two-factor columns, decrypted. */
export async function loadTwoFactor(ctx: AppContext, db: Queryable, userId: number): Promise<TwoFactorRow> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      secret: users.twoFactorSecret,
      codes: users.twoFactorRecoveryCodes,
      confirmedAt: users.twoFactorConfirmedAt,
      lastStep: users.twoFactorLastStep,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw new AppError('not_found', messages.notFound);
  const { appKey } = ctx.config;
  return {
    ...row,
    secret: row.secret ? decrypt(appKey, row.secret) : null,
    recoveryCodes: row.codes ? (JSON.parse(decrypt(appKey, row.codes)) as string[]) : [],
    sealedCodes: row.codes,
  };
}

const sealCodes = (ctx: AppContext, codes: string[]) => encrypt(ctx.config.appKey, JSON.stringify(codes));
const statusOf = (row: { secret: string | null; confirmedAt: Date | null }): TwoFactorStatus => ({
  enabled: row.confirmedAt !== null,
  pending_confirmation: row.secret !== null && row.confirmedAt === null,
});
const sessionHash = (request: FastifyRequest) => sha256(request.session?.id ?? '');

// ---- password confirmation (Fortify's password.confirm) ----

export function isPasswordConfirmed(request: FastifyRequest): boolean {
  const at = request.session?.passwordConfirmedAt;
  return at != null && Date.now() - at.getTime() < PASSWORD_CONFIRM_SECONDS * 1000;
}

/** Reading or changing second-factor material needs the password again after 3 hours. */
export function assertPasswordConfirmed(request: FastifyRequest): void {
  if (!isPasswordConfirmed(request)) {
    throw new AppError('password_confirmation_required', messages.passwordConfirmationRequired);
  }
}

/** Checks the password of the signed-in user; wrong guesses are throttled like sign-in. */
export async function confirmPassword(ctx: AppContext, request: FastifyRequest, user: AuthUser, password: string): Promise<void> {
  const keys = accountKeys('confirm', user.id, request.ip);
  await reserveAttempt(ctx.db, keys);
  const row = await loadTwoFactor(ctx, ctx.db, user.id);
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw fieldError('password', messages.passwordIncorrect);
  }
  await forgiveAttempt(ctx.db, keys);
  const now = new Date();
  forgetSession(sessionHash(request));
  await ctx.db.update(sessions).set({ passwordConfirmedAt: now }).where(eq(sessions.idHash, sessionHash(request)));
  if (request.session) request.session.passwordConfirmedAt = now;
}

// ---- enabling, confirming, disabling ----

/** Starts setup with a new secret and codes; an already confirmed setup is left as it is. */
export async function enableTwoFactor(ctx: AppContext, actor: Actor, userId: number): Promise<TwoFactorStatus> {
  return withActor(ctx.db, actor, async (tx) => {
    const row = await loadTwoFactor(ctx, tx, userId);
    if (row.confirmedAt) return statusOf(row);
    const secret = newTotpSecret();
    forgetUser(userId);
    await tx
      .update(users)
      .set({
        twoFactorSecret: encrypt(ctx.config.appKey, secret),
        twoFactorRecoveryCodes: sealCodes(ctx, newRecoveryCodes()),
        twoFactorConfirmedAt: null,
        twoFactorLastStep: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    return { enabled: false, pending_confirmation: true };
  });
}

/** Two-factor takes effect only once a current code proves the app holds the secret. */
export async function confirmTwoFactor(ctx: AppContext, actor: Actor, userId: number, code: string): Promise<TwoFactorStatus> {
  return withActor(ctx.db, actor, async (tx) => {
    const row = await loadTwoFactor(ctx, tx, userId);
    const step = row.secret ? await verifyTotp(row.secret, code, row.lastStep) : null;
    if (step === null) throw fieldError('code', messages.twoFactorInvalidCode);
    forgetUser(userId);
    await tx
      .update(users)
      .set({ twoFactorConfirmedAt: row.confirmedAt ?? sql`now()`, twoFactorLastStep: step, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return { enabled: true, pending_confirmation: false };
  });
}

/** Clears everything two-factor; used by the user on their profile and by an administrator. */
/** Turns the second factor off and ends the user's other sessions (all but `keepSessionHash`). */
export async function clearTwoFactor(db: Queryable, userId: number, keepSessionHash: string | null): Promise<void> {
  await db
    .update(users)
    .set({
      twoFactorSecret: null,
      twoFactorRecoveryCodes: null,
      twoFactorConfirmedAt: null,
      twoFactorLastStep: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await endUserSessions(db, userId, keepSessionHash);
}

export async function disableTwoFactor(ctx: AppContext, request: FastifyRequest, userId: number): Promise<TwoFactorStatus> {
  await withActor(ctx.db, request.actor, (tx) => clearTwoFactor(tx, userId, sessionHash(request)));
  return { enabled: false, pending_confirmation: false };
}

// ---- reading the secret and the recovery codes ----

async function requireSecret(ctx: AppContext, userId: number): Promise<TwoFactorRow & { secret: string }> {
  const row = await loadTwoFactor(ctx, ctx.db, userId);
  if (!row.secret) throw new AppError('not_found', twoFactorMessages.notEnabled);
  return row as TwoFactorRow & { secret: string };
}

export async function getQrCode(ctx: AppContext, userId: number): Promise<TwoFactorQrCode> {
  const row = await requireSecret(ctx, userId);
  const url = otpauthUrl(row.email, row.secret);
  return { svg: await qrCodeSvg(url), url };
}

export async function getSecretKey(ctx: AppContext, userId: number): Promise<{ secretKey: string }> {
  return { secretKey: (await requireSecret(ctx, userId)).secret };
}

export async function getRecoveryCodes(ctx: AppContext, userId: number): Promise<string[]> {
  return (await loadTwoFactor(ctx, ctx.db, userId)).recoveryCodes;
}

export async function regenerateRecoveryCodes(ctx: AppContext, actor: Actor, userId: number): Promise<string[]> {
  await requireSecret(ctx, userId);
  const codes = newRecoveryCodes();
  await withActor(ctx.db, actor, (tx) =>
    tx.update(users).set({ twoFactorRecoveryCodes: sealCodes(ctx, codes), updatedAt: sql`now()` }).where(eq(users.id, userId)),
  );
  return codes;
}

// ---- the sign-in challenge ----

/**
 * Records `step` as used. The condition makes two requests racing with the same code agree:
 * only one of them updates the row.
 */
export async function claimTotpStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return claimed.length === 1;
}

/** Spends a recovery code: it is removed and a fresh one appended, as Fortify does. */
export async function spendRecoveryCode(ctx: AppContext, db: Queryable, row: TwoFactorRow, index: number): Promise<boolean> {
  const codes = row.recoveryCodes.filter((_, i) => i !== index).concat(newRecoveryCodes().slice(0, 1));
  const spent = await db
    .update(users)
    .set({ twoFactorRecoveryCodes: sealCodes(ctx, codes), updatedAt: sql`now()` })
    .where(and(eq(users.id, row.id), row.sealedCodes === null ? isNull(users.twoFactorRecoveryCodes) : eq(users.twoFactorRecoveryCodes, row.sealedCodes)))
    .returning({ id: users.id });
  return spent.length === 1;
}

type ChallengeInput = { code?: string | undefined; recovery_code?: string | undefined };

/** Checks a code or a recovery code against the user's setup and spends it. */
async function passChallenge(ctx: AppContext, userId: number, ip: string, input: ChallengeInput): Promise<boolean> {
  return withActor(ctx.db, { userId, ip }, async (tx) => {
    const row = await loadTwoFactor(ctx, tx, userId);
    if (!row.secret || !row.confirmedAt) return false;
    if (input.recovery_code) {
      const index = findRecoveryCode(row.recoveryCodes, input.recovery_code);
      return index >= 0 && spendRecoveryCode(ctx, tx, row, index);
    }
    const step = await verifyTotp(row.secret, input.code ?? '', row.lastStep);
    return step !== null && claimTotpStep(tx, userId, step);
  });
}

/**
 * The second step of sign-in (Fortify's two-factor-challenge). Only the half-signed-in session
 * that the password step created may answer; wrong answers count toward the throttle.
 */
export async function answerChallenge(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: ChallengeInput,
): Promise<AuthUser> {
  const userId = request.session?.persisted ? request.session.pendingUserId : null;
  const pending = userId ? await findActiveUser(ctx.db, userId) : null;
  if (!userId || !pending) throw new AppError('unauthenticated', messages.twoFactorNoPendingLogin);

  const keys = accountKeys('2fa', userId, request.ip);
  await reserveAttempt(ctx.db, keys);
  if (!(await passChallenge(ctx, userId, request.ip, input))) {
    throw input.recovery_code
      ? fieldError('recovery_code', messages.twoFactorInvalidRecovery)
      : fieldError('code', messages.twoFactorInvalidCode);
  }
  await forgiveAttempt(ctx.db, keys);
  const [session] = await ctx.db.select({ remember: sessions.remember }).from(sessions).where(eq(sessions.idHash, sessionHash(request)));
  await completeLogin(ctx, request, reply, userId, session?.remember ?? false);
  return pending;
}
