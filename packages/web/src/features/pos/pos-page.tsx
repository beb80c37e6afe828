import { Alert, Box, Center, Grid, Loader } from '@mantine/core';
import { useState } from 'react';
import { usePosConfig } from './api.ts';
import { CartPane, type OrderModal } from './cart-pane.tsx';
import { ItemModal } from './item-modal.tsx';
import { OpenSalesModal } from './open-sales-modal.tsx';
import { OrderModals } from './order-modals.tsx';
import { PosPayment } from './pos-payment.tsx';
import { PosPhoneBar } from './pos-phone-bar.tsx';
import { PosToolbar } from './pos-toolbar.tsx';
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

function PosScreen({ config }: { config: PosConfig }) {
  const pos = usePosOrder(config.defaults?.currency_code ?? config.site_currency);
  const [product, setProduct] = useState<PosProduct | null>(null);
  const [modal, setModal] = useState<OrderModal | null>(null);
  // The order being paid, kept while the finished screen shows (the screen's order is cleared).
  const [paying, setPaying] = useState<PosOrder | null>(null);
  const [openSales, setOpenSales] = useState(false);
  const order = pos.order;

  return (
    // On a phone the bar fixed at the bottom covers the last 72 px: the page leaves room for it.
    <Box pb={{ base: 72, md: 0 }}>
      <PosToolbar config={config} pos={pos} onOpenSales={() => setOpenSales(true)} />
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
      <PosPhoneBar pos={pos} onPay={() => order && setPaying(order)} />
      {product && <ItemModal product={product} config={config} onAdd={pos.addItem} onClose={() => setProduct(null)} />}
      {modal && <OrderModals modal={modal} pos={pos} config={config} onClose={() => setModal(null)} />}
      {openSales && (
        <OpenSalesModal
          currentId={order?.id ?? null}
          onResume={pos.resume}
          onDiscarded={(id) => id === order?.id && pos.clear()}
          onClose={() => setOpenSales(false)}
        />
      )}
      {paying && <PosPayment order={paying} onFinished={pos.clear} onClose={() => setPaying(null)} />}
    </Box>
  );
}
