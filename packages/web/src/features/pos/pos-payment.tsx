import { canTakeAch, FULFILLMENT_SETTING, type PosCompleteResponse } from '@almoner/contracts';
import { api } from '../../lib/api.ts';
import { usePosConfig } from './api.ts';
import { PaymentDialog, type Receipt } from './payment/payment-dialog.tsx';
import type { PosOrder } from './pos-types.ts';

/** Pays the order through the payment dialog, which then shows the receipt's number and links. */
export function PosPayment({ order, onFinished, onClose }: { order: PosOrder; onFinished: () => void; onClose: () => void }) {
  // The organisation's gateway (the payment_gateway setting) and, for Stripe, its publishable key.
  const cardFields = usePosConfig().data?.card_fields ?? { gateway: 'sandbox' as const, publishable_key: null };
  async function complete(body: Record<string, unknown>): Promise<Receipt> {
    const answer = await api<PosCompleteResponse>(`/jpanel/pos/${order.id}/complete`, { method: 'POST', body });
    return {
      id: answer.order.id,
      invoicenumber: answer.payment.invoicenumber ?? answer.order.invoice_number ?? answer.order.client_uuid,
      supporterMessage: answer.supporter_message ?? null,
    };
  }
  return (
    <PaymentDialog
      order={order}
      gateway={cardFields.gateway}
      publishableKey={cardFields.publishable_key}
      achAvailable={canTakeAch(cardFields.gateway, order.currency_code)}
      fulfillment={FULFILLMENT_SETTING}
      onComplete={complete}
      onFinished={onFinished}
      onClose={onClose}
    />
  );
}
