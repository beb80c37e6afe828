import { z } from 'zod';
import { attributionFields } from './campaigns.ts';
import { ACCOUNT_CODE_MAX, normaliseAccountCode } from './catalogue/designations.ts';
import { messages } from './messages.ts';
import { noteMessages } from './notes.ts';
import { optionalText, requiredText, specDate, text } from './rules.ts';

/**
 * Correcting a gift after entry (issue 37 item 1): `POST /jpanel/contributions/{id}`, its notes
 * and its restore. The words the form and the API answer with.
 */
export const contributionEditMessages = {
  updated: (number: string) => `Contribution ${number} has been updated.`,
  unchanged: (number: string) => `Nothing changed on contribution ${number}.`,
  stale: 'Someone else changed this contribution after you opened it. Their changes are shown now; make yours again.',
  deleted: (number: string) => `Contribution ${number} is deleted: restore it before correcting it.`,
  futureDate: 'The date of a gift cannot be in the future.',
  supporterMissing: 'This supporter does not exist.',
  supporterArchived: (name: string) => `${name} is archived: restore the supporter before moving a gift to them.`,
  supporterSpam: (name: string) => `${name} is marked as spam: a gift cannot be moved to them.`,
  fundRequired: 'Choose the fund this donation goes to.',
  fundUnknown: (code: string) => `${code} is not a fund account code: choose one from the list.`,
  lineMissing: 'This line is not on this contribution.',
  notDonation: 'Only donation lines have a fund and a tribute to change.',
  tributeTypeMissing: 'This tribute type does not exist.',
  leftSharedReceipt: (receipt: string, revised: string) =>
    `It is no longer on receipt ${receipt}, revised without it as ${revised}; the gift can have a receipt of its own.`,
  receiptRevised: (receipt: string) => `Its receipt was revised as ${receipt}.`,
  restored: (number: string) => `Contribution ${number} has been restored.`,
  notDeleted: (number: string) => `Contribution ${number} is not deleted: there is nothing to restore.`,
  noteAdded: noteMessages.created,
} as const;

const id = z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1);

/** A fund account code as the spec stores it (normalised); blank is refused. */
export const fundCodeSchema = text(contributionEditMessages.fundRequired)
  .max(ACCOUNT_CODE_MAX, { error: messages.maxLength(ACCOUNT_CODE_MAX) })
  .transform((v) => normaliseAccountCode(v))
  .refine((v) => v !== '', { error: contributionEditMessages.fundRequired });

/** A tribute on a donation line: null removes it. */
export const lineTributeSchema = z.object({
  tribute_type_id: id.nullish().transform((v) => v ?? null),
  name: requiredText(100),
  message: optionalText(5000),
});

export const contributionLineEditSchema = z.object({
  id,
  gl_code: fundCodeSchema.optional(),
  tribute: lineTributeSchema.nullable().optional(),
});

/**
 * What the edit form sends: each field left out is kept. The campaign and appeal the gift is
 * credited to (issue 37 item 5): an appeal brings its campaign; null clears.
 */
export const contributionEditSchema = z.object({
  /** The `updated_at` the form loaded: a save over someone else's is refused (409). */
  updated_at: z.string().max(40).optional(),
  /** The gift's date (the listing's Date): YYYY-MM-DD or MM/DD/YYYY; the time of day is kept. */
  ordered_at: specDate().optional(),
  /** Staff's special notes; blank clears them. */
  comments: optionalText(5000).optional(),
  /** The supporter the gift belongs to: a guest gift is attached, a supporter's gift moved. */
  supporter_id: id.optional(),
  lines: z.array(contributionLineEditSchema).max(200).optional(),
  ...attributionFields,
});
export type ContributionEditInput = z.input<typeof contributionEditSchema>;
export type ContributionEditValues = z.output<typeof contributionEditSchema>;

export const contributionEditAnswerSchema = z.object({
  message: z.string(),
  /** Fields that changed (the names `contribution.updated` carries). */
  changes: z.array(z.string()),
  /** The receipt revised by the change (its new number), if any. */
  receipt_number: z.string().nullable(),
});
export type ContributionEditAnswer = z.infer<typeof contributionEditAnswerSchema>;

/** A note on a gift, as its page lists them (newest first). */
export const contributionNoteSchema = z.object({
  id: z.number(),
  /** HTML: the typed text escaped, a paragraph per block (as supporters' notes). */
  body: z.string(),
  author: z.string().nullable(),
  created_at: z.string(),
});
export type ContributionNote = z.infer<typeof contributionNoteSchema>;
export const contributionNoteAnswerSchema = z.object({ message: z.string(), note: contributionNoteSchema });

/** A fund the edit form offers: its account code and what staff call it. */
export const fundOptionSchema = z.object({ code: z.string(), label: z.string() });
export type FundOption = z.infer<typeof fundOptionSchema>;
