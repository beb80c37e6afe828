import { z } from 'zod';
import { messages } from './messages.ts';
import { formBoolean, isValidEmail, optionalText, requiredText, text } from './rules.ts';

/**
 * Tribute types (issue 38 item 3, `tributetype.edit`): "In memory of", "In honour of" and the
 * charity's own, each with the e-mail that notifies the person named and the printed letter
 * (Liquid merged by the shared engine). The POS, imports and tribute notices read them.
 */
export const TRIBUTE_TYPE_LABEL_MAX = 100;
export const TRIBUTE_TYPE_TEMPLATE_MAX = 50_000;

export const tributeTypeMessages = {
  created: (label: string) => `The tribute type ${label} has been created.`,
  saved: (label: string) => `The tribute type ${label} has been saved.`,
  deleted: (label: string) => `The tribute type ${label} has been deleted.`,
  inUse: (label: string, count: number) =>
    `${label} is used by ${count} ${count === 1 ? 'tribute' : 'tributes'}: it cannot be deleted. Turn it off instead, so it is no longer offered.`,
  labelTaken: 'Another tribute type has this name.',
  emails: 'Enter e-mail addresses separated by commas.',
  confirmDelete: (label: string) => `Delete the tribute type ${label}?`,
} as const;

/** Comma-separated addresses (Cc, Bcc); blank for none. */
const emailList = () =>
  text()
    .trim()
    .max(255, { error: messages.maxLength(255) })
    .refine((v) => v === '' || v.split(',').every((a) => isValidEmail(a.trim(), 255)), { error: tributeTypeMessages.emails })
    .nullish()
    .transform((v) => (v ? v.split(',').map((a) => a.trim()).join(', ') : null));

const template = () =>
  text()
    .max(TRIBUTE_TYPE_TEMPLATE_MAX, { error: messages.maxLength(TRIBUTE_TYPE_TEMPLATE_MAX) })
    .nullish()
    .transform((v) => (v && v.trim() ? v : null));

export const tributeTypeInputSchema = z.object({
  label: requiredText(TRIBUTE_TYPE_LABEL_MAX),
  is_enabled: formBoolean().default(true),
  /** Where it sits in the lists staff and donors choose from: lower first. */
  sequence: z.coerce.number({ error: 'Enter a whole number.' }).int({ error: 'Enter a whole number.' }).min(0, { error: 'Enter a number from 0 to 9999.' }).max(9999, { error: 'Enter a number from 0 to 9999.' }).default(0),
  email_subject: optionalText(255),
  email_cc: emailList(),
  email_bcc: emailList(),
  email_template: template(),
  letter_template: template(),
});
export type TributeTypeInput = z.input<typeof tributeTypeInputSchema>;
export type TributeTypeInputParsed = z.output<typeof tributeTypeInputSchema>;

export const tributeTypeSchema = z.object({
  id: z.number(),
  label: z.string(),
  is_enabled: z.boolean(),
  sequence: z.number(),
  email_subject: z.string().nullable(),
  email_cc: z.string().nullable(),
  email_bcc: z.string().nullable(),
  email_template: z.string().nullable(),
  letter_template: z.string().nullable(),
  /** How many tributes name this type (a type in use cannot be deleted). */
  tributes: z.number(),
  updated_at: z.string(),
});
export type TributeType = z.infer<typeof tributeTypeSchema>;
export const tributeTypeListSchema = z.object({ data: z.array(tributeTypeSchema) });
