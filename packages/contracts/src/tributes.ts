import { z } from 'zod';
import { messages } from './messages.ts';
import { optionalText, requiredText } from './rules.ts';

/** Tributes (spec part 2 §2–§8; incumbent §1.6, §7): the modal's words, toasts word for word. */
export const tributeMessages = {
  confirmDestroy: 'Are you sure you want to delete this tribute?',
  markedNotified: 'This tribute has been marked as notified.',
  deleted: 'The tribute has been deleted successfully.',
  notified: (name: string) => `${name} has been notified successfully`,
  markedNotifiedName: (name: string) => `${name} has been marked as notified successfully`,
  revised: (name: string) => `Tribute for ${name} has been successfully revised.`,
  tooManyRequests: 'Too many requests. Please try again later.',
  notifyFailed: 'An error occurred while trying to notify the recipient.',
  notFound: 'This tribute does not exist.',
  nothingToNotify: 'This tribute has no notification to send.',
  noEmail: 'This tribute has no email address to notify.',
  noTemplate: 'This tribute type has no email template: nothing can be sent.',
  /** Printable letters: the page shows at most MAX_PRINTED_LETTERS. */
  noUnsentLetters: 'There are no unsent tribute letters to print.',
  lettersOverflow: (shown: number, more: number) =>
    `${more} more unsent ${more === 1 ? 'letter is' : 'letters are'} not shown: print these ${shown}, mark them sent, then print again.`,
  sentAll: (sent: number, failed: number) =>
    `${sent} ${sent === 1 ? 'tribute' : 'tributes'} notified.${failed ? ` ${failed} could not be sent (no email address or no email template).` : ''}`,
} as const;

/** At most this many letters on one printable page (incumbent §7). */
export const MAX_PRINTED_LETTERS = 500;

/** `?ids=1,2,3`: the tributes to print or send (every unsent one when left out). */
export const tributeIdsQuerySchema = z.object({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,4999}$/, { error: 'ids must be a comma-separated list of tribute ids.' })
    .transform((v) => v.split(',').map(Number).filter((n) => n > 0 && n <= 2 ** 31 - 1))
    .optional(),
});

export const TRIBUTE_NOTIFY = ['email', 'letter'] as const;

export const editTributeSchema = z
  .object({
    name: requiredText(100),
    message: optionalText(5000),
    notify: z.enum(TRIBUTE_NOTIFY).nullish().or(z.literal('').transform(() => null)),
    notify_name: optionalText(100),
    notify_email: optionalText(255).refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: messages.email }),
    notify_address: optionalText(450),
    notify_city: optionalText(45),
    notify_state: optionalText(45),
    notify_zip: optionalText(45),
    notify_country: optionalText(2),
  })
  .superRefine((v, ctx) => {
    if (v.notify === 'email' && !v.notify_email) ctx.addIssue({ code: 'custom', path: ['notify_email'], message: messages.required });
  });
export type EditTributeInput = z.input<typeof editTributeSchema>;

export const tributeDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string().nullable(),
  amount: z.number(),
  currency_code: z.string(),
  message: z.string().nullable(),
  notify: z.enum(TRIBUTE_NOTIFY).nullable(),
  notify_name: z.string().nullable(),
  notify_email: z.string().nullable(),
  notify_address: z.string().nullable(),
  notify_city: z.string().nullable(),
  notify_state: z.string().nullable(),
  notify_zip: z.string().nullable(),
  notify_country: z.string().nullable(),
  notify_on: z.string().nullable(),
  notified_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  contribution_id: z.number().nullable(),
  donor_name: z.string().nullable(),
});
export type TributeDetail = z.infer<typeof tributeDetailSchema>;
