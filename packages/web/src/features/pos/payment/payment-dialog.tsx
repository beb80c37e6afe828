import {
  availablePaymentTabs,
  formatMoney,
  posMessages,
  toMinor,
  type FulfillmentSetting,
  type PaymentGatewayName,
} from '@almoner/contracts';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useReducer } from 'react';
import { Link } from 'react-router';
import type { PosOrder } from '../pos-types.ts';
import { CompletionFlags } from './completion-flags.tsx';
import { PaymentMethodTabs } from './payment-method-tabs.tsx';
import { activeMethods, initialPaymentState, paymentReducer } from './payment-state.ts';
import { usePaymentComplete, type Receipt } from './use-payment-complete.ts';

export type { Receipt } from './use-payment-complete.ts';

export type PaymentDialogProps = {
  order: PosOrder;
  gateway: PaymentGatewayName;
  achAvailable: boolean;
  fulfillment: FulfillmentSetting;
  /** Sends the body; resolves with the paid contribution's receipt. */
  onComplete: (body: Record<string, unknown>) => Promise<Receipt>;
  onClose: () => void;
  /** The contribution was paid: the screen clears its order. */
  onFinished: () => void;
};

/**
 * The payment dialog (spec §2.3): pay → 'Processing Payment' → 'Contribution #… Complete!'.
 * The dialog holds the one payment state; each section draws and edits its own part of it
 * (the type's tabs, the after-payment flags) and usePaymentComplete sends it.
 */
export function PaymentDialog(props: PaymentDialogProps) {
  const { order, achAvailable } = props;
  const currency = order.currency_code;
  const dueMinor = toMinor(order.totalamount, currency);
  const requiresAch = order.items.some((item) => item.requires_ach);
  const tabs = availablePaymentTabs({ achAvailable, requiresAch });
  const methods = activeMethods(order.member?.payment_methods);
  const [state, dispatch] = useReducer(
    paymentReducer,
    { first: tabs[0] ?? 'cash', requiresAch },
    initialPaymentState,
  );
  const { screen, errors, clearErrors, card, complete } = usePaymentComplete({
    state,
    dueMinor,
    currency,
    onComplete: props.onComplete,
    onFinished: props.onFinished,
  });
  const free = dueMinor === 0;
  // My Methods with nothing chosen (a guest, or a supporter with no saved method) has nothing to
  // charge: Complete waits for a choice rather than failing on the server (issue 41).
  const nothingToCharge = !free && state.type === 'payment_method' && !state.fields.payment_method;

  const closable = screen.kind !== 'loading';
  return (
    <Modal
      opened
      onClose={() => closable && props.onClose()}
      closeOnEscape={closable}
      closeOnClickOutside={false}
      withCloseButton={closable}
      title={
        screen.kind === 'finished'
          ? 'Payment complete'
          : `Payment — ${formatMoney(dueMinor, currency)}`
      }
      size="lg"
    >
      {screen.kind === 'loading' && <Processing />}
      {screen.kind === 'finished' && <Finished receipt={screen.receipt} onClose={props.onClose} />}
      {screen.kind === 'pay' && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void complete();
          }}
        >
          <Stack gap="md">
            {screen.error && (
              <Alert color="red" role="alert" title="Payment failed">
                {screen.error}
              </Alert>
            )}
            {free ? (
              <Alert color="teal" variant="light" title={posMessages.noPaymentRequired}>
                The total is {formatMoney(0, currency)}: completing records the contribution without
                a payment.
              </Alert>
            ) : (
              <PaymentMethodTabs
                order={order}
                gateway={props.gateway}
                tabs={tabs}
                methods={methods}
                dueMinor={dueMinor}
                state={state}
                dispatch={dispatch}
                card={card}
                errors={errors}
                clearErrors={clearErrors}
                onComplete={() => void complete()}
              />
            )}
            <CompletionFlags
              order={order}
              fulfillment={props.fulfillment}
              state={state}
              dispatch={dispatch}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={nothingToCharge}>
                Complete {formatMoney(dueMinor, currency)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function Processing() {
  return (
    <Center py={48}>
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text fw={500} role="status">
          {posMessages.processingPayment}
        </Text>
      </Stack>
    </Center>
  );
}

function Finished({ receipt, onClose }: { receipt: Receipt; onClose: () => void }) {
  return (
    <Stack align="center" gap="md" py="md">
      <IconCircleCheck size={48} color="var(--mantine-color-teal-6)" aria-hidden />
      <Title order={3} size="h4" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {posMessages.complete(receipt.invoicenumber)}
      </Title>
      <Group>
        <Button component={Link} to={`/contributions/${encodeURIComponent(receipt.invoicenumber)}`} variant="light">
          View
        </Button>
        <Button
          component="a"
          href={`/jpanel/contributions/packing_slip?print&id=${receipt.id}`}
          target="_blank"
          rel="noopener"
          variant="light"
        >
          Print
        </Button>
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
