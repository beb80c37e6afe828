import { messages, type CurrentUser } from '@almoner/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { users } from '../users/users.tables.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { type AuthUser, startSession } from './session.ts';
import { forgiveAttempt, isKnownAddress, loginKeys, refuseFromMemory, rememberAddress, reserveAttempt } from './throttle.ts';

export const toCurrentUser = (user: AuthUser): CurrentUser => ({
  id: user.id,
  first_name: user.firstName,
  last_name: user.lastName,
  email: user.email,
  is_account_admin: user.isAccountAdmin,
  permissions: user.permissions,
  two_factor_enabled: user.twoFactorEnabled,
  two_factor_pending_confirmation: user.twoFactorPendingConfirmation,
});

type LoginInput = { email: string; password: string; remember?: boolean | undefined };

/**
 * Password sign-in. Each attempt is counted before any hashing; an unknown email costs the same
 * as a wrong password. With two-factor on, the session is only "pending" until the code.
 */
export async function login(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: LoginInput,
): Promise<{ twoFactor: boolean; userId: number }> {
  // The keys that do not depend on the address being known: a flood is refused before any query.
  refuseFromMemory(ctx.db, loginKeys(input.email, request.ip, true));
  const keys = loginKeys(input.email, request.ip, await isKnownAddress(ctx.db, input.email, request.ip));
  await reserveAttempt(ctx.db, keys);

  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email.trim().toLowerCase()}`, isNull(users.deletedAt), eq(users.isAdminUser, true)));
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyAgainstDummy(input.password), false);
  if (!user || !valid) {
    throw new AppError('validation', messages.loginFailed, { email: [messages.loginFailed] });
  }
  await forgiveAttempt(ctx.db, keys);
  await rememberAddress(ctx.db, input.email, request.ip);

  const remember = input.remember ?? false;
  if (user.twoFactorConfirmedAt) {
    await startSession(ctx.db, ctx.config, request, reply, { userId: null, pendingUserId: user.id, remember });
    return { twoFactor: true, userId: user.id };
  }
  await completeLogin(ctx, request, reply, user.id, remember);
  return { twoFactor: false, userId: user.id };
}

/** The last step of every sign-in: a fresh session id and the login counters. */
export async function completeLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  remember: boolean,
): Promise<void> {
  await startSession(ctx.db, ctx.config, request, reply, { userId, pendingUserId: null, remember });
  await ctx.db
    .update(users)
    .set({ loginCount: sql`${users.loginCount} + 1`, lastLoginAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Creates the first admin from the environment when no user with that email exists. */
export async function ensureAdmin(ctx: AppContext): Promise<{ created: boolean }> {
  const email = ctx.config.adminEmail.trim().toLowerCase();
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)));
  if (existing) return { created: false };
  // Several web processes starting together on a new database each find no admin: the first
  // insert wins and the others' meet the unique e-mail and do nothing.
  const inserted = await ctx.db
    .insert(users)
    .values({
      firstName: 'Demo',
      lastName: 'Administrator',
      email,
      passwordHash: await hashPassword(ctx.config.adminPassword),
      isAdminUser: true,
      isAccountAdmin: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return { created: inserted.length > 0 };
}
