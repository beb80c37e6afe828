import { grantProblem, holdsAllOf, messages, type Role, type RoleInputParsed, roleMessages } from '@almoner/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { withActor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { forgetEveryone } from '../auth/session-cache.ts';
import { roles, userRoles } from './users.tables.ts';
import type { Editor } from './users.service.ts';

type RoleRow = typeof roles.$inferSelect;

const holderOf = (editor: Editor) => ({ is_account_admin: editor.user.isAccountAdmin, permissions: editor.user.permissions });
const roleHolder = (permissions: readonly string[]) => ({ is_account_admin: false, permissions });

/** Active users holding each role (deleted users' rows go with the role). */
const userCountSql = sql<number>`(select count(*)::int from user_roles ur join users u on u.id = ur.user_id
  where ur.role_id = ${roles.id} and u.deleted_at is null)`;

const toRole = (row: RoleRow & { userCount: number }): Role => ({ id: row.id, name: row.name, permissions: row.permissions, user_count: Number(row.userCount) });

export async function listRoles(db: Queryable): Promise<{ data: Role[] }> {
  const rows = await db.select({ ...rolesColumns(), userCount: userCountSql }).from(roles).orderBy(sql`lower(${roles.name})`, roles.id);
  return { data: rows.map(toRole) };
}

const rolesColumns = () => ({ id: roles.id, name: roles.name, permissions: roles.permissions, createdAt: roles.createdAt, updatedAt: roles.updatedAt });

export async function getRole(db: Queryable, id: number): Promise<Role> {
  const [row] = await db.select({ ...rolesColumns(), userCount: userCountSql }).from(roles).where(eq(roles.id, id));
  if (!row) throw new AppError('not_found', messages.notFound);
  return toRole(row);
}

/** Names are unique ignoring case, so "Finance" and "finance" are never two roles. */
async function assertNameFree(db: Queryable, name: string, exceptId: number | null): Promise<void> {
  const [taken] = await db.select({ id: roles.id }).from(roles).where(and(sql`lower(${roles.name}) = ${name.toLowerCase()}`, exceptId ? ne(roles.id, exceptId) : undefined));
  if (taken) throw fieldError('name', roleMessages.nameInUse(name));
}

/** A role holding what the editor does not hold is out of their reach, as such a user would be. */
async function findManageable(db: Queryable, editor: Editor, id: number): Promise<RoleRow> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).for('update');
  if (!row) throw new AppError('not_found', messages.notFound);
  if (!holdsAllOf(holderOf(editor), roleHolder(row.permissions))) throw new AppError('forbidden', roleMessages.roleAboveYou);
  return row;
}

function assertGrantable(editor: Editor, current: RoleRow | null, input: RoleInputParsed): void {
  const problem = grantProblem(holderOf(editor), current && roleHolder(current.permissions), { permissions: input.permissions });
  if (problem) throw fieldError(problem.field, problem.message);
}

export async function createRole(db: Db, editor: Editor, input: RoleInputParsed): Promise<Role> {
  assertGrantable(editor, null, input);
  return withActor(db, editor.actor, async (tx) => {
    await assertNameFree(tx, input.name, null);
    const [row] = await tx.insert(roles).values({ name: input.name, permissions: [...new Set(input.permissions)] }).returning();
    return toRole({ ...(row as RoleRow), userCount: 0 });
  });
}

export async function updateRole(db: Db, editor: Editor, id: number, input: RoleInputParsed): Promise<Role> {
  const role = await withActor(db, editor.actor, async (tx) => {
    const current = await findManageable(tx, editor, id);
    assertGrantable(editor, current, input);
    await assertNameFree(tx, input.name, id);
    await tx.update(roles).set({ name: input.name, permissions: [...new Set(input.permissions)], updatedAt: sql`now()` }).where(eq(roles.id, id));
    return getRole(tx, id);
  });
  // Everyone holding it now has other permissions: no process may answer from what it cached.
  forgetEveryone();
  return role;
}

/** Refused while any active user holds the role, with how many do. */
export async function deleteRole(db: Db, editor: Editor, id: number): Promise<{ message: string }> {
  return withActor(db, editor.actor, async (tx) => {
    const current = await findManageable(tx, editor, id);
    const [used] = await queryRows(tx, sql`select count(*)::int as n from user_roles ur join users u on u.id = ur.user_id where ur.role_id = ${id} and u.deleted_at is null`);
    const count = Number(used?.n ?? 0);
    if (count > 0) throw new AppError('conflict', roleMessages.inUse(current.name, count));
    await tx.delete(userRoles).where(eq(userRoles.roleId, id));
    await tx.delete(roles).where(eq(roles.id, id));
    return { message: roleMessages.deleted(current.name) };
  });
}
