import { posPaymentTabs, type PaymentGatewayName, type PosTabPaymentType } from '@almoner/contracts';
import { Checkbox, Stack, Tabs } from '@mantine/core';
import type { Dispatch, Ref } from 'react';
import { CardFields, type CardFieldsHandle } from '../../../components/card-fields/index.ts';
import type { PosOrder } from '../pos-types.ts';
import { BankFields } from './bank-fields.tsx';
import { CashFields, CheckFields, MethodFields, OtherFields } from './payment-fields.tsx';
import { activeMethods, cashChange, type PaymentAction, type PaymentState } from './payment-state.ts';

type Props = {
  order: PosOrder;
  gateway: PaymentGatewayName;
  publishableKey: string | null;
  tabs: PosTabPaymentType[];
  state: PaymentState;
  dispatch: Dispatch<PaymentAction>;
  dueMinor: number;
  card: Ref<CardFieldsHandle>;
  errors: Record<string, string>;
  setErrors: (update: (all: Record<string, string>) => Record<string, string>) => void;
  onSubmit: () => void;
};

/** The payment dialog's tabs (spec §2.3), one per way to pay this order allows, each with its fields. */
export function PaymentTabs({ order, gateway, publishableKey, tabs, state, dispatch, dueMinor, card, errors, setErrors, onSubmit }: Props) {
  const methods = activeMethods(order.member?.payment_methods);
  const currency = order.currency_code;
  const field = (patch: Parameters<typeof patchField>[0]) => dispatch(patchField(patch));
  return (
    <Tabs value={state.type} onChange={(value) => value && dispatch({ kind: 'type', type: value as PosTabPaymentType, methods })} keepMounted={false}>
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
            <CardFields ref={card} gateway={gateway} publishableKey={publishableKey} onSubmit={onSubmit} />
            {order.member_id !== null && (
              <Checkbox
                label="Save this card to the supporter's payment methods"
                // A recurring gift's renewals are charged to this card: the server keeps it either way.
                checked={order.recurring_items > 0 || state.fields.save_card}
                disabled={order.recurring_items > 0}
                description={order.recurring_items > 0 ? 'Kept for the recurring gift: its renewals are charged to this card.' : undefined}
                // In force, not unavailable: its words and tick stay readable (Mantine greys a disabled box out).
                styles={order.recurring_items > 0 ? { label: { color: 'var(--mantine-color-text)' }, icon: { color: 'var(--mantine-color-text)' } } : undefined}
                onChange={(event) => field({ save_card: event.currentTarget.checked })}
              />
            )}
          </>
        )}
        {state.type === 'bank_account' && (
          <BankFields
            currency={currency}
            values={state.fields.bank}
            errors={errors}
            // A bank account taken through Stripe is debited once; keeping it for later is not offered.
            canSave={order.member_id !== null && gateway !== 'stripe'}
            viaStripe={gateway === 'stripe'}
            onChange={(patch) => {
              dispatch({ kind: 'bank', patch });
              // A field's message goes once it is edited; the rest stay until Complete.
              setErrors((all) => Object.fromEntries(Object.entries(all).filter(([key]) => !(key in patch))));
            }}
          />
        )}
        {state.type === 'payment_method' && (
          <MethodFields methods={methods} value={state.fields.payment_method} hasSupporter={order.member_id !== null} onChange={field} />
        )}
        {state.type === 'cash' && (
          <CashFields
            values={state.fields}
            currency={currency}
            dueMinor={dueMinor}
            changeMinor={cashChange(state, dueMinor, currency)}
            onChange={field}
          />
        )}
        {state.type === 'check' && <CheckFields values={state.fields} currency={currency} onChange={field} />}
        {state.type === 'other' && <OtherFields values={state.fields} onChange={field} />}
      </Stack>
    </Tabs>
  );
}

function patchField(patch: Extract<PaymentAction, { kind: 'field' }>['patch']): PaymentAction {
  return { kind: 'field', patch };
}
