import { z } from 'zod';
import { messages } from './messages.ts';
import { requiredText } from './rules.ts';
import { permissionListSchema, userMessages } from './users.ts';

/**
 * Roles: named permission sets (Finance, Data entry, Volunteer …) an administrator defines once
 * and gives to users. A user's permissions are their roles' plus their own. The rule for what
 * one may put in a role is the user form's: only permissions one holds oneself.
 */
export const roleMessages = {
  nameInUse: (name: string) => `A role named '${name}' already exists. Please choose a different name.`,
  inUse: (name: string, count: number) =>
    `${name} is given to ${count} ${count === 1 ? 'user' : 'users'}. Take it away from ${count === 1 ? 'them' : 'each of them'} first, then delete it.`,
  deleted: (name: string) => `${name} deleted successfully.`,
  // The user form's rule, word for word: a role is granting the same permissions.
  permissionNotHeld: userMessages.permissionNotHeld,
  roleAboveYou: 'You can only change roles whose permissions you have yourself.',
  unknownRole: 'This role does not exist.',
} as const;

export const roleInputSchema = z.object({
  name: requiredText(45),
  permissions: permissionListSchema,
});
export type RoleInput = z.input<typeof roleInputSchema>;
export type RoleInputParsed = z.output<typeof roleInputSchema>;

export const roleIdParam = z.object({ id: z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1) });

export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** Active users holding the role. */
  user_count: z.number(),
});
export type Role = z.infer<typeof roleSchema>;
export const roleListResponseSchema = z.object({ data: z.array(roleSchema) });
export const roleDeletedSchema = z.object({ message: z.string() });
