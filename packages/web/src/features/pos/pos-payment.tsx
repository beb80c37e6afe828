import { bankTabHint, canTakeAch, FULFILLMENT_SETTING, type PosCompleteAnswer } from '@almoner/contracts';
import { api } from '../../lib/api.ts';
import { usePosConfig } from './api.ts';
import { PaymentDialog, type Completion } from './payment/payment-dialog.tsx';
import type { PosOrder } from './pos-types.ts';

/** Pays the order through the payment dialog, which then shows the receipt's number and links. */
export function PosPayment({ order, onFinished, onClose }: { order: PosOrder; onFinished: () => void; onClose: () => void }) {
  // The organisation's gateway (the payment_gateway setting) and, for Stripe, its publishable key.
  const cardFields = usePosConfig().data?.card_fields ?? { gateway: 'sandbox' as const, publishable_key: null };
  async function complete(body: Record<string, unknown>): Promise<Completion> {
    const answer = await api<PosCompleteAnswer>(`/jpanel/pos/${order.id}/complete`, { method: 'POST', body });
    if (answer.status === 'authenticate') {
      return { kind: 'authenticate', message: answer.message, clientSecret: answer.authenticate.client_secret, paymentIntent: answer.authenticate.payment_intent, setupIntent: answer.authenticate.setup_intent };
    }
    return {
      kind: 'paid',
      receipt: {
        id: answer.order.id,
        invoicenumber: answer.payment.invoicenumber ?? answer.order.invoice_number ?? answer.order.client_uuid,
        supporterMessage: answer.supporter_message ?? null,
      },
    };
  }
  return (
    <PaymentDialog
      order={order}
      gateway={cardFields.gateway}
      publishableKey={cardFields.publishable_key}
      // Stripe's bank debits are made by Stripe.js, which needs the publishable key.
      achAvailable={canTakeAch(cardFields.gateway, order.currency_code) && (cardFields.gateway !== 'stripe' || Boolean(cardFields.publishable_key))}
      bankHint={bankTabHint(cardFields.gateway, order.currency_code)}
      fulfillment={FULFILLMENT_SETTING}
      onComplete={complete}
      onAbandon={(paymentIntent) => api(`/jpanel/pos/${order.id}/abandon-payment`, { method: 'POST', body: { payment_intent: paymentIntent } })}
      onFinished={onFinished}
      onClose={onClose}
    />
  );
}
