import { grantProblem, manageProblem, messages, userMessages, type UserInputParsed } from '@almoner/contracts';
import type { AuthUser } from '../auth/session.ts';
import { AppError, fieldError } from '../../http/errors.ts';

/** The parts of a stored user the rules below look at. */
export type ManagedUser = { id: number; isAccountAdmin: boolean; permissions: string[] };

const holder = (user: { isAccountAdmin: boolean; permissions: string[] }) => ({
  is_account_admin: user.isAccountAdmin,
  permissions: user.permissions,
});

/** The shared rule (contracts' user-access): only users whose permissions the editor holds. */
export function assertCanManage(editor: AuthUser, target: ManagedUser): void {
  const problem = manageProblem(holder(editor), holder(target));
  if (problem) throw new AppError('forbidden', problem);
}

/**
 * What an editor may grant: no more than they hold themselves, and staff cannot lock
 * themselves out of the back-office by accident.
 */
export function assertGrants(editor: AuthUser, current: ManagedUser | null, input: UserInputParsed): void {
  const isSelf = current?.id === editor.id;
  if (isSelf && input.is_admin_user === false) throw fieldError('is_admin_user', userMessages.cannotRemoveOwnAccess);
  if (isSelf && current.isAccountAdmin && input.is_account_admin === false) {
    throw fieldError('is_account_admin', userMessages.cannotRemoveOwnAccess);
  }
  const problem = grantProblem(holder(editor), current && holder(current), input);
  if (problem) throw fieldError(problem.field, problem.message);
}

/** Postgres unique violation on the staff email index (a race the pre-check did not see). */
export function isEmailConflict(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
  const code = e.cause?.code ?? e.code;
  const constraint = e.cause?.constraint ?? e.constraint;
  return code === '23505' && (constraint === undefined || constraint === 'users_email_unique');
}

export const notFound = () => new AppError('not_found', messages.notFound);
