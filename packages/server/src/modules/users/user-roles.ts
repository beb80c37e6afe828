import { holdsAllOf, roleMessages, type PermissionHolder } from '@almoner/contracts';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { fieldError } from '../../http/errors.ts';
import { roles, userRoles, users } from './users.tables.ts';

/**
 * A user's effective permissions: their own plus every permission of every role they hold. The
 * one expression the session, the API token sign-in and the user rules read, so a permission
 * check anywhere on the server sees the same set.
 */
export const effectivePermissionsSql = sql<string[]>`array(
  select distinct p from unnest(${users.permissions} || coalesce(
    (select array_agg(rp) from user_roles ur join roles r on r.id = ur.role_id cross join unnest(r.permissions) as rp
      where ur.user_id = ${users.id}), '{}'::text[])) as p order by p)`;

/** The roles a user holds, and what they grant besides the user's own permissions. */
export async function rolesOfUser(db: Queryable, userId: number): Promise<{ roleIds: number[]; rolePermissions: string[] }> {
  const rows = await db
    .select({ id: roles.id, permissions: roles.permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.id);
  return { roleIds: rows.map((r) => r.id), rolePermissions: [...new Set(rows.flatMap((r) => r.permissions))].sort() };
}

/** A user as the "manage only those below you" rule sees them: with their roles' permissions. */
export async function effectiveHolder(db: Queryable, user: { id: number; isAccountAdmin: boolean; permissions: string[] }): Promise<{ id: number; isAccountAdmin: boolean; permissions: string[] }> {
  const { rolePermissions } = await rolesOfUser(db, user.id);
  return { ...user, permissions: [...new Set([...user.permissions, ...rolePermissions])] };
}

/**
 * Roles newly given must exist, and the editor must hold every permission each grants (the user
 * form's rule: a role is a way of granting). Roles kept or taken away are not checked.
 */
export async function assertRolesGrantable(db: Queryable, editor: PermissionHolder, current: number[], wanted: number[]): Promise<void> {
  const added = [...new Set(wanted)].filter((id) => !current.includes(id));
  if (added.length === 0) return;
  const found = await db.select({ id: roles.id, permissions: roles.permissions }).from(roles).where(inArray(roles.id, added));
  if (found.length !== added.length) throw fieldError('role_ids', roleMessages.unknownRole);
  if (found.some((role) => !holdsAllOf(editor, { is_account_admin: false, permissions: role.permissions }))) {
    throw fieldError('role_ids', roleMessages.permissionNotHeld);
  }
}

/** Makes the user's roles exactly `wanted`: each given or taken away is a row, so its own history entry. */
export async function setUserRoles(tx: Queryable, userId: number, wanted: number[]): Promise<void> {
  const ids = [...new Set(wanted)];
  await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), ids.length ? notInArray(userRoles.roleId, ids) : undefined));
  if (ids.length) await tx.insert(userRoles).values(ids.map((roleId) => ({ userId, roleId }))).onConflictDoNothing();
}
