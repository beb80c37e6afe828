import { describe, expect, it } from 'vitest';
import { canManageUser, grantProblem, holdsAllOf } from './user-access.ts';
import { userMessages } from './users.ts';

const staff = (...permissions: string[]) => ({ is_account_admin: false, permissions });
const admin = { is_account_admin: true, permissions: [] };

describe('the user access rule', () => {
  it('covers a target only with every permission it holds, levels included', () => {
    expect(holdsAllOf(staff('member.edit'), staff('member.view', 'member.add'))).toBe(true);
    expect(holdsAllOf(staff('member.view'), staff('member.edit'))).toBe(false);
    expect(holdsAllOf(staff('user.edit'), staff())).toBe(true);
    expect(holdsAllOf(staff(...['order.refund', 'user.edit']), admin)).toBe(false);
    expect(holdsAllOf(admin, admin)).toBe(true);
  });

  it('needs the action’s own permission as well', () => {
    expect(canManageUser(staff('user.view'), staff(), 'edit')).toBe(false);
    expect(canManageUser(staff('user.add'), staff(), 'create')).toBe(true);
    expect(canManageUser(staff('user.add'), staff(), 'delete')).toBe(false);
    expect(canManageUser(staff('user.edit'), staff(), 'regenerate_api_token')).toBe(true);
  });

  it('names what cannot be granted', () => {
    expect(grantProblem(staff('user.edit'), staff(), { permissions: ['order.view'] })).toEqual({ field: 'permissions', message: userMessages.permissionNotHeld });
    expect(grantProblem(staff('user.edit'), null, { is_account_admin: true })).toEqual({ field: 'is_account_admin', message: userMessages.accountAdminOnly });
    expect(grantProblem(staff('user.edit', 'order.edit'), null, { permissions: ['order.view'] })).toBeNull();
  });
});
