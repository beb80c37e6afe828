import { z } from 'zod';
import { messages } from './messages.ts';
import { requiredText, text } from './rules.ts';

/**
 * Donor e-mails staff can reword (issue 10, mail): the saved wording replaces the built-in one
 * in the mailer. Each is previewed with a real record before it is saved.
 */
export const EDITABLE_MAIL_TEMPLATES = ['taxReceipt', 'tributeNotice', 'contributionConfirmation', 'recurringTermsChanged', 'cardUpdateLink', 'membershipRenewal'] as const;
export type EditableMailTemplate = (typeof EDITABLE_MAIL_TEMPLATES)[number];

export const MAIL_TEMPLATE_BODY_MAX = 50_000;

export const mailTemplateInfo: Record<EditableMailTemplate, { label: string; description: string; record: string; tags: string[] }> = {
  taxReceipt: {
    label: 'Tax receipt',
    description: 'Sent with the receipt PDF when a receipt is notified.',
    record: 'Receipt ID',
    tags: [
      'receipt.number', 'receipt.issued_at', 'receipt.summary_table', 'receipt.original_contribution_date', 'receipt.amount', 'receipt.changes',
      'receipt.name', 'receipt.first_name', 'receipt.last_name', 'receipt.email', 'receipt.address_01', 'receipt.address_02', 'receipt.city',
      'receipt.state', 'receipt.zip', 'receipt.country', 'receipt.phone', 'signature.name', 'signature.title', 'signature.image',
      'org.legal_address', 'org.legal_name', 'org.number', 'receipt.donation_year', 'receipt.total_eligible_amount', 'receipt.issued_in',
      'receipt.currency_code', 'organisation',
    ],
  },
  tributeNotice: {
    label: 'Tribute notice',
    description: 'Sent to the person a gift honours, for tribute types without an e-mail template of their own.',
    record: 'Tribute ID',
    tags: [
      'donor.first_name', 'donor.last_name', 'tribute.type', 'tribute.name', 'tribute.amount', 'tribute.message', 'tribute.notify_name',
      'date', 'tribute.notify', 'tribute.email', 'tribute.address', 'tribute.city', 'tribute.state', 'tribute.zip', 'tribute.country', 'organisation',
    ],
  },
  contributionConfirmation: {
    label: 'Contribution confirmation',
    description: 'Sent to the donor when a point-of-sale contribution is completed with confirmation e-mails on.',
    record: 'Contribution ID',
    tags: ['donor.first_name', 'donor.last_name', 'contribution.number', 'contribution.date', 'contribution.total', 'contribution.payment', 'organisation'],
  },
  recurringTermsChanged: {
    label: 'Recurring gift changed',
    description: "Sent to the donor when staff change a recurring gift's amount, schedule, next billing date or payment method.",
    record: 'Recurring profile ID',
    tags: ['donor.first_name', 'donor.last_name', 'recurring.number', 'recurring.amount', 'recurring.schedule', 'recurring.next_billing_date', 'recurring.payment', 'organisation'],
  },
  cardUpdateLink: {
    label: 'Update your card',
    description: "Sent to the donor with a link to put a new card on their recurring gift, when a renewal is declined or their bank asks them to authenticate it, or the card expires this month.",
    record: 'Recurring profile ID',
    tags: ['donor.first_name', 'donor.last_name', 'recurring.number', 'recurring.amount', 'recurring.schedule', 'recurring.next_billing_date', 'card.label', 'card.declined', 'card.expiring', 'card.authenticate', 'link', 'organisation'],
  },
  membershipRenewal: {
    label: 'Membership renewal',
    description: 'Sent to a member whose membership expires soon (or has just expired) when staff send renewal reminders.',
    record: 'Membership ID',
    tags: ['member.first_name', 'member.last_name', 'member.number', 'membership.level', 'membership.expires_on', 'membership.price', 'membership.expired', 'organisation'],
  },
};

export const mailTemplateMessages = {
  saved: (label: string) => `The ${label} e-mail has been saved.`,
  reset: (label: string) => `The ${label} e-mail is back to the built-in wording.`,
  unreadable: (detail: string) => `This template cannot be used: ${detail}`,
  noRecord: (record: string) => `There is no record with this ${record} to preview with.`,
  previewFirst: 'Preview the template with a record before saving it.',
} as const;

const body = (max: number) => text().max(max, { error: messages.maxLength(max) }).refine((v) => v.trim() !== '', { error: messages.required });
export const mailTemplateSchema = z.object({
  subject: requiredText(500),
  html: body(MAIL_TEMPLATE_BODY_MAX),
  text: body(MAIL_TEMPLATE_BODY_MAX),
});
/** Preview and save both name the record the template is merged with. */
export const mailTemplateWithRecordSchema = mailTemplateSchema.extend({
  record_id: z.coerce.number({ error: mailTemplateMessages.previewFirst }).int({ error: mailTemplateMessages.previewFirst }).positive({ error: mailTemplateMessages.previewFirst }).max(2 ** 31 - 1, { error: mailTemplateMessages.previewFirst }),
});
export type MailTemplateInput = z.input<typeof mailTemplateWithRecordSchema>;

export const mailTemplateKeyParam = z.object({ key: z.enum(EDITABLE_MAIL_TEMPLATES) });
export const renderedMailSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export const mailTemplateDetailSchema = z.object({
  key: z.enum(EDITABLE_MAIL_TEMPLATES),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  customised: z.boolean(),
  updated_at: z.string().nullable(),
  built_in: renderedMailSchema,
  /** The newest record it can be previewed with, if any. */
  sample_id: z.number().nullable(),
});
export type MailTemplateDetail = z.infer<typeof mailTemplateDetailSchema>;
