import { sandboxFee } from '../integrations/payments/sandbox/sandbox-outcomes.ts';
import { atOrgRate } from './money.ts';
import type { contributions } from '../modules/contributions/contributions.tables.ts';
import { paymentLinks, payments } from '../modules/payments/payments.tables.ts';
import { at, DAY } from './context.ts';
import type { MethodPlan } from './plan-profiles.ts';
import type { Rng } from './prng.ts';
import { sandboxCharge } from './sandbox.ts';
import { settleAfterPayment } from './settle.ts';
import type { Draft, PaymentKind } from './world.ts';

type ContributionRow = typeof contributions.$inferInsert;

export type PaymentDetails = {
  type: PaymentKind;
  brand: string | null;
  last4: string | null;
  wallet: string | null;
  expMonth: number | null;
  expYear: number | null;
  gateway: string;
  providerId: number;
  methodId: number | null;
  chequeNumber: string | null;
};

const BRANDS = [['visa', 48], ['mastercard', 28], ['amex', 14], ['discover', 10]] as const;
const BANKS = ['Chase', 'Bank of America', 'Wells Fargo', 'TD Bank', 'RBC Royal Bank', 'US Bank', 'PNC'];

/** The instrument: a saved method for recurring gifts, otherwise what the channel took. */
export function paymentDetails(d: Draft, method?: MethodPlan): PaymentDetails {
  const providers = d.world.reference.providers;
  const type = method?.type ?? d.channel.paymentType;
  const electronic = type === 'card' || type === 'bank' || type === 'paypal';
  const gateway = type === 'paypal' ? 'paypal' : electronic ? 'sandbox' : 'offline';
  const card = type === 'card';
  const year = new Date(d.t).getUTCFullYear();
  return {
    type,
    brand: card ? (method?.brand ?? d.rng.weighted(BRANDS)) : null,
    last4: type === 'card' || type === 'bank' ? (method?.last4 ?? String(d.rng.int(0, 9999)).padStart(4, '0')) : null,
    wallet: card ? (method ? method.wallet : d.channel.web && d.rng.chance(0.15) ? d.rng.pick(['apple_pay', 'google_pay']) : null) : null,
    expMonth: card ? (method?.expMonth ?? d.rng.int(1, 12)) : null,
    expYear: card ? (method?.expYear ?? year + d.rng.int(1, 4)) : null,
    gateway,
    providerId: gateway === 'paypal' ? providers.paypal : electronic ? providers.sandbox : providers.offline,
    methodId: method?.id ?? null,
    chequeNumber: type === 'cheque' ? String(d.rng.int(1001, 9999)) : null,
  };
}

/** The payment columns a contribution carries (POS proof fields included). */
export function paymentColumns(d: Draft, p: PaymentDetails, total: number): Partial<ContributionRow> {
  const cashReceived = p.type === 'cash' ? Math.ceil(total / 2000) * 2000 : null;
  return {
    paymentType: p.type, paymentCardBrand: p.brand, paymentCardLast4: p.last4, paymentWallet: p.wallet, paymentGateway: p.gateway,
    paymentProviderId: p.providerId, paymentMethodId: p.methodId,
    checkNumber: p.chequeNumber, checkDate: p.chequeNumber ? new Date(d.t - 2 * DAY).toISOString().slice(0, 10) : null,
    checkAmount: p.chequeNumber ? total : null, cashReceived, cashChange: cashReceived === null ? null : cashReceived - total,
    paymentOtherReference: p.type === 'unknown' ? `EFT-${d.rng.int(10000, 99999)}` : null,
    paymentOtherNote: p.type === 'unknown' ? 'Bank transfer, see statement' : null,
  };
}

/**
 * Records the payment attempt (unless nothing was tried), then everything that follows from
 * it: status, refund, fulfilment, spam, history. `attempted` is false for free orders and
 * carts abandoned before paying.
 */
export function recordPayment(
  d: Draft, c: ContributionRow, p: PaymentDetails, links: { profileId?: number; transactionId?: number }, attempted: boolean,
): number | null {
  const total = c.totalAmount as number;
  if (!attempted || (d.paid && total === 0)) {
    settleAfterPayment(d, c, null);
    return null;
  }
  const status = !d.paid ? 'failed' : p.type === 'bank' && d.t > d.world.ctx.now - 4 * DAY ? 'pending' : 'succeeded';
  const payment = paymentRow(d, c, p, status);
  d.chunk.payments.push(payment);
  if (p.gateway === 'sandbox') d.chunk.ledger.push(sandboxCharge(payment));
  d.chunk.links.push({
    id: d.world.ctx.ids.next(paymentLinks), paymentId: payment.id as number, contributionId: c.id as number,
    recurringPaymentProfileId: links.profileId ?? null, recurringTransactionId: links.transactionId ?? null,
  });
  c.paymentStatus = status;
  c.confirmationNumber = status === 'failed' ? null : payment.referenceNumber;
  c.responseText = status === 'failed' ? payment.failureMessage : 'Approved';
  settleAfterPayment(d, c, payment);
  return payment.id as number;
}

function paymentRow(d: Draft, c: ContributionRow, p: PaymentDetails, status: 'succeeded' | 'pending' | 'failed'): typeof payments.$inferInsert {
  const failed = status === 'failed';
  return {
    id: d.world.ctx.ids.next(payments), type: p.type, status, livemode: !c.isTest, amount: c.totalAmount as number,
    currencyCode: c.currencyCode, ...atOrgRate(d.world.ctx, c.totalAmount as number, d.t), paid: !failed, captured: status === 'succeeded', capturedAt: status === 'succeeded' ? at(d.t + 2000) : null,
    referenceNumber: reference(d.rng, p), description: `Payment for Contribution #${c.clientUuid}`,
    failureCode: failed ? 'card_declined' : null, failureMessage: failed ? d.rng.pick(['Your card was declined.', 'Insufficient funds.', 'Your card has expired.']) : null,
    outcome: failed ? 'issuer_declined' : 'authorized', isSpam: c.isSpam ?? false, supporterId: c.supporterId ?? null,
    paymentMethodId: p.methodId, paymentProviderId: p.providerId, gateway: p.gateway,
    cardBrand: p.brand, cardLast4: p.type === 'card' ? p.last4 : null, cardExpMonth: p.expMonth, cardExpYear: p.expYear,
    cardCountry: p.type === 'card' ? (c.billCountry ?? 'US') : null, cardFunding: p.type === 'card' ? 'credit' : null, cardWallet: p.wallet,
    cardCvcCheck: p.type === 'card' && !p.wallet ? (d.rng.chance(0.98) ? 'pass' : 'fail') : null,
    cardAddressLine1Check: p.type === 'card' ? (d.rng.chance(0.95) ? 'pass' : 'unavailable') : null,
    cardAddressZipCheck: p.type === 'card' ? (d.rng.chance(0.96) ? 'pass' : 'fail') : null,
    bankName: p.type === 'bank' ? d.rng.pick(BANKS) : null, bankLast4: p.type === 'bank' ? p.last4 : null,
    bankAccountType: p.type === 'bank' ? 'checking' : null, bankAccountHolderType: p.type === 'bank' ? 'personal' : null,
    chequeNumber: p.chequeNumber, chequeDate: c.checkDate ?? null, ipAddress: c.clientIp ?? null, ipCountry: c.ipCountry ?? null,
    // The sandbox's own fee for what it charged, so Almoner and the gateway's record agree.
    gatewayFeeAmount: p.gateway === 'offline' || failed ? null : p.gateway === 'sandbox' ? sandboxFee(p.type === 'bank' ? 'bank' : 'card', c.totalAmount as number, status) : Math.round((c.totalAmount as number) * 0.029) + 30,
    createdAt: at(d.t), updatedAt: at(d.t),
  };
}

function reference(rng: Rng, p: PaymentDetails): string {
  const token = (length: number) => {
    let out = '';
    while (out.length < length) out += Math.floor(rng.next() * 2 ** 32).toString(36);
    return out.slice(0, length);
  };
  if (p.type === 'paypal') return `PAYID-${token(20).toUpperCase()}`;
  if (p.gateway === 'offline') return p.chequeNumber ? `CHQ-${p.chequeNumber}` : `OFF-${token(10).toUpperCase()}`;
  return `${p.type === 'bank' ? 'py' : 'ch'}_${token(24)}`;
}
