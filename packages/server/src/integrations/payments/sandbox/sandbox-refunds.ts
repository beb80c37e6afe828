import { gatewayMessages } from '@almoner/contracts';
import { and, eq, inArray, sum } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { GatewayError, type GatewayPayment, type GatewayRefund, type RefundRequest } from '../gateway.ts';
import { checkAmount, checkKey } from './sandbox-checks.ts';
import { findReplay, newReference, recordOnce, requestHash, type LedgerRow, type SandboxContext } from './sandbox-ledger.ts';
import { sandboxLedger } from './sandbox.tables.ts';

/** A pending debit has settled once its settlement time has passed. */
const effective = (now: () => Date, payment: GatewayPayment, row: LedgerRow): GatewayPayment =>
  payment.status === 'pending' && row.settlesAt && row.settlesAt <= now() ? { ...payment, status: 'succeeded' } : payment;

async function refundedSoFar(tx: Queryable, reference: string) {
  const [row] = await tx
    .select({ total: sum(sandboxLedger.amount) })
    .from(sandboxLedger)
    .where(and(eq(sandboxLedger.paymentReference, reference), eq(sandboxLedger.kind, 'refund'), eq(sandboxLedger.status, 'succeeded')));
  return Number(row?.total ?? 0);
}

/** A partial or whole refund of a settled payment, never more than is left of it. */
export async function sandboxRefund({ db, now }: SandboxContext, request: RefundRequest): Promise<GatewayRefund> {
  checkKey(request.idempotencyKey);
  checkAmount(request.amount, request.currency);
  const hash = requestHash('refund', { payment: request.paymentReference, amount: request.amount, currency: request.currency, reason: request.reason });
  return db.transaction(async (tx) => {
    // Lock the payment first: refunds of one payment run one at a time, so two of them can
    // never both fit into what is left.
    const [payment] = await tx
      .select()
      .from(sandboxLedger)
      .where(and(eq(sandboxLedger.reference, request.paymentReference), inArray(sandboxLedger.kind, ['charge', 'ach_debit'])))
      .for('update');
    const replay = await findReplay(tx, request.idempotencyKey, hash);
    if (replay) return replay as GatewayRefund;
    if (!payment) throw new GatewayError('not_found', gatewayMessages.paymentNotFound, 'payment_reference');
    if (effective(now, payment.answer as GatewayPayment, payment).status !== 'succeeded') {
      throw new GatewayError('invalid_request', gatewayMessages.notRefundable, 'payment_reference');
    }
    if (payment.currency !== request.currency) throw new GatewayError('invalid_request', gatewayMessages.currency, 'currency');
    if (request.amount > payment.amount - (await refundedSoFar(tx, payment.reference))) {
      throw new GatewayError('invalid_request', gatewayMessages.refundTooLarge, 'amount');
    }
    const reference = newReference('re');
    const answer: GatewayRefund = {
      reference,
      paymentReference: payment.reference,
      status: 'succeeded',
      amount: request.amount,
      currency: request.currency,
      createdAt: now().toISOString(),
    };
    const recorded = await recordOnce(tx, {
      reference,
      kind: 'refund',
      idempotencyKey: request.idempotencyKey,
      requestHash: hash,
      paymentReference: payment.reference,
      amount: request.amount,
      currency: request.currency,
      status: 'succeeded',
      description: request.reason ?? null,
      answer,
    });
    return recorded.answer as GatewayRefund;
  });
}

/** A payment as it stands now: settled once its time has come, with what was refunded of it. */
export async function sandboxFetchPayment({ db, now }: SandboxContext, reference: string): Promise<GatewayPayment> {
  const [row] = await db
    .select()
    .from(sandboxLedger)
    .where(and(eq(sandboxLedger.reference, reference), inArray(sandboxLedger.kind, ['charge', 'ach_debit'])));
  if (!row) throw new GatewayError('not_found', gatewayMessages.paymentNotFound, 'payment_reference');
  return { ...effective(now, row.answer as GatewayPayment, row), amountRefunded: await refundedSoFar(db, reference) };
}
