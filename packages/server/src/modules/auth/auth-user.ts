/*
 * The signed-in user as the request carries it: apart from session.ts so the error and log hooks
 * can name it without importing the session code, which throws their errors.
 */
export type AuthUser = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  isAccountAdmin: boolean;
  permissions: string[];
  twoFactorEnabled: boolean;
  twoFactorPendingConfirmation: boolean;
};
