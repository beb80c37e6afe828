/* eslint-disable max-lines-per-function -- issue 33: its split into sections (done on a branch) met the save-as-supporter and campaign changes of the same day and waits for the next change of this screen. */
import {
  availablePaymentTabs,
  formatMoney,
  posMessages,
  posPaymentTabs,
  showsFulfillmentCheckbox,
  toMinor,
  type FulfillmentSetting,
  type PaymentGatewayName,
  type PosTabPaymentType,
} from '@almoner/contracts';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CardFields, type CardFieldsHandle } from '../../../components/card-fields/index.ts';
import type { PosOrder } from '../pos-types.ts';
import { BankFields } from './bank-fields.tsx';
import { CashFields, CheckFields, MethodFields, OtherFields } from './payment-fields.tsx';
import {
  activeMethods,
  cashChange,
  completeBody,
  initialPaymentState,
  paymentReducer,
  validateBank,
} from './payment-state.ts';

export type Receipt = { id: number; invoicenumber: string; /** What became of a guest's donor: saved as a supporter, or linked to one. */ supporterMessage?: string | null };

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

type Screen =
  { kind: 'pay'; error?: string } | { kind: 'loading' } | { kind: 'finished'; receipt: Receipt };

/** The payment dialog (spec §2.3): pay → 'Processing Payment' → 'Contribution #… Complete!'. */
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
  const [screen, setScreen] = useState<Screen>({ kind: 'pay' });
  // A guest's donor is kept as a supporter unless the cashier says not: on when we know who they are.
  const isGuest = order.member_id === null;
  const [saveAsSupporter, setSaveAsSupporter] = useState(
    Boolean((order.billing_first_name?.trim() || order.billing_last_name?.trim()) && order.billing_email?.trim()),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const card = useRef<CardFieldsHandle>(null);
  // One click, one request: a second click while the first is in flight is ignored.
  const inFlight = useRef(false);
  const free = dueMinor === 0;
  // My Methods with nothing chosen (a guest, or a supporter with no saved method) has nothing to
  // charge: Complete waits for a choice rather than failing on the server (issue 41).
  const nothingToCharge = !free && state.type === 'payment_method' && !state.fields.payment_method;

  async function handleComplete() {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const body: Record<string, unknown> = free
        ? {
            payment_type: 'free',
            send_confirmation_emails: state.send_confirmation_emails,
            mark_as_complete: state.mark_as_complete,
          }
        : completeBody(state, dueMinor, currency);
      if (!free && state.type === 'bank_account') {
        const bankErrors = validateBank(state, currency);
        setErrors(bankErrors);
        if (Object.keys(bankErrors).length) return;
      }
      if (!free && state.type === 'credit_card') {
        try {
          const token = await card.current?.tokenize();
          if (!token) throw new Error(posMessages.paymentUnknownError);
          body.token = token.token;
        } catch (error) {
          // The hosted fields show their own messages beside the card details.
          setScreen({
            kind: 'pay',
            error: error instanceof Error ? error.message : posMessages.paymentUnknownError,
          });
          return;
        }
      }
      if (isGuest) body.save_as_supporter = saveAsSupporter;
      setScreen({ kind: 'loading' });
      const receipt = await props.onComplete(body);
      setScreen({ kind: 'finished', receipt });
      props.onFinished();
    } catch (error) {
      setScreen({
        kind: 'pay',
        error: (error instanceof Error && error.message) || posMessages.paymentUnknownError,
      });
    } finally {
      inFlight.current = false;
    }
  }

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
      {screen.kind === 'loading' && (
        <Center py={48}>
          <Stack align="center" gap="sm">
            <Loader aria-hidden />
            <Text fw={500} role="status">
              {posMessages.processingPayment}
            </Text>
          </Stack>
        </Center>
      )}
      {screen.kind === 'finished' && <Finished receipt={screen.receipt} onClose={props.onClose} />}
      {screen.kind === 'pay' && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void handleComplete();
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
              <Tabs
                value={state.type}
                onChange={(value) =>
                  value && dispatch({ kind: 'type', type: value as PosTabPaymentType, methods })
                }
                keepMounted={false}
              >
                <Tabs.List>
                  {posPaymentTabs
                    .filter((tab) => tabs.includes(tab.type))
                    .map((tab) => (
                      <Tabs.Tab key={tab.type} value={tab.type}>
                        {tab.label}
                      </Tabs.Tab>
                    ))}
                </Tabs.List>
                <Stack pt="md" gap="sm">
                  {state.type === 'credit_card' && (
                    <>
                      <CardFields
                        ref={card}
                        gateway={props.gateway}
                        onSubmit={() => void handleComplete()}
                      />
                      {order.member_id !== null && (
                        <Checkbox
                          label="Save this card to the supporter's payment methods"
                          checked={state.fields.save_card}
                          onChange={(event) =>
                            dispatch({
                              kind: 'field',
                              patch: { save_card: event.currentTarget.checked },
                            })
                          }
                        />
                      )}
                    </>
                  )}
                  {state.type === 'bank_account' && (
                    <BankFields
                      currency={currency}
                      values={state.fields.bank}
                      errors={errors}
                      canSave={order.member_id !== null}
                      onChange={(patch) => {
                        dispatch({ kind: 'bank', patch });
                        // A field's message goes once it is edited; the rest stay until Complete.
                        setErrors((all) =>
                          Object.fromEntries(Object.entries(all).filter(([key]) => !(key in patch))),
                        );
                      }}
                    />
                  )}
                  {state.type === 'payment_method' && (
                    <MethodFields
                      methods={methods}
                      value={state.fields.payment_method}
                      hasSupporter={order.member_id !== null}
                      onChange={(patch) => dispatch({ kind: 'field', patch })}
                    />
                  )}
                  {state.type === 'cash' && (
                    <CashFields
                      values={state.fields}
                      currency={currency}
                      dueMinor={dueMinor}
                      changeMinor={cashChange(state, dueMinor, currency)}
                      onChange={(patch) => dispatch({ kind: 'field', patch })}
                    />
                  )}
                  {state.type === 'check' && (
                    <CheckFields
                      values={state.fields}
                      currency={currency}
                      onChange={(patch) => dispatch({ kind: 'field', patch })}
                    />
                  )}
                  {state.type === 'other' && (
                    <OtherFields
                      values={state.fields}
                      onChange={(patch) => dispatch({ kind: 'field', patch })}
                    />
                  )}
                </Stack>
              </Tabs>
            )}
            <Stack gap={6}>
              {showsFulfillmentCheckbox(props.fulfillment, order.shippable_items) && (
                <Checkbox
                  label="Mark as fulfilled"
                  checked={state.mark_as_complete}
                  onChange={(event) =>
                    dispatch({
                      kind: 'flags',
                      patch: { mark_as_complete: event.currentTarget.checked },
                    })
                  }
                />
              )}
              {isGuest && (
                <Checkbox
                  label="Save as supporter"
                  description={
                    saveAsSupporter
                      ? 'The donor is kept as a supporter (one with the same e-mail is linked instead).'
                      : 'This stays a guest contribution.'
                  }
                  checked={saveAsSupporter}
                  onChange={(event) => setSaveAsSupporter(event.currentTarget.checked)}
                />
              )}
              <Checkbox
                label="Send confirmation e-mails"
                checked={state.send_confirmation_emails}
                onChange={(event) =>
                  dispatch({
                    kind: 'flags',
                    patch: { send_confirmation_emails: event.currentTarget.checked },
                  })
                }
              />
            </Stack>
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

function Finished({ receipt, onClose }: { receipt: Receipt; onClose: () => void }) {
  return (
    <Stack align="center" gap="md" py="md">
      <IconCircleCheck size={48} color="var(--mantine-color-teal-6)" aria-hidden />
      <Title order={3} size="h4" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {posMessages.complete(receipt.invoicenumber)}
      </Title>
      {receipt.supporterMessage && (
        <Text size="sm" ta="center" role="status">
          {receipt.supporterMessage}
        </Text>
      )}
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
