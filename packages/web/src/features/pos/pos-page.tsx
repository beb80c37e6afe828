import {
  canTakeAch,
  formatAmount,
  FULFILLMENT_SETTING,
  paymentGateways,
  type PosCompleteResponse,
} from '@almoner/contracts';
import { Alert, Box, Button, Center, Grid, Group, Loader, Select, Title } from '@mantine/core';
import { IconClockPause, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { confirm } from '../../components/dialogs.tsx';
import { api } from '../../lib/api.ts';
import { usePosConfig } from './api.ts';
import { DefaultsMenu } from './defaults-menu.tsx';
import { CartPane, type OrderModal } from './cart-pane.tsx';
import { ItemModal } from './item-modal.tsx';
import { OpenSalesModal } from './open-sales-modal.tsx';
import { OrderModals } from './order-modals.tsx';
import { PhoneSummaryBar } from './phone-summary-bar.tsx';
import { PaymentDialog, type Receipt } from './payment/payment-dialog.tsx';
import { ProductBrowser } from './product-browser.tsx';
import type { PosConfig, PosOrder, PosProduct } from './pos-types.ts';
import { usePosOrder } from './use-pos-order.ts';

/** The point-of-sale screen (spec part 3 §2.2): products on the left, the contribution on the right. */
export function PosPage() {
  const config = usePosConfig();
  if (config.isPending) {
    return (
      <Center h={300}>
        <Loader aria-label="Loading the point of sale" />
      </Center>
    );
  }
  if (config.error)
    return (
      <Alert color="red" title="Could not load the point of sale">
        {config.error.message}
      </Alert>
    );
  return <PosScreen config={config.data} />;
}

// Only the sandbox is offered today; the organisation's gateway joins here with the real clients.
const GATEWAY = paymentGateways[0];

/** Pays the order; the receipt names the contribution by its number, else its reference. */
async function completeOrder(orderId: number, body: Record<string, unknown>): Promise<Receipt> {
  const answer = await api<PosCompleteResponse>(`/jpanel/pos/${orderId}/complete`, {
    method: 'POST',
    body,
  });
  return {
    id: answer.order.id,
    invoicenumber:
      answer.payment.invoicenumber ?? answer.order.invoice_number ?? answer.order.client_uuid,
  };
}

function PosScreen({ config }: { config: PosConfig }) {
  const pos = usePosOrder(config.defaults?.currency_code ?? config.site_currency);
  const [product, setProduct] = useState<PosProduct | null>(null);
  const [modal, setModal] = useState<OrderModal | null>(null);
  // The order being paid, kept while the finished screen shows (the screen's order is cleared).
  const [paying, setPaying] = useState<PosOrder | null>(null);
  const [openSales, setOpenSales] = useState(false);
  const order = pos.order;

  async function startOver() {
    if (
      order?.items.length &&
      !(await confirm({
        title: 'Start a new contribution?',
        message: 'This contribution will be set aside: find it under Open sales to resume or discard it.',
        confirmLabel: 'Start new',
        danger: true,
      }))
    )
      return;
    pos.clear();
  }

  const items = order?.items.length ?? 0;
  const due = formatAmount(order?.totalamount ?? 0, order?.currency_code ?? pos.currency);
  return (
    // On a phone the bar fixed at the bottom covers the last 72 px: the page leaves room for it.
    <Box pb={{ base: 72, md: 0 }}>
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={2}>Point of sale</Title>
        <Group gap="sm">
          <Select
            aria-label="Currency"
            w={110}
            data={config.currencies.map((c) => ({ value: c.code, label: `${c.code} ${c.symbol}` }))}
            value={pos.currency}
            onChange={(code) => code && void pos.setCurrency(code)}
            allowDeselect={false}
            disabled={pos.busy}
          />
          <Button
            variant="default"
            leftSection={<IconClockPause size={16} />}
            onClick={() => setOpenSales(true)}
          >
            Open sales
          </Button>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => void startOver()}
            disabled={!order}
          >
            New contribution
          </Button>
          <DefaultsMenu order={order} />
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <ProductBrowser currency={pos.currency} onOpen={setProduct} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} id="pos-cart">
          <Box pos="sticky" top={72}>
            <CartPane
              order={order}
              currency={pos.currency}
              busy={pos.busy}
              onOpen={setModal}
              onRemove={(item) => void pos.removeItem(item.id)}
              onPay={() => setPaying(order)}
            />
          </Box>
        </Grid.Col>
      </Grid>
      <PhoneSummaryBar
        items={items}
        due={due}
        payDisabled={!items || pos.busy}
        onPay={() => order && setPaying(order)}
      />
      {product && (
        <ItemModal
          product={product}
          config={config}
          onAdd={pos.addItem}
          onClose={() => setProduct(null)}
        />
      )}
      {modal && (
        <OrderModals modal={modal} pos={pos} config={config} onClose={() => setModal(null)} />
      )}
      {openSales && (
        <OpenSalesModal
          currentId={order?.id ?? null}
          onResume={pos.resume}
          onDiscarded={(id) => id === order?.id && pos.clear()}
          onClose={() => setOpenSales(false)}
        />
      )}
      {paying && (
        <PaymentDialog
          order={paying}
          gateway={GATEWAY}
          achAvailable={canTakeAch(GATEWAY, paying.currency_code)}
          fulfillment={FULFILLMENT_SETTING}
          onComplete={(body) => completeOrder(paying.id, body)}
          onFinished={pos.clear}
          onClose={() => setPaying(null)}
        />
      )}
    </Box>
  );
}
