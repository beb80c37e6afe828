import { z } from 'zod';
import { decimalAmountSchema } from './money.ts';
import { optionalText, specDate, text } from './rules.ts';
import { messages } from './messages.ts';

/**
 * Tax receipts (spec part 2 §2–§8; incumbent §1.6, §7): statuses, numbering, the revise form,
 * and every message, toasts word for word.
 */
export const RECEIPT_STATUSES = ['draft', 'issued', 'void'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** The numbering format setting's default (incumbent §7). */
export const DEFAULT_RECEIPT_NUMBER_FORMAT = 'WEB[YY]-[000000000]';

export const receiptMessages = {
  revised: (number: string) => `Receipt ${number} has been successfully revised.`,
  issued: (number: string) => `Receipt ${number} has been issued successfully.`,
  voided: (number: string) => `Receipt ${number} has been voided successfully.`,
  notified: (email: string) => `${email} has been notified successfully.`,
  notFound: 'This tax receipt does not exist.',
  alreadyExists: (number: string, contributionId: number) => `Tax receipt ${number} already exists for contribution ID (${contributionId}).`,
  wrongCountry: (contributionId: number, country: string | null, allowed: string) =>
    `Contribution ID (${contributionId}) was billed to ${country ?? 'an unknown country'}. Receipts can only be issued on ${allowed} contributions.`,
  refunded: (contributionId: number) => `Contribution ID (${contributionId}) has been refunded.`,
  notPaid: (contributionId: number) => `Contribution ID (${contributionId}) has not been paid.`,
  nothingReceiptable: (contributionId: number) => `Contribution ID (${contributionId}) has no receiptable amount.`,
  onlyDraftIssue: (number: string) => `Receipt ${number} is not a draft: only drafts can be issued.`,
  voidIsFinal: (number: string) => `Receipt ${number} is void and cannot be changed.`,
  alreadyVoid: (number: string) => `Receipt ${number} is already void.`,
  notifyDraft: 'Issue the receipt before sending it.',
  noEmail: 'This receipt has no email address to send it to.',
  invalidEmail: (number: string, id: number, email: string) =>
    `Failed to send notification for Tax Receipt "${number}" (${id}). "${email}" is not a valid email.`,
  badFormat: 'The number format needs one run of zeros in brackets, e.g. WEB[YY]-[000000000].',
} as const;

/** Pieces of a number format: literal text, year tokens and one run of zeros (the counter). */
type FormatPart = { kind: 'text'; value: string } | { kind: 'yy' } | { kind: 'yyyy' } | { kind: 'counter'; width: number };

export function parseNumberFormat(format: string): FormatPart[] | null {
  const parts: FormatPart[] = [];
  let counters = 0;
  const re = /\[(YYYY|YY|0+)\]/g;
  let last = 0;
  for (let m = re.exec(format); m; m = re.exec(format)) {
    if (m.index > last) parts.push({ kind: 'text', value: format.slice(last, m.index) });
    const token = m[1] as string;
    if (token === 'YYYY') parts.push({ kind: 'yyyy' });
    else if (token === 'YY') parts.push({ kind: 'yy' });
    else {
      counters += 1;
      parts.push({ kind: 'counter', width: token.length });
    }
    last = m.index + m[0].length;
  }
  if (last < format.length) parts.push({ kind: 'text', value: format.slice(last) });
  return counters === 1 ? parts : null;
}

export const isNumberFormat = (format: string): boolean => parseNumberFormat(format) !== null && format.length <= 40;

/**
 * The format with its year filled in: the key of its number sequence, so each year of
 * `WEB[YY]-[000000000]` counts from 1 and `[YYYY]`-less formats count for ever.
 */
export function sequenceKey(format: string, year: number): string {
  const parts = parseNumberFormat(format);
  if (!parts) throw new Error('invalid receipt number format');
  return parts
    .map((p) => (p.kind === 'text' ? p.value : p.kind === 'yy' ? String(year % 100).padStart(2, '0') : p.kind === 'yyyy' ? String(year) : `[${'0'.repeat(p.width)}]`))
    .join('');
}

/** `WEB26-[000000000]` and 42 → `WEB26-000000042`. */
export function formatReceiptNumber(key: string, value: number): string {
  return key.replace(/\[(0+)\]/, (_, zeros: string) => String(value).padStart(zeros.length, '0'));
}

/** A regular expression matching the numbers of one sequence key; group 1 is the counter. */
export function sequencePattern(key: string): string {
  const [before, zeros, after] = key.split(/\[(0+)\]/) as [string, string, string];
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `^${esc(before)}([0-9]{${zeros.length},})${esc(after)}$`;
}

/** The k-th revision of a receipt numbered `base` (without any earlier -R suffix). */
export const revisionNumber = (base: string, k: number): string => `${base.replace(/-R\d+$/, '')}-R${k}`;

/** The revise form (incumbent §2.7): the snapshot fields, the amount and the issue date. */
export const reviseReceiptSchema = z.object({
  name: optionalText(150),
  first_name: optionalText(45),
  last_name: optionalText(45),
  email: optionalText(45).refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: messages.email }),
  address_01: optionalText(450),
  address_02: optionalText(450),
  city: optionalText(45),
  state: optionalText(45),
  zip: optionalText(45),
  country: optionalText(2),
  phone: optionalText(45),
  amount: decimalAmountSchema,
  issued_at: specDate(),
  /** Why the receipt is revised: kept with the frozen version. */
  reason: optionalText(255),
});
export type ReviseReceiptInput = z.input<typeof reviseReceiptSchema>;

export const notifyReceiptSchema = z.object({ email: optionalText(45) }).partial();

/** Labels of the revisable fields, as the change log reads them. */
export const receiptFieldLabels: Record<string, string> = {
  name: 'Name',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  address_01: 'Address',
  address_02: 'Address 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  country: 'Country',
  phone: 'Phone',
  amount: 'Amount',
  issued_at: 'Issue date',
};

export const receiptAnswerSchema = z.object({ id: z.number(), number: z.string().nullable(), deleted_at: z.string().nullable().optional() });

export const receiptChangeSchema = z.object({ label: z.string(), from: z.string().nullable(), to: z.string().nullable() });
export const receiptRevisionSchema = z.object({
  revision: z.number(),
  number: z.string(),
  previous_number: z.string().nullable(),
  reason: z.string().nullable(),
  revised_at: z.string(),
  revised_by: z.string().nullable(),
  changes: z.array(receiptChangeSchema),
});

export const receiptDetailSchema = z.object({
  id: z.number(),
  number: z.string().nullable(),
  status: z.enum(RECEIPT_STATUSES),
  receipt_type: z.string(),
  amount: z.number(),
  currency_code: z.string(),
  issued_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  notified_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  supporter_id: z.number().nullable(),
  name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  address_01: z.string().nullable(),
  address_02: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  has_pdf: z.boolean(),
  lines: z.array(
    z.object({
      contribution_id: z.number().nullable(),
      description: z.string(),
      amount: z.number(),
      currency_code: z.string(),
      donated_at: z.string().nullable(),
      /** When the gift left this receipt (another donor, or a date outside its period); it no longer counts. */
      removed_at: z.string().nullable(),
    }),
  ),
  revisions: z.array(receiptRevisionSchema),
});
export type ReceiptDetail = z.infer<typeof receiptDetailSchema>;

/** What a staff user may do with a receipt in a given state (server and modal agree). */
export function receiptActions(status: ReceiptStatus, deleted: boolean) {
  const live = !deleted && status !== 'void';
  return { revise: live, issue: live && status === 'draft', void: live, notify: !deleted && status === 'issued' };
}

export const receiptNumberFormatSchema = text().trim().refine(isNumberFormat, { error: receiptMessages.badFormat });
