import { z } from 'zod';
import { messages } from './messages.ts';
import { allPermissionIds } from './permissions.ts';
import { email, formBoolean, optionalText, requiredText, text } from './rules.ts';

/** Staff users (spec part 3 §2.11 user form, §7 "Users and settings"). */

export const PASSWORD_MIN_LENGTH = 8;
/** Random characters in an API token (the incumbent's `api_token` is 60 characters). */
export const API_TOKEN_LENGTH = 60;

export const userMessages = {
  emailInUse: (value: string) =>
    `The email '${value}' is already in use. Please use a different email address.`,
  passwordMix: 'Password must contain a combination of letters and numbers.',
  // ours, in the same voice
  passwordLength: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  unknownPermission: 'This permission does not exist.',
  cannotDeleteSelf: 'You cannot delete your own user.',
  cannotRemoveOwnAccess: 'You cannot remove your own administrator access.',
  accountAdminOnly: 'Only an account administrator can change an account administrator.',
  permissionNotHeld: 'You can only grant permissions you have yourself.',
  userAboveYou: 'You can only manage users whose permissions you have yourself.',
  deleted: (name: string) => `${name} deleted successfully.`,
  twoFactorDisabled: 'Two Factor Authentication disabled for user.',
} as const;

/** Role ids are Postgres `serial` (int4), like user ids. */
const roleId = z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1);
/** More roles than any organisation defines: a bound so a request cannot send a million ids. */
export const ROLES_MAX = 100;

const permissionId = z.enum(allPermissionIds as [string, ...string[]], { error: userMessages.unknownPermission });
/** A set of permissions as a form posts it (one checkbox arrives as a string): the user form's and a role's. */
export const permissionListSchema = z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(permissionId).max(allPermissionIds.length));

/** Blank means "keep the current password" on update, and "none yet" on create. */
const password = text()
  .max(1024, { error: messages.maxLength(1024) })
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || v.length >= PASSWORD_MIN_LENGTH, { error: userMessages.passwordLength })
  .refine((v) => v === undefined || (/\p{L}/u.test(v) && /\p{N}/u.test(v)), { error: userMessages.passwordMix });

/**
 * The user form, for create and update. Flags and permissions left out of a request keep their
 * current values (a new user may sign in and has no permissions).
 */
export const userInputSchema = z.object({
  first_name: requiredText(45),
  last_name: requiredText(45),
  email: email(45),
  phone: optionalText(36),
  password,
  /** The "admin checkbox": may sign in to the back-office. */
  is_admin_user: formBoolean().optional(),
  /** Every permission, now and in future areas. */
  is_account_admin: formBoolean().optional(),
  permissions: permissionListSchema.optional(),
  /** The roles the user holds (each a named set of permissions); left out keeps the current ones. */
  role_ids: z
    .preprocess((v) => (typeof v === 'string' || typeof v === 'number' ? [v] : v), z.array(roleId).max(ROLES_MAX))
    .optional(),
});
export type UserInput = z.input<typeof userInputSchema>;
export type UserInputParsed = z.output<typeof userInputSchema>;

/** User ids are Postgres `serial` (int4): a larger number must be a 422, not a database error. */
const userId = z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1);
export const userIdParam = z.object({ id: userId });

/** POST /jpanel/users/destroy — `id` as a form field or JSON. */
export const userDestroySchema = z.object({ id: userId });

export const userListItemSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_admin_user: z.boolean(),
  is_account_admin: z.boolean(),
  two_factor_enabled: z.boolean(),
  last_login_at: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListResponseSchema = z.object({ data: z.array(userListItemSchema) });

export const userDetailSchema = userListItemSchema.extend({
  phone: z.string().nullable(),
  /** The user's own permissions (ticked on the form). */
  permissions: z.array(z.string()),
  role_ids: z.array(z.number()),
  /** What the user's roles grant besides: shown ticked and fixed on the form. */
  role_permissions: z.array(z.string()),
  /** The last four characters of the API token, so staff can tell which one is in use. */
  api_token_last_four: z.string().nullable(),
  login_count: z.number(),
  created_at: z.string(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** Shown once; only a hash is kept. */
export const apiTokenResponseSchema = z.object({ api_token: z.string() });

export const userActionResponseSchema = z.object({ message: z.string() });
