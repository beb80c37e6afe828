import {
  RECONCILIATION_MAX_DAYS,
  type Reconciliation,
  type ReconciliationDay,
  type ReconciliationDifference,
  type ReconciliationFigures,
  reconciliationMessages,
  toDecimal,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import Stripe from 'stripe';
import { AppError, fieldError } from '../../http/errors.ts';
import { chosenGatewayName } from '../../integrations/payments/index.ts';
import { stripeConnection } from '../../integrations/payments/stripe/stripe-events.config.ts';
import { queryRows } from '../../listing/engine.ts';
import { orgTimeZoneSql } from '../money/money.sql.ts';
import { type GatewayEntry, stripeBalanceEntries } from './stripe-balance.ts';

/**
 * The gateway's own record: the sandbox's ledger (a table), or Stripe's balance transactions
 * (read from Stripe for the range) when Stripe is the chosen gateway and its key is set.
 */
type GatewaySide = { name: 'sandbox' } | { name: 'stripe'; entries: GatewayEntry[] };

/** The gateway side's payments (reference, currency, amount, fee, created_at) and refunds (… payment_reference). */
function gatewayRows(side: GatewaySide): { payments: SQL; refunds: SQL } {
  if (side.name === 'sandbox') {
    return {
      payments: sql`select l.reference, l.currency, l.amount, coalesce((l.answer ->> 'fee')::bigint, 0) as fee, l.created_at
                      from sandbox_ledger l where l.kind in ('charge', 'ach_debit') and l.status <> 'failed'`,
      refunds: sql`select l.reference, l.currency, l.amount, l.created_at, l.payment_reference
                     from sandbox_ledger l where l.kind = 'refund' and l.status = 'succeeded'`,
    };
  }
  const entries = sql`jsonb_to_recordset(${JSON.stringify(side.entries)}::jsonb)
    as e(kind text, reference text, payment_reference text, currency text, amount bigint, fee bigint, created_at timestamptz)`;
  return {
    payments: sql`select e.reference, e.currency, e.amount, e.fee, e.created_at from ${entries} where e.kind = 'payment'`,
    refunds: sql`select e.reference, e.currency, e.amount, e.created_at, e.payment_reference from ${entries} where e.kind = 'refund'`,
  };
}

/**
 * Every payment and refund of the range, paired with the gateway's own entry by reference (a
 * full join: what one side lacks shows as null). A pair's day is the gateway's, else Almoner's,
 * in the organisation's time zone, so the two sides' day totals are sums of the same pairs and
 * a charge recorded a moment apart on either side of midnight is not a difference. Failed
 * attempts moved no money on either side and are left out.
 */
function pairsSql(from: string, to: string, side: GatewaySide): SQL {
  const gateway = gatewayRows(side);
  const GATEWAY = side.name;
  return sql`
  with almoner_payments as (
    select p.id as payment_id, p.reference_number as reference, p.currency_code as currency, p.amount, coalesce(p.gateway_fee_amount, 0) as fee, p.created_at
      from payments p
     where p.gateway = ${GATEWAY} and p.reference_number is not null and p.status in ('succeeded', 'pending')
  ), gateway_payments as (${gateway.payments}
  ), almoner_refunds as (
    select r.payment_id, r.reference_number as reference, r.currency_code as currency, r.amount, r.created_at
      from refunds r join payments p on p.id = r.payment_id
     where p.gateway = ${GATEWAY} and r.reference_number is not null and r.status in ('succeeded', 'pending')
  ), gateway_refunds as (${gateway.refunds}
  ), pairs as (
    select 'payment' as kind, coalesce(g.reference, a.reference) as reference, coalesce(g.currency, a.currency) as currency,
           (coalesce(g.created_at, a.created_at) at time zone ${orgTimeZoneSql})::date as day,
           a.payment_id, a.amount as almoner_amount, g.amount as gateway_amount, a.fee as almoner_fee, g.fee as gateway_fee
      from almoner_payments a full join gateway_payments g on g.reference = a.reference
    union all
    select 'refund', coalesce(g.reference, a.reference), coalesce(g.currency, a.currency),
           (coalesce(g.created_at, a.created_at) at time zone ${orgTimeZoneSql})::date,
           coalesce(a.payment_id, (select p.id from payments p where p.reference_number = g.payment_reference and p.gateway = ${GATEWAY} order by p.id limit 1)),
           a.amount, g.amount, null, null
      from almoner_refunds a full join gateway_refunds g on g.reference = a.reference
  )
  select pairs.*, to_char(pairs.day, 'YYYY-MM-DD') as day_text,
         (select case when l.contribution_id is not null then '/jpanel/contributions/' || l.contribution_id
                      when l.recurring_payment_profile_id is not null then '/jpanel/recurring/' || l.recurring_payment_profile_id end
            from payment_links l where l.payment_id = pairs.payment_id order by l.id limit 1) as url
    from pairs
   where pairs.day between ${from}::date and ${to}::date
   order by pairs.day, pairs.currency, pairs.kind, pairs.reference`;
}

type Pair = {
  kind: 'payment' | 'refund';
  reference: string;
  currency: string;
  day_text: string;
  payment_id: number | null;
  almoner_amount: number | null;
  gateway_amount: number | null;
  almoner_fee: number | null;
  gateway_fee: number | null;
  url: string | null;
};

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Why the two records disagree on a pair, or null when they agree. */
function reasonOf(p: Pair): string | null {
  if (p.gateway_amount === null) return reconciliationMessages.notInGateway;
  if (p.almoner_amount === null) return reconciliationMessages.notInAlmoner;
  if (p.almoner_amount !== p.gateway_amount) return reconciliationMessages.amounts;
  if (p.almoner_fee !== p.gateway_fee) return reconciliationMessages.fees;
  return null;
}

type Sums = { gross: number; refunds: number; fees: number };
const zero = (): Sums => ({ gross: 0, refunds: 0, fees: 0 });

function add(sums: Sums, kind: Pair['kind'], amount: number | null, fee: number | null) {
  if (kind === 'payment') {
    sums.gross += amount ?? 0;
    sums.fees += fee ?? 0;
  } else sums.refunds += amount ?? 0;
}

const figures = (s: Sums, currency: string): ReconciliationFigures => ({
  gross: toDecimal(s.gross, currency),
  refunds: toDecimal(s.refunds, currency),
  fees: toDecimal(s.fees, currency),
  net: toDecimal(s.gross - s.refunds - s.fees, currency),
});

/** The range asked for, else the last 30 days to today (in the organisation's time zone). */
async function rangeOf(q: Queryable, input: { from?: string | undefined; to?: string | undefined }): Promise<{ from: string; to: string }> {
  const [today] = await queryRows(q, sql`select to_char((now() at time zone ${orgTimeZoneSql})::date, 'YYYY-MM-DD') as day`);
  const to = input.to ?? String(today?.day);
  const from = input.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days < 0) throw fieldError('from', reconciliationMessages.order);
  if (days >= RECONCILIATION_MAX_DAYS) throw fieldError('from', reconciliationMessages.range);
  return { from, to };
}

/**
 * The reconciliation of a range: day totals of each side, both summed from the same pairs by
 * one pass (so a day's figures and its differences cannot disagree), and every pair the two
 * records disagree on.
 */
export async function reconcile(q: Queryable, input: { from?: string | undefined; to?: string | undefined }): Promise<Reconciliation> {
  const range = await rangeOf(q, input);
  const side = await gatewaySideOf(q, range);
  const rows = await queryRows(q, pairsSql(range.from, range.to, side));
  const byDay = new Map<string, { day: string; currency: string; almoner: Sums; gateway: Sums; differences: number }>();
  const differences: ReconciliationDifference[] = [];
  for (const row of rows) {
    const pair: Pair = {
      kind: row.kind as Pair['kind'], reference: String(row.reference), currency: String(row.currency), day_text: String(row.day_text),
      payment_id: num(row.payment_id), almoner_amount: num(row.almoner_amount), gateway_amount: num(row.gateway_amount),
      almoner_fee: num(row.almoner_fee), gateway_fee: num(row.gateway_fee), url: (row.url as string | null) ?? null,
    };
    const key = `${pair.day_text} ${pair.currency}`;
    const day = byDay.get(key) ?? { day: pair.day_text, currency: pair.currency, almoner: zero(), gateway: zero(), differences: 0 };
    byDay.set(key, day);
    add(day.almoner, pair.kind, pair.almoner_amount, pair.almoner_fee);
    add(day.gateway, pair.kind, pair.gateway_amount, pair.gateway_fee);
    const reason = reasonOf(pair);
    if (!reason) continue;
    day.differences += 1;
    const money = (v: number | null) => (v === null ? null : toDecimal(v, pair.currency));
    differences.push({
      kind: pair.kind, reason, day: pair.day_text, currency: pair.currency, reference: pair.reference,
      almoner_amount: money(pair.almoner_amount), gateway_amount: money(pair.gateway_amount),
      almoner_fee: pair.kind === 'payment' ? money(pair.almoner_fee) : null, gateway_fee: pair.kind === 'payment' ? money(pair.gateway_fee) : null,
      payment_id: pair.payment_id, url: pair.url,
    });
  }
  const days: ReconciliationDay[] = [...byDay.values()].map((d) => ({ day: d.day, currency: d.currency, almoner: figures(d.almoner, d.currency), gateway: figures(d.gateway, d.currency), differences: d.differences }));
  return { ...range, gateway: side.name, days, differences };
}

/**
 * Stripe's balance transactions when Stripe is chosen and reachable, else the sandbox's ledger.
 * Stripe is asked for a day more on each side of the range (the organisation's days are not
 * UTC's); the pairs are then kept by their day in the organisation's time zone.
 */
async function gatewaySideOf(q: Queryable, range: { from: string; to: string }): Promise<GatewaySide> {
  if ((await chosenGatewayName(q)) !== 'stripe') return { name: 'sandbox' };
  const config = await stripeConnection(q);
  if (!config) return { name: 'sandbox' };
  const seconds = (day: string, days: number) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + days * 86_400;
  try {
    return { name: 'stripe', entries: await stripeBalanceEntries(config, { from: seconds(range.from, -1), to: seconds(range.to, 2) }) };
  } catch (error) {
    // Stripe down, slow or refusing the key: staff read why, rather than a bare 500.
    if (error instanceof Stripe.errors.StripeError) throw new AppError('unavailable', reconciliationMessages.stripeUnreadable(error.message.slice(0, 300)));
    throw error;
  }
}
