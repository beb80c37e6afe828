import { contributionStatuses } from '@almoner/contracts';
import { sql } from 'drizzle-orm';

/**
 * The SQL twins of contracts' contribution-status.ts, for the listing's filter, sort and CSV
 * (which cannot call TypeScript per row). contributions.status.test.ts checks that each gives
 * the same answer as its TypeScript original for every payment state. `c` is `contributions`.
 */

/** `formatContributionNumber`: the invoice number. */
export const numberSql = sql`upper(coalesce(c.invoice_number, c.client_uuid))`;

/** `contributionNumber`: the short number staff see (#2401). */
export const shortNumberSql = sql`'#' || c.id`;

/** `paymentStateOf`. */
export const paymentStateSql = sql`case
  when c.payment_status = 'failed' then 'failed'
  when c.payment_status = 'pending' then 'pending'
  when c.paid_at is null then 'unpaid'
  else 'paid' end`;

/**
 * `contributionStatusOf`, as the rule the database applies to store `contributions.status` (a
 * generated column, so no writer can forget it and an index can serve the status filter). The
 * names are unqualified because a generated column reads its own row.
 */
export const statusRule = sql`case
  when is_spam then 'spam'
  when payment_status = 'failed' then 'failed'
  when payment_status = 'pending' or paid_at is null then 'pending'
  when dispute_status = 'open' then 'disputed'
  when dispute_status = 'lost' then 'dispute_lost'
  when refunded_amount > 0 and refunded_amount >= total_amount then 'refunded'
  when refunded_amount > 0 then 'partially_refunded'
  when shippable_items > 0 and is_fulfilled then 'fulfilled'
  when shippable_items > 0 then 'unfulfilled'
  else 'paid' end`;

/**
 * An open sale: started at the point of sale, not paid, no payment tried. It belongs to the POS's
 * list of open sales (to resume or discard there), not to the ledger: the contributions list, its
 * kept counts (migration 0046 applies this same rule), exports, reports and a supporter's gifts.
 */
export const openSaleSql = sql`(c.is_pos and c.paid_at is null and c.payment_status is null)`;

/** What the ledger holds: every live contribution that is not an open sale. */
export const inLedgerSql = sql`(c.deleted_at is null and not ${openSaleSql})`;

/**
 * What a contribution keeps: its total less refunds and less disputed money (an open dispute's
 * amount is withdrawn by the card network until it is won; a lost one is gone). The one net
 * amount: the listing's Net column, the dashboard's money charts, the giving reports and lifetime
 * giving (supporters.giving.ts) use it.
 */
export const KEPT_AMOUNT = 'greatest(c.total_amount - c.refunded_amount - c.disputed_amount, 0)';
export const keptAmountSql = sql.raw(KEPT_AMOUNT);

/** The stored status: every reader uses the column, never the rule again. */
export const statusSql = sql`c.status`;

/** The status as its label ("Awaiting payment"), for the CSV: the words the list's badge shows. */
export const statusLabelSql = sql`case ${statusSql} ${sql.join(
  contributionStatuses.map((s) => sql`when ${s.value} then ${s.label}`),
  sql` `,
)} end`;
