import { attributionFields } from './campaigns.ts';
import { z } from 'zod';
import { messages } from './messages.ts';
import { checkAmountDecimals, currencyCodeSchema, decimalAmountSchema, formatAmount, moneyMessages } from './money.ts';
import { optionalText, requiredText, specDate } from './rules.ts';

/**
 * Gift batches (issue 37 item 2): the week's cheques and cash keyed in one grid, checked against
 * the deposit's count and total, then posted as gifts together. The spec is silent: the words
 * are ours, in the catalogue's voice.
 */
export const batchMessages = {
  created: 'Batch has been created.',
  updated: 'Batch has been updated.',
  giftAdded: 'Gift has been added to the batch.',
  giftUpdated: 'Gift has been updated.',
  giftRemoved: 'Gift has been removed from the batch.',
  closed: (count: number) => `The batch is closed: ${count} ${count === 1 ? 'gift was' : 'gifts were'} posted.`,
  reopened: (count: number) => `The batch is open again: its ${count} posted ${count === 1 ? 'gift was' : 'gifts were'} deleted, with history.`,
  notFound: 'This batch does not exist.',
  giftNotFound: 'This gift is not in this batch.',
  closedNoEdit: (name: string) => `${name} is closed: reopen it before changing its gifts.`,
  alreadyOpen: (name: string) => `${name} is already open.`,
  empty: 'The batch has no gifts to post.',
  countDiffers: (entered: number, expected: number) =>
    `The batch has ${entered} ${entered === 1 ? 'gift' : 'gifts'} but ${expected} ${expected === 1 ? 'was' : 'were'} expected.`,
  totalShort: (difference: string) => `The batch is ${difference} short of its expected total.`,
  totalOver: (difference: string) => `The batch is ${difference} over its expected total.`,
  receipted: (receipts: string[]) =>
    `This batch cannot be reopened: its gifts are receipted (${receipts.join(', ')}). Void those receipts first.`,
  currencyDiffers: (batch: string) => `This batch is in ${batch}: enter gifts in ${batch}, or start a batch for the other currency.`,
  supporterRequired: 'A cheque needs the supporter who wrote it.',
  supporterMissing: 'This supporter does not exist.',
  supporterArchived: (name: string) => `${name} is archived: restore the supporter before entering a gift for them.`,
  supporterSpam: (name: string) => `${name} is marked as spam: a gift cannot be entered for them.`,
  designationRequired: 'Choose the fund this gift goes to.',
  designationMissing: 'This fund cannot take gifts: choose one from the list.',
  checkNumber: 'Enter the cheque number.',
  futureDate: 'The date a gift was received cannot be in the future.',
  amountRequired: 'Enter the amount of the gift.',
} as const;

export const BATCH_STATUSES = ['open', 'closed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_PAYMENT_TYPES = ['check', 'cash'] as const;
export type BatchPaymentType = (typeof BATCH_PAYMENT_TYPES)[number];
export const batchPaymentTypeLabels: Record<BatchPaymentType, string> = { check: 'Cheque', cash: 'Cash' };
export const BATCH_NAME_MAX = 120;
export const BATCH_MAX_GIFTS = 500;

const id = z.coerce.number({ error: messages.number }).int({ error: messages.number }).positive({ error: messages.number }).max(2 ** 31 - 1, { error: messages.number });

/** POST /jpanel/batches. Amounts are decimals of the batch's currency. */
export const batchCreateSchema = z
  .object({
    name: requiredText(BATCH_NAME_MAX),
    deposit_date: specDate(),
    currency_code: currencyCodeSchema,
    expected_count: z.coerce.number({ error: messages.number }).int({ error: messages.number }).min(1, { error: messages.number }).max(BATCH_MAX_GIFTS, { error: messages.number }),
    expected_total: decimalAmountSchema.refine((v) => v > 0, { error: moneyMessages.amount }),
  })
  .superRefine((v, ctx) => checkAmountDecimals(ctx, v.expected_total, v.currency_code, ['expected_total']));
export type BatchCreateInput = z.input<typeof batchCreateSchema>;
export type BatchCreate = z.output<typeof batchCreateSchema>;

/** POST /jpanel/batches/{id}: the header of an open batch; the currency is fixed once gifts are in. */
export const batchUpdateSchema = z
  .object({
    name: requiredText(BATCH_NAME_MAX).optional(),
    deposit_date: specDate().optional(),
    expected_count: z.coerce.number({ error: messages.number }).int({ error: messages.number }).min(1, { error: messages.number }).max(BATCH_MAX_GIFTS, { error: messages.number }).optional(),
    expected_total: decimalAmountSchema.refine((v) => v > 0, { error: moneyMessages.amount }).optional(),
  });
export type BatchUpdateInput = z.input<typeof batchUpdateSchema>;

/**
 * One gift of the grid (POST /jpanel/batches/{id}/gifts and …/gifts/{giftId}). `currency_code`
 * may be sent to say which currency the amount is in: it must be the batch's.
 */
export const batchGiftSchema = z.object({
  supporter_id: id.nullish().transform((v) => v ?? null),
  amount: z.union([z.literal(''), decimalAmountSchema], { error: moneyMessages.amount }).transform((v, ctx) => {
    if (v === '' || v <= 0) {
      ctx.addIssue({ code: 'custom', message: batchMessages.amountRequired });
      return z.NEVER;
    }
    return v;
  }),
  currency_code: currencyCodeSchema.optional(),
  payment_type: z.enum(BATCH_PAYMENT_TYPES, { error: 'Choose cheque or cash.' }),
  check_number: optionalText(45),
  variant_id: id.nullish().transform((v, ctx) => {
    if (v === null || v === undefined) {
      ctx.addIssue({ code: 'custom', message: batchMessages.designationRequired });
      return z.NEVER;
    }
    return v;
  }),
  received_on: specDate(),
  note: optionalText(1000),
  /** The campaign and appeal the gift is credited to when the batch is posted (issue 37 items 2 and 5). */
  ...attributionFields,
});
export type BatchGiftInput = z.input<typeof batchGiftSchema>;
export type BatchGift = z.output<typeof batchGiftSchema>;

export const batchGiftRowSchema = z.object({
  id: z.number(),
  position: z.number(),
  supporter: z.object({ id: z.number(), name: z.string() }).nullable(),
  amount: z.number(),
  payment_type: z.enum(BATCH_PAYMENT_TYPES),
  check_number: z.string().nullable(),
  variant_id: z.number(),
  designation: z.string(),
  received_on: z.string(),
  note: z.string().nullable(),
  campaign_id: z.number().nullable(),
  appeal_id: z.number().nullable(),
  /** The posted gift, once the batch is closed. */
  contribution_id: z.number().nullable(),
});
export type BatchGiftRow = z.infer<typeof batchGiftRowSchema>;

const totalsSchema = z.object({ count: z.number(), total: z.number() });

export const batchSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  deposit_date: z.string(),
  currency_code: z.string(),
  status: z.enum(BATCH_STATUSES),
  expected: totalsSchema,
  entered: totalsSchema,
  closed_at: z.string().nullable(),
  closed_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchDetailSchema = batchSummarySchema.extend({ gifts: z.array(batchGiftRowSchema) });
export type BatchDetail = z.infer<typeof batchDetailSchema>;

export const batchAnswerSchema = z.object({ message: z.string(), batch: batchDetailSchema });
export type BatchAnswer = z.infer<typeof batchAnswerSchema>;

export const batchesQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'all']).default('all'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
});
export const BATCHES_PER_PAGE = 50;
export const batchesPageSchema = z.object({ data: z.array(batchSummarySchema), total: z.number(), page: z.number(), per_page: z.number() });
export type BatchesPage = z.infer<typeof batchesPageSchema>;

/** A one-time donation the grid can credit (its product's fund), with its minimum in the product's currency. */
export const batchDesignationSchema = z.object({ variant_id: z.number(), label: z.string(), gl_code: z.string().nullable() });
export type BatchDesignation = z.infer<typeof batchDesignationSchema>;

/** Figures a batch is closed against; the same function the page shows and the server checks. */
export function batchDifference(b: { expected: { count: number; total: number }; entered: { count: number; total: number }; currency_code: string }): string | null {
  if (b.entered.count === 0) return batchMessages.empty;
  if (b.entered.count !== b.expected.count) return batchMessages.countDiffers(b.entered.count, b.expected.count);
  // Decimals of one currency, compared in hundredths-safe integers.
  const cents = (v: number) => Math.round(v * 10000);
  const gap = cents(b.expected.total) - cents(b.entered.total);
  if (gap === 0) return null;
  const shown = formatAmount(Math.abs(gap) / 10000, b.currency_code);
  return gap > 0 ? batchMessages.totalShort(shown) : batchMessages.totalOver(shown);
}

/** The deposit slip of a closed batch: the bank's view of it, cheques one by one and the cash in one sum. */
export const depositSlipSchema = z.object({
  batch_id: z.number(),
  name: z.string(),
  deposit_date: z.string(),
  currency_code: z.string(),
  cheques: z.array(z.object({ check_number: z.string(), drawer: z.string(), amount: z.number() })),
  cheque_total: z.number(),
  cash_count: z.number(),
  cash_total: z.number(),
  total: z.number(),
});
export type DepositSlip = z.infer<typeof depositSlipSchema>;
export const depositSlipMessages = { notClosed: 'Close the batch before printing its deposit slip: its gifts may still change.' } as const;
export type BatchUpdate = z.output<typeof batchUpdateSchema>;
