import { ADDRESS_KEYS } from '@almoner/contracts';
import { Checkbox, Tabs } from '@mantine/core';
import { useState } from 'react';
import type { PosOrder } from '../pos-types.ts';
import { AddressFields, type AddressValues } from './address-fields.tsx';
import { FormModal, type FieldErrors } from './form-modal.tsx';

type Props = {
  order: PosOrder;
  onSave: (fields: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
};

const pick = (order: PosOrder, prefix: 'billing' | 'shipping'): AddressValues =>
  Object.fromEntries(
    ADDRESS_KEYS.map((k) => [`${prefix}_${k}`, (order[`${prefix}_${k}`] as string | null) ?? '']),
  );

/** Billing and shipping addresses of the order, one tab each. */
export function AddressesModal({ order, onSave, onClose }: Props) {
  const [values, setValues] = useState<AddressValues>({
    ...pick(order, 'billing'),
    ...pick(order, 'shipping'),
  });
  const [shipToBilling, setShipToBilling] = useState(order.ship_to_billing);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<string | null>('billing');
  const set = (key: string, value: string) => setValues((all) => ({ ...all, [key]: value }));
  return (
    <FormModal
      title="Addresses"
      onClose={onClose}
      onErrors={(e) => {
        setErrors(e);
        if (Object.keys(e).some((k) => k.startsWith('shipping_'))) setTab('shipping');
      }}
      onSubmit={() => onSave({ ...values, ship_to_billing: shipToBilling })}
    >
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="billing">Billing</Tabs.Tab>
          <Tabs.Tab value="shipping">Shipping</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="billing" pt="md">
          <AddressFields prefix="billing" values={values} errors={errors} onChange={set} />
        </Tabs.Panel>
        <Tabs.Panel value="shipping" pt="md">
          <Checkbox
            mb="md"
            label="Ship to the billing address"
            checked={shipToBilling}
            onChange={(e) => setShipToBilling(e.currentTarget.checked)}
          />
          {!shipToBilling && (
            <AddressFields prefix="shipping" values={values} errors={errors} onChange={set} />
          )}
        </Tabs.Panel>
      </Tabs>
    </FormModal>
  );
}
