import { z } from 'zod';
import { reportDay } from './common.ts';

/**
 * Reports › Reconciliation (issue 39, beyond the spec): per day and currency, what Almoner's
 * ledger says was taken, refunded and kept in fees beside what the payment gateway's own record
 * says, and every payment or refund on which the two disagree. The gateway's record is the
 * sandbox ledger (Stripe's balance transactions arrive with issue 40).
 */
/** Three years: a year end with the years either side, and no more in one answer. */
export const RECONCILIATION_MAX_DAYS = 1096;

export const reconciliationMessages = {
  range: `Choose at most ${RECONCILIATION_MAX_DAYS} days.`,
  order: 'The first day must come before the last.',
  notInGateway: "Not in the gateway's record",
  notInAlmoner: "Not in Almoner's ledger",
  amounts: 'Amounts differ',
  fees: 'Fees differ',
  stripeUnreadable: (why: string) => `Stripe's balance transactions could not be read: ${why}`,
} as const;

export const reconciliationQuerySchema = z.object({ from: reportDay, to: reportDay });
export type ReconciliationQuery = z.input<typeof reconciliationQuerySchema>;

/** One side's figures for a day and currency, in decimals of that currency. */
export const reconciliationFiguresSchema = z.object({ gross: z.number(), refunds: z.number(), fees: z.number(), net: z.number() });
export type ReconciliationFigures = z.infer<typeof reconciliationFiguresSchema>;

export const reconciliationDaySchema = z.object({
  day: z.string(),
  currency: z.string(),
  almoner: reconciliationFiguresSchema,
  gateway: reconciliationFiguresSchema,
  /** How many differences (rows below) fall on this day in this currency. */
  differences: z.number(),
});
export type ReconciliationDay = z.infer<typeof reconciliationDaySchema>;

export const RECONCILIATION_KINDS = ['payment', 'refund'] as const;

/** One payment or refund the two records disagree on; `url` opens what it paid or refunded. */
export const reconciliationDifferenceSchema = z.object({
  kind: z.enum(RECONCILIATION_KINDS),
  reason: z.string(),
  day: z.string(),
  currency: z.string(),
  reference: z.string(),
  almoner_amount: z.number().nullable(),
  gateway_amount: z.number().nullable(),
  almoner_fee: z.number().nullable(),
  gateway_fee: z.number().nullable(),
  payment_id: z.number().nullable(),
  url: z.string().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

export const reconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  gateway: z.string(),
  days: z.array(reconciliationDaySchema),
  differences: z.array(reconciliationDifferenceSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
