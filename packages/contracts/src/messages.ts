/**
 * The message catalogue. Spec messages are kept word for word; messages the spec does not
 * show are written in the same voice and marked "(ours)".
 */
export const messages = {
  // spec part 1 §5 — shared messages
  required: 'Please fill this field.',
  maxLength: (n: number) => `This field can contain a maximum of ${n} characters.`,
  recommended: 'We recommend to not leave this field empty.',
  email: 'Email must be valid',
  date: 'Date is invalid.',
  number: 'This field must be a number.',
  noItemsSelected: 'There are no items selected.',
  startBeforeEnd: (start: string, end: string) =>
    `Start Date (${start}) must be before End Date (${end}).`,
  startBlank: 'When left blank, start date will be current date.',
  settingsSaved: 'Updates saved.',
  settingsFailed: 'Updates failed to save.',

  // auth (Laravel Fortify's wording, which clients of that shape expect)
  csrfMismatch: 'CSRF token mismatch.',
  unauthenticated: 'Unauthenticated.',
  forbidden:
    'Sorry! You do not have sufficient permissions. Please contact your administrator.',
  loginFailed: 'These credentials do not match our records.',
  loginThrottled: (seconds: number) =>
    `Too many login attempts. Please try again in ${seconds} seconds.`,
  twoFactorInvalidCode: 'The provided two factor authentication code was invalid.',
  twoFactorInvalidRecovery: 'The provided two factor authentication recovery code was invalid.',
  twoFactorNoPendingLogin: 'Your sign-in has expired. Please sign in again.',
  passwordIncorrect: 'The provided password was incorrect.',
  passwordConfirmationRequired: 'Password confirmation required.',

  // generic (ours)
  invalidCharacter: 'This field contains a character that is not allowed.',
  notFound: 'The requested record could not be found.',
  conflict: 'This record was changed or already exists. Reload and try again.',
  tooLarge: 'The request is too large.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The database cannot be reached right now. Please try again in a few seconds.',
  unknownError: 'Unknown error, please try again later',
} as const;
