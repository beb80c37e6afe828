import { contributionStatuses } from '@almoner/contracts';
import { sql } from 'drizzle-orm';

/**
 * The SQL twins of contracts' contribution-status.ts, for the listing's filter, sort and CSV
 * (which cannot call TypeScript per row). contributions.status.test.ts checks that each gives
 * the same answer as its TypeScript original for every payment state. `c` is `contributions`.
 */

/** `formatContributionNumber`. */
export const numberSql = sql`upper(coalesce(c.invoice_number, c.client_uuid))`;

/** `paymentStateOf`. */
export const paymentStateSql = sql`case
  when c.payment_status = 'failed' then 'failed'
  when c.payment_status = 'pending' then 'pending'
  when c.paid_at is null then 'unpaid'
  else 'paid' end`;

/** `contributionStatusOf`. */
export const statusSql = sql`case
  when c.is_spam then 'spam'
  when c.payment_status = 'failed' then 'failed'
  when c.payment_status = 'pending' or c.paid_at is null then 'pending'
  when c.refunded_amount > 0 and c.refunded_amount >= c.total_amount then 'refunded'
  when c.refunded_amount > 0 then 'partially_refunded'
  when c.shippable_items > 0 and c.is_fulfilled then 'fulfilled'
  when c.shippable_items > 0 then 'unfulfilled'
  else 'paid' end`;

/** The status as its label ("Awaiting payment"), for the CSV: the words the list's badge shows. */
export const statusLabelSql = sql`case ${statusSql} ${sql.join(
  contributionStatuses.map((s) => sql`when ${s.value} then ${s.label}`),
  sql` `,
)} end`;
