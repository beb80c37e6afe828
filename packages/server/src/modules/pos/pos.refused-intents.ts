import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { GatewayError } from '../../integrations/payments/index.ts';
import { queryRows } from '../../listing/engine.ts';
import { writeLogEntry } from '../logs/logs.service.ts';
import type { OrderRow } from './pos.complete.checks.ts';
import { forgetPendingIntent, insertPayment } from './pos.payment.ts';

/**
 * A paid order's pending intent the gateway refuses to tell about (a 4xx), as the let-go job
 * (pos.pending-intents.ts) meets it. Left pending, it would be asked about on every run and
 * never settled, so what a finance lead expects is recorded instead:
 *   - "No such payment_intent" (404, resource_missing): nothing was charged under it in the
 *     account the keys open, nor can be. It is recorded on the sale as a payment attempt let go
 *     of (failed, with Stripe's words; not marked cancelled, as Stripe cancelled nothing), no
 *     longer pending, with a warning in the log viewer: if the keys in Settings › Payments were
 *     changed since the challenge, the intent is in the account or mode they were for;
 *   - any other refusal: nothing is known of it, so it stays pending, with an error in the log
 *     viewer naming the intent, the order and Stripe's words; the job fails for good rather than
 *     asking again by itself, and staff retry it from Background jobs once it is put right.
 */

/** A pending intent, as the order stored it when the donor's bank asked. */
export type PendingIntent = { gateway: string; reference: string; amount: number; currency: string };

const context = (code: string) => ({ queue: 'pos_left_intents', error_code: code });

/** Records the intent the gateway has no such of on the sale as an attempt let go of, once (see above). */
export async function letGoMissingIntent(tx: Tx, order: OrderRow, intent: PendingIntent, refused: GatewayError): Promise<void> {
  await forgetPendingIntent(tx, intent.gateway, intent.reference);
  const [seen] = await queryRows(tx, sql`select 1 from payments where reference_number = ${intent.reference} and gateway = ${intent.gateway}`);
  if (seen) return;
  const words = refused.message.slice(0, 255);
  await insertPayment(tx, {
    contributionId: order.id,
    supporterId: order.supporter_id,
    type: 'card',
    status: 'failed',
    amount: intent.amount,
    currency: intent.currency,
    gateway: intent.gateway,
    paymentMethodId: null,
    gatewayPayment: {
      reference: intent.reference, type: 'card', status: 'failed', outcome: 'invalid', amount: intent.amount, amountRefunded: 0, currency: intent.currency,
      failureCode: 'resource_missing', failureMessage: words, card: null, bank: null, fee: null, createdAt: new Date().toISOString(),
    },
    description: 'Point of sale payment attempt',
  });
  await writeLogEntry(tx, {
    message: `PaymentIntent ${intent.reference}, pending for point of sale order #${order.client_uuid}, is not known to ${intent.gateway} (${words}): nothing was charged under it in the account its keys open. It is recorded on the sale as a payment attempt let go of. If the keys in Settings › Payments were changed since, look for it in the account or mode they were for.`,
    source: 'payments',
    level: 'warning',
    context: context('no_such_intent'),
  });
}

/** Tells staff of an intent the gateway refused otherwise (see above), left pending: answers the words, for the job's failure. */
export async function reportRefusedIntent(tx: Tx, order: OrderRow, intent: PendingIntent, refused: GatewayError): Promise<string> {
  const message = `${intent.gateway} refused to tell about PaymentIntent ${intent.reference}, pending for point of sale order #${order.client_uuid}: ${refused.message.slice(0, 300)} It is left pending and not asked about again by itself: put it right (the keys in Settings › Payments?) and retry the job in Background jobs, or look at it in the gateway's dashboard.`;
  await writeLogEntry(tx, { message, source: 'payments', level: 'error', context: context('intent_refused') });
  return message;
}
