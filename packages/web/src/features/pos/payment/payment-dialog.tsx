import {
  availablePaymentTabs,
  formatMoney,
  posMessages,
  toMinor,
  type FulfillmentSetting,
  type PaymentGatewayName,
} from '@almoner/contracts';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useReducer, useRef, useState } from 'react';
import type { CardFieldsHandle } from '../../../components/card-fields/index.ts';
import type { PosOrder } from '../pos-types.ts';
import { PaymentFinished } from './payment-finished.tsx';
import { PaymentOptions } from './payment-options.tsx';
import { initialPaymentState, paymentReducer } from './payment-state.ts';
import { PaymentTabs } from './payment-tabs.tsx';
import { usePaymentSubmit, type Completion } from './use-payment-submit.ts';

export type { Completion, Receipt } from './use-payment-submit.ts';

export type PaymentDialogProps = {
  order: PosOrder;
  gateway: PaymentGatewayName;
  /** Stripe's publishable key, when the gateway is Stripe. */
  publishableKey?: string | null;
  achAvailable: boolean;
  /** Why there is no Bank tab (Stripe debits US accounts in USD only), shown under the tabs. */
  bankHint?: string | null;
  fulfillment: FulfillmentSetting;
  /** Sends the body; resolves with the paid contribution's receipt, or the bank's challenge. */
  onComplete: (body: Record<string, unknown>) => Promise<Completion>;
  /** Gives up on a payment the donor's bank still asks about (the dialog closed, or another card tried). */
  onAbandon?: (paymentIntent: string) => Promise<unknown>;
  onClose: () => void;
  /** The contribution was paid: the screen clears its order. */
  onFinished: () => void;
};

/** The payment dialog (spec §2.3): pay → 'Processing Payment' → 'Contribution #… Complete!'. */
export function PaymentDialog(props: PaymentDialogProps) {
  const { order } = props;
  const currency = order.currency_code;
  const dueMinor = toMinor(order.totalamount, currency);
  const requiresAch = order.items.some((item) => item.requires_ach);
  const tabs = availablePaymentTabs({ achAvailable: props.achAvailable, requiresAch });
  const [state, dispatch] = useReducer(paymentReducer, { first: tabs[0] ?? 'cash', requiresAch }, initialPaymentState);
  // A guest's donor is kept as a supporter unless the cashier says not: on when we know who they are.
  const [saveAsSupporter, setSaveAsSupporter] = useState(
    Boolean((order.billing_first_name?.trim() || order.billing_last_name?.trim()) && order.billing_email?.trim()),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const card = useRef<CardFieldsHandle>(null);
  const { screen, complete } = usePaymentSubmit({
    state,
    dueMinor,
    currency,
    card,
    stripeKey: props.gateway === 'stripe' ? (props.publishableKey ?? null) : null,
    saveAsSupporter: order.member_id === null ? saveAsSupporter : undefined,
    setErrors,
    onComplete: props.onComplete,
    onAbandon: props.onAbandon,
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
      title={screen.kind === 'finished' ? 'Payment complete' : `Payment — ${formatMoney(dueMinor, currency)}`}
      size="lg"
    >
      {screen.kind === 'loading' && <Processing />}
      {screen.kind === 'finished' && <PaymentFinished receipt={screen.receipt} onClose={props.onClose} />}
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
                The total is {formatMoney(0, currency)}: completing records the contribution without a payment.
              </Alert>
            ) : (
              <PaymentTabs
                {...{ order, tabs, state, dispatch, dueMinor, card, errors, setErrors }}
                gateway={props.gateway}
                publishableKey={props.publishableKey ?? null}
                onSubmit={() => void complete()}
              />
            )}
            {!free && props.bankHint && (
              <Text size="xs" c="gray.7">
                {props.bankHint}
              </Text>
            )}
            <PaymentOptions
              {...{ order, state, dispatch }}
              fulfillment={props.fulfillment}
              saveAsSupporter={order.member_id === null ? saveAsSupporter : undefined}
              onSaveAsSupporter={setSaveAsSupporter}
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
