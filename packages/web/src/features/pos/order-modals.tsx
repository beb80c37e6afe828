import type { OrderModal } from './cart-pane.tsx';
import { AccountModal } from './modals/account-modal.tsx';
import { AddressesModal } from './modals/addresses-modal.tsx';
import { DetailsModal } from './modals/details-modal.tsx';
import { FundraiserModal } from './modals/fundraiser-modal.tsx';
import { PromoModal } from './modals/promo-modal.tsx';
import { ShippingModal } from './modals/shipping-modal.tsx';
import { SponsorshipModal } from './modals/sponsorship-modal.tsx';
import { TaxesModal } from './modals/taxes-modal.tsx';
import type { PosConfig } from './pos-types.ts';
import type { PosOrderState } from './use-pos-order.ts';
import { useEffect } from 'react';

type Props = { modal: OrderModal; pos: PosOrderState; config: PosConfig; onClose: () => void };

/**
 * The order's modals. Those that edit the order start it first (spec §4: created on demand),
 * so each one always has an order to show.
 */
export function OrderModals({ modal, pos, config, onClose }: Props) {
  const { order, ensureOrder } = pos;
  const needsOrder = modal !== 'account' && modal !== 'sponsorship' && modal !== 'fundraiser';
  useEffect(() => {
    if (needsOrder && !order) void ensureOrder().then((started) => !started && onClose());
  }, [needsOrder, order, ensureOrder, onClose]);

  if (modal === 'account')
    return (
      <AccountModal
        order={order}
        onChoose={(id) => pos.update({ member_id: id })}
        onClose={onClose}
      />
    );
  if (modal === 'sponsorship')
    return (
      <SponsorshipModal
        currency={pos.currency}
        onAdd={(body) => pos.send('add_by_child_reference', body)}
        onClose={onClose}
      />
    );
  if (modal === 'fundraiser')
    return (
      <FundraiserModal
        currency={pos.currency}
        onAdd={(body) => pos.send('add_by_fundraising_page', body)}
        onClose={onClose}
      />
    );
  if (!order) return null;
  switch (modal) {
    case 'addresses':
      return <AddressesModal order={order} onSave={pos.update} onClose={onClose} />;
    case 'details':
      return <DetailsModal order={order} config={config} onSave={pos.update} onClose={onClose} />;
    case 'shipping':
      return <ShippingModal order={order} onSave={pos.update} onClose={onClose} />;
    case 'taxes':
      return <TaxesModal order={order} onSave={pos.update} onClose={onClose} />;
    case 'promo':
      return (
        <PromoModal
          order={order}
          onApply={(body) => pos.send('promos/apply', body)}
          onClose={onClose}
        />
      );
  }
}
