import { billingPeriodSuffix, type BillingPeriod } from '../catalogue/variants.ts';
import { formatMoney } from '../money.ts';

/**
 * How a cart line says what is charged: "$25.00", "$25.00/mo", or "$0.00 today, then $25.00/mo"
 * when the first charge differs from the recurring one. Minor units in, text out.
 */
export function paymentString(line: { total: number; recurringAmount: number | null; recurringFrequency: string | null; qty: number }, currency: string): string {
  const now = formatMoney(line.total, currency);
  if (line.recurringAmount === null || !line.recurringFrequency) return now;
  const suffix = billingPeriodSuffix[line.recurringFrequency as BillingPeriod] ?? '';
  const recurring = `${formatMoney(line.recurringAmount * Math.max(1, line.qty), currency)}${suffix}`;
  return line.total === line.recurringAmount * Math.max(1, line.qty) ? recurring : `${now} today, then ${recurring}`;
}
