import {
  API_TOKEN_LENGTH,
  userMessages,
  type UserDetail,
  type UserInputParsed,
  type UserListItem,
} from '@almoner/contracts';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../http/context.ts';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Queryable } from '../../db/client.ts';
import { fieldError } from '../../http/errors.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import { hashPassword } from '../auth/passwords.ts';
import { inviteUser } from '../auth/password-reset.service.ts';
import { endUserSessions, type AuthUser } from '../auth/session.ts';
import { forgetUser } from '../auth/session-cache.ts';
import { clearTwoFactor } from '../auth/two-factor.service.ts';
import { assertRolesGrantable, effectiveHolder, rolesOfUser, setUserRoles } from './user-roles.ts';
import { assertCanManage, assertGrants, isEmailConflict, notFound } from './users.rules.ts';
import { users } from './users.tables.ts';

type UserRow = typeof users.$inferSelect;

/** Who is acting: the signed-in user, the audit actor, and their own session (kept on password change). */
export type Editor = { user: AuthUser; actor: Actor; sessionHash: string | null };

const toListItem = (row: UserRow): UserListItem => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  is_admin_user: row.isAdminUser,
  is_account_admin: row.isAccountAdmin,
  two_factor_enabled: row.twoFactorConfirmedAt !== null,
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
});

const toDetail = (row: UserRow, roles: { roleIds: number[]; rolePermissions: string[] }): UserDetail => ({
  ...toListItem(row),
  phone: row.phone,
  permissions: row.permissions,
  role_ids: roles.roleIds,
  role_permissions: roles.rolePermissions,
  api_token_last_four: row.apiTokenLastFour,
  login_count: row.loginCount,
  created_at: row.createdAt.toISOString(),
});

async function findUser(db: Queryable, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!row) throw notFound();
  return row;
}

/** Emails are unique among staff who are not deleted, ignoring case. */
async function assertEmailFree(db: Queryable, email: string, exceptId: number | null): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt), exceptId ? ne(users.id, exceptId) : undefined));
  if (taken) throw fieldError('email', userMessages.emailInUse(email));
}

/** The editor's own session survives a change they make to themselves. */
const keepOwn = (editor: Editor, id: number) => (id === editor.user.id ? editor.sessionHash : null);

/** Runs `work`, turning a lost race on the email index into the same 422 as the pre-check. */
async function guardEmail<T>(email: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isEmailConflict(error)) throw fieldError('email', userMessages.emailInUse(email));
    throw error;
  }
}

export async function listUsers(db: Queryable): Promise<{ data: UserListItem[] }> {
  const rows = await db.select().from(users).where(isNull(users.deletedAt)).orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return { data: rows.map(toListItem) };
}

/** The user as the form shows them: their own permissions, and their roles with what those grant. */
async function detailOf(db: Queryable, row: UserRow): Promise<UserDetail> {
  return toDetail(row, await rolesOfUser(db, row.id));
}

export async function getUser(db: Queryable, id: number): Promise<UserDetail> {
  return detailOf(db, await findUser(db, id));
}

const holderOf = (user: AuthUser) => ({ is_account_admin: user.isAccountAdmin, permissions: user.permissions });

const profileFields = (input: UserInputParsed) => ({
  firstName: input.first_name,
  lastName: input.last_name,
  email: input.email,
  phone: input.phone,
  ...(input.is_admin_user !== undefined ? { isAdminUser: input.is_admin_user } : {}),
  ...(input.is_account_admin !== undefined ? { isAccountAdmin: input.is_account_admin } : {}),
  ...(input.permissions !== undefined ? { permissions: input.permissions } : {}),
});

export async function createUser(ctx: AppContext, editor: Editor, input: UserInputParsed): Promise<UserDetail> {
  assertGrants(editor.user, null, input);
  // Without a password nobody can sign in as the new user until one is set: a random one that
  // is never shown keeps the column's rule (always a real hash) and the sign-in timing equal.
  const passwordHash = await hashPassword(input.password ?? randomToken());
  return guardEmail(input.email, () =>
    withActor(ctx.db, editor.actor, async (tx) => {
      await assertEmailFree(tx, input.email, null);
      await assertRolesGrantable(tx, holderOf(editor.user), [], input.role_ids ?? []);
      const [row] = await tx.insert(users).values({ ...profileFields(input), passwordHash }).returning();
      const created = row as UserRow;
      if (input.role_ids?.length) await setUserRoles(tx, created.id, input.role_ids);
      // No password given: the new user chooses one through an invitation link.
      if (!input.password && created.isAdminUser) await inviteUser(tx, ctx.config, created, `${editor.user.firstName} ${editor.user.lastName}`);
      return detailOf(tx, created);
    }),
  );
}

export async function updateUser(ctx: AppContext, editor: Editor, id: number, input: UserInputParsed): Promise<UserDetail> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return guardEmail(input.email, () =>
    withActor(ctx.db, editor.actor, async (tx) => {
      const current = await findUser(tx, id);
      // The target with their roles' permissions: a role must not lift a user out of reach of the rule.
      assertCanManage(editor.user, await effectiveHolder(tx, current));
      assertGrants(editor.user, current, input);
      if (input.role_ids) await assertRolesGrantable(tx, holderOf(editor.user), (await rolesOfUser(tx, id)).roleIds, input.role_ids);
      await assertEmailFree(tx, input.email, id);
      forgetUser(id);
      if (input.role_ids) await setUserRoles(tx, id, input.role_ids);
      const [row] = await tx
        .update(users)
        .set({ ...profileFields(input), ...(passwordHash ? { passwordHash } : {}), updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      // A new password (or losing back-office access) must end sessions opened with the old one.
      if (passwordHash || input.is_admin_user === false) {
        await endUserSessions(tx, id, keepOwn(editor, id));
      }
      return detailOf(tx, row as UserRow);
    }),
  );
}

/** Soft delete: the row stays for the audit trail; credentials and sessions go. */
export async function deleteUser(ctx: AppContext, editor: Editor, id: number): Promise<{ message: string }> {
  if (id === editor.user.id) throw fieldError('id', userMessages.cannotDeleteSelf);
  return withActor(ctx.db, editor.actor, async (tx) => {
    const current = await findUser(tx, id);
    assertCanManage(editor.user, await effectiveHolder(tx, current));
    await tx
      .update(users)
      .set({ deletedAt: sql`now()`, apiTokenHash: null, apiTokenLastFour: null, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await endUserSessions(tx, id, null);
    return { message: userMessages.deleted(`${current.firstName} ${current.lastName}`) };
  });
}

/** A new token replaces the old one at once; only its hash and last four characters are kept. */
export async function regenerateApiToken(ctx: AppContext, editor: Editor, id: number): Promise<{ api_token: string }> {
  // base64url of 45 random bytes is exactly 60 characters (360 bits).
  const token = randomToken((API_TOKEN_LENGTH * 3) / 4);
  await withActor(ctx.db, editor.actor, async (tx) => {
    assertCanManage(editor.user, await effectiveHolder(tx, await findUser(tx, id)));
    await tx
      .update(users)
      .set({ apiTokenHash: sha256(token), apiTokenLastFour: token.slice(-4), updatedAt: sql`now()` })
      .where(eq(users.id, id));
  });
  return { api_token: token };
}

/** An administrator turns off someone's two-factor (a lost phone and no recovery codes). */
export async function disableUserTwoFactor(ctx: AppContext, editor: Editor, id: number): Promise<{ message: string }> {
  await withActor(ctx.db, editor.actor, async (tx) => {
    assertCanManage(editor.user, await effectiveHolder(tx, await findUser(tx, id)));
    await clearTwoFactor(tx, id, keepOwn(editor, id));
  });
  return { message: userMessages.twoFactorDisabled };
}
