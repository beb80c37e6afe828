import {
  posPaymentTabs,
  type PaymentGatewayName,
  type PosTabPaymentType,
} from '@almoner/contracts';
import { Checkbox, Stack, Tabs } from '@mantine/core';
import type { Dispatch, RefObject } from 'react';
import { CardFields, type CardFieldsHandle } from '../../../components/card-fields/index.ts';
import type { PosOrder, PosPaymentMethod } from '../pos-types.ts';
import { BankFields } from './bank-fields.tsx';
import { CashFields, CheckFields, MethodFields, OtherFields } from './payment-fields.tsx';
import { cashChange, type PaymentAction, type PaymentState } from './payment-state.ts';

type Props = {
  order: PosOrder;
  gateway: PaymentGatewayName;
  tabs: PosTabPaymentType[];
  methods: PosPaymentMethod[];
  dueMinor: number;
  state: PaymentState;
  dispatch: Dispatch<PaymentAction>;
  card: RefObject<CardFieldsHandle | null>;
  errors: Record<string, string>;
  clearErrors: (keys: string[]) => void;
  /** Enter inside the hosted card fields completes, like Enter anywhere else in the form. */
  onComplete: () => void;
};

/** The payment types the order allows, each tab with the fields of its own type. */
export function PaymentMethodTabs(props: Props) {
  const { state, dispatch, order, tabs, methods } = props;
  return (
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
        {state.type === 'credit_card' && <CardTab {...props} />}
        {state.type === 'bank_account' && (
          <BankFields
            currency={order.currency_code}
            values={state.fields.bank}
            errors={props.errors}
            canSave={order.member_id !== null}
            onChange={(patch) => {
              dispatch({ kind: 'bank', patch });
              props.clearErrors(Object.keys(patch));
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
            currency={order.currency_code}
            dueMinor={props.dueMinor}
            changeMinor={cashChange(state, props.dueMinor, order.currency_code)}
            onChange={(patch) => dispatch({ kind: 'field', patch })}
          />
        )}
        {state.type === 'check' && (
          <CheckFields
            values={state.fields}
            currency={order.currency_code}
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
  );
}

function CardTab({ order, gateway, state, dispatch, card, onComplete }: Props) {
  return (
    <>
      <CardFields ref={card} gateway={gateway} onSubmit={onComplete} />
      {order.member_id !== null && (
        <Checkbox
          label="Save this card to the supporter's payment methods"
          checked={state.fields.save_card}
          onChange={(event) =>
            dispatch({ kind: 'field', patch: { save_card: event.currentTarget.checked } })
          }
        />
      )}
    </>
  );
}
