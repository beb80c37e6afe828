import { canTakeAch, FULFILLMENT_SETTING, paymentGateways, type PosCompleteResponse } from '@almoner/contracts';
import { api } from '../../lib/api.ts';
import { PaymentDialog, type Receipt } from './payment/payment-dialog.tsx';
import type { PosOrder } from './pos-types.ts';

// Only the sandbox is offered today; the organisation's gateway joins here with the real clients.
const GATEWAY = paymentGateways[0];

/** Pays the order through the payment dialog, which then shows the receipt's number and links. */
export function PosPayment({ order, onFinished, onClose }: { order: PosOrder; onFinished: () => void; onClose: () => void }) {
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
      gateway={GATEWAY}
      achAvailable={canTakeAch(GATEWAY, order.currency_code)}
      fulfillment={FULFILLMENT_SETTING}
      onComplete={complete}
      onFinished={onFinished}
      onClose={onClose}
    />
  );
}
