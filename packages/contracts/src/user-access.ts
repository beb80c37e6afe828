import { hasPermission, type PermissionHolder } from './permissions.ts';
import { userMessages } from './users.ts';

/**
 * Who may act on which staff user. One rule for the server (which enforces it) and the web
 * (which shows only what it allows): a staff member manages only users whose permissions are a
 * subset of their own, only account administrators manage account administrators, and no one
 * grants what they do not hold. Otherwise `user.edit` alone would be enough to reset a stronger
 * user's password or API token and sign in as them.
 */

export type UserAction = 'create' | 'edit' | 'delete' | 'disable_two_factor' | 'regenerate_api_token';

/** The permission each action's route checks before the rule below looks at the target. */
export const userActionPermission = {
  create: 'user.add',
  edit: 'user.edit',
  delete: 'user.edit',
  disable_two_factor: 'user.edit',
  regenerate_api_token: 'user.edit',
} as const satisfies Record<UserAction, string>;

/** True when `actor` holds every permission `target` holds (account administrator: all of them). */
export function holdsAllOf(actor: PermissionHolder, target: PermissionHolder): boolean {
  if (actor.is_account_admin) return true;
  if (target.is_account_admin) return false;
  return target.permissions.every((p) => hasPermission(actor, p));
}

/** Whether `actor` may do `action` to `target` (for `create`, the user as it would be created). */
export function canManageUser(actor: PermissionHolder, target: PermissionHolder, action: UserAction): boolean {
  return hasPermission(actor, userActionPermission[action]) && holdsAllOf(actor, target);
}

/** Why `actor` may not act on `target` at all, or null when they may. */
export function manageProblem(actor: PermissionHolder, target: PermissionHolder): string | null {
  if (holdsAllOf(actor, target)) return null;
  return target.is_account_admin ? userMessages.accountAdminOnly : userMessages.userAboveYou;
}

/** Permissions `actor` may tick on the user form: the ones they hold. */
export const canGrant = (actor: PermissionHolder, permission: string) => hasPermission(actor, permission);

type Grant = { is_account_admin?: boolean | undefined; permissions?: readonly string[] | undefined };

/**
 * What is wrong with the access a create or update asks for, as a field and a message, or null.
 * Only what changes is checked, so saving a user's name never trips over what they already have.
 */
export function grantProblem(actor: PermissionHolder, current: PermissionHolder | null, input: Grant): { field: string; message: string } | null {
  const adminChanges = input.is_account_admin !== undefined && input.is_account_admin !== (current?.is_account_admin ?? false);
  if (adminChanges && !actor.is_account_admin) return { field: 'is_account_admin', message: userMessages.accountAdminOnly };
  const before = new Set(current?.permissions ?? []);
  const added = (input.permissions ?? []).filter((p) => !before.has(p));
  if (added.some((p) => !canGrant(actor, p))) return { field: 'permissions', message: userMessages.permissionNotHeld };
  return null;
}
