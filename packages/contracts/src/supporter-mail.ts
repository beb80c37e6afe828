import { z } from 'zod';
import { MAIL_STATUSES } from './mail.ts';
import { messages } from './messages.ts';
import { text } from './rules.ts';

/**
 * E-mailing one supporter and the list of what Almoner sent them (issue 36 item 6; the spec is
 * silent). Messages go through the mailer's outbox like receipts and notices, tagged with the
 * supporter and what kind of message they are.
 */

export const MAIL_KINDS = ['receipt', 'confirmation', 'sponsor_update', 'tribute_notice', 'supporter_email', 'password_reset', 'recurring_terms', 'card_update', 'membership_renewal'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const mailKindLabels: Record<MailKind, string> = {
  receipt: 'Tax receipt',
  confirmation: 'Gift confirmation',
  sponsor_update: 'Sponsorship update',
  tribute_notice: 'Tribute notice',
  supporter_email: 'E-mail from staff',
  password_reset: 'Password reset',
  recurring_terms: 'Recurring gift changed',
  card_update: 'Update your card',
  membership_renewal: 'Membership renewal',
};

export const SUPPORTER_EMAIL_SUBJECT_MAX = 200;
export const SUPPORTER_EMAIL_BODY_MAX = 20_000;

/** `POST /jpanel/supporters/{id}/email`: plain text only; the subject is one line (no header tricks). */
export const supporterEmailSchema = z.object({
  subject: text()
    .trim()
    .min(1, { error: messages.required })
    .max(SUPPORTER_EMAIL_SUBJECT_MAX, { error: messages.maxLength(SUPPORTER_EMAIL_SUBJECT_MAX) })
    .refine((v) => !/[\r\n]/.test(v), { error: 'The subject must be one line.' }),
  body: text()
    .trim()
    .min(1, { error: messages.required })
    .max(SUPPORTER_EMAIL_BODY_MAX, { error: messages.maxLength(SUPPORTER_EMAIL_BODY_MAX) }),
});
export type SupporterEmailInput = z.input<typeof supporterEmailSchema>;

export const supporterEmailSentSchema = z.object({ message: z.string(), mail_id: z.number() });
export const supporterMailMessages = { sent: (email: string) => `The e-mail to ${email} is on its way.` } as const;

export const supporterMailSchema = z.object({
  id: z.number(),
  kind: z.enum(MAIL_KINDS).nullable(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  sent_by: z.string().nullable(),
  /** The plain-text part, as the supporter received it. */
  text: z.string().nullable(),
});
export type SupporterMail = z.infer<typeof supporterMailSchema>;

export const supporterMailListSchema = z.object({ data: z.array(supporterMailSchema), total: z.number(), page: z.number(), page_size: z.number() });
export type SupporterMailList = z.infer<typeof supporterMailListSchema>;
