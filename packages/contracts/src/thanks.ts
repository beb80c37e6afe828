import { z } from 'zod';
import type { ListingColumn } from './listing.ts';
import { messages } from './messages.ts';
import { optionalDecimalAmount, optionalSpecDate, specDate, text } from './rules.ts';

/**
 * Thanking donors (issue 37 item 4): the confirmation e-mail sent again, thank-you letters
 * (one per gift, or one PDF for a selection) from a Liquid template per campaign or the default
 * one in Settings, and the day each gift was acknowledged. The spec is silent: the words are ours.
 */
export const thanksMessages = {
  confirmationSent: (number: string, email: string) => `The confirmation of contribution ${number} has been sent again to ${email}.`,
  noEmail: (number: string) => `Contribution ${number} has no valid e-mail address to send its confirmation to.`,
  deleted: (number: string) => `Contribution ${number} is deleted: restore it first.`,
  acknowledged: (number: string, day: string) => `Contribution ${number} is marked acknowledged on ${day}.`,
  cleared: (number: string) => `Contribution ${number} is no longer marked acknowledged.`,
  unchanged: (number: string) => `Nothing changed on contribution ${number}.`,
  futureDate: 'The acknowledgement date cannot be in the future.',
  lettersSent: (sent: number, already: number) =>
    `${sent} ${sent === 1 ? 'gift' : 'gifts'} marked acknowledged today` +
    (already ? `; ${already} already acknowledged ${already === 1 ? 'keeps its' : 'keep their'} date.` : '.'),
  tooMany: (max: number) => `Select at most ${max} gifts for thank-you letters at once.`,
  noGifts: 'None of the selected gifts can be thanked: they are deleted or do not exist.',
  /** A template that does not parse or merge: which one, what is wrong, and where to correct it. */
  templateBroken: (campaign: string | null, detail: string) =>
    campaign === null
      ? `The default thank-you letter cannot be used: ${detail} Correct it in Settings › Thank-you letters.`
      : `The thank-you letter of the campaign "${campaign}" cannot be used: ${detail} Correct it on the campaign.`,
  templateUnreadable: (detail: string) => `This template cannot be used: ${detail}`,
} as const;

/** Letters one request renders into a PDF. */
export const THANK_YOU_LETTERS_MAX = 500;
export const THANK_YOU_LETTER_MAX = 50_000;

/** The built-in letter, the default until staff reword it in Settings. */
export const DEFAULT_THANK_YOU_LETTER = `<p>{{ date }}</p>
<p>{{ donor.name }}<br>{{ donor.address_01 }}<br>{{ donor.city }} {{ donor.state }} {{ donor.zip }}</p>
<p>Dear {{ donor.first_name | default: "friend" }},</p>
<p>Thank you for your gift of {{ contribution.total }} on {{ contribution.date }}{% if campaign.name != "" %} to {{ campaign.name }}{% endif %}.</p>
<p>Your generosity makes our work possible.</p>
<p>With gratitude,<br>{{ signature.name }}<br>{{ signature.title }}<br>{{ organisation }}</p>`;

/** The merge tags a thank-you letter can use (Settings and the campaign form list them). */
export const thankYouLetterTags = [
  'date', 'organisation', 'donor.name', 'donor.first_name', 'donor.last_name', 'donor.email', 'donor.address_01', 'donor.address_02',
  'donor.city', 'donor.state', 'donor.zip', 'donor.country', 'contribution.number', 'contribution.date', 'contribution.total',
  'contribution.funds', 'campaign.name', 'appeal.name', 'appeal.code', 'signature.name', 'signature.title',
] as const;

/** A letter template as a form sends it: required, no NUL, bounded. */
export const thankYouLetterSchema = text()
  .trim()
  .min(1, { error: messages.required })
  .max(THANK_YOU_LETTER_MAX, { error: messages.maxLength(THANK_YOU_LETTER_MAX) });

/** POST /jpanel/contributions/{id}/acknowledgement: the day, or null to clear it. */
export const acknowledgementSchema = z.object({
  acknowledged_on: z.preprocess((v) => (v === '' ? null : v), specDate().nullable()),
});
export type AcknowledgementInput = z.input<typeof acknowledgementSchema>;

/** The unacknowledged gifts list: live gifts with no acknowledgement date yet. */
export const UNACKNOWLEDGED_PAGE_SIZE = 50;
export const unacknowledgedColumns = [
  { key: 'select', label: '', sortable: false },
  { key: 'number', label: 'Number', sortable: true },
  { key: 'ordered_at', label: 'Date', sortable: true, card: 'date' },
  { key: 'supporter', label: 'Supporter', sortable: true, card: 'title' },
  { key: 'total_amount', label: 'Amount', sortable: true, align: 'right', card: 'amount' },
  { key: 'campaign', label: 'Campaign', sortable: true },
  { key: 'email', label: 'Email', sortable: true, optional: true },
] as const satisfies readonly ListingColumn[];
export const UNACKNOWLEDGED_DEFAULT_SORT = [{ column: 2, dir: 'desc' as const }];

export const unacknowledgedFiltersSchema = z
  .object({
    from: optionalSpecDate(),
    to: optionalSpecDate(),
    campaign_id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1).optional()),
    /** At least this total, in the gift's own currency. */
    min_amount: optionalDecimalAmount(),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['from'], message: messages.startBeforeEnd(f.from, f.to) });
  });
export type UnacknowledgedFilters = z.infer<typeof unacknowledgedFiltersSchema>;

export const unacknowledgedRowSchema = z.object({
  id: z.number(),
  _url: z.string(),
  currency_code: z.string(),
  number: z.string(),
  ordered_at: z.string(),
  supporter: z.string().nullable(),
  total_amount: z.number(),
  campaign: z.string().nullable(),
  email: z.string().nullable(),
});
export type UnacknowledgedRow = z.infer<typeof unacknowledgedRowSchema>;
