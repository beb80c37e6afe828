import { formatAmount } from '@almoner/contracts';
import { Alert, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PosOrder } from '../pos-types.ts';
import { FormModal } from './form-modal.tsx';

type Props = {
  order: PosOrder;
  onSave: (fields: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
};

/** The shipping methods that ship to the order's address, with their cost. */
export function ShippingModal({ order, onSave, onClose }: Props) {
  const [choice, setChoice] = useState<string | null>(
    order.shipping_method_id ? String(order.shipping_method_id) : null,
  );
  const methods = order.available_shipping_methods;
  return (
    <FormModal
      title="Shipping"
      onClose={onClose}
      onSubmit={() => onSave({ shipping_method_id: choice ? Number(choice) : null })}
    >
      {order.shippable_items === 0 && (
        <Alert color="gray">Nothing in this contribution needs shipping.</Alert>
      )}
      {order.shippable_items > 0 && methods.length === 0 && (
        <Alert color="yellow">
          No shipping method ships to this address. Check the shipping address.
        </Alert>
      )}
      {methods.length > 0 && (
        <Radio.Group label="Shipping method" value={choice} onChange={setChoice}>
          <Stack gap="xs" mt="xs">
            {methods.map((m) => (
              <Radio.Card
                key={m.shipping_method_id}
                value={String(m.shipping_method_id)}
                p="sm"
                radius="md"
              >
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap">
                    <Radio.Indicator />
                    <Text size="sm">{m.title}</Text>
                  </Group>
                  <Text size="sm" fw={600}>
                    {m.cost === 0 ? 'Free' : formatAmount(m.cost, order.currency_code)}
                  </Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
    </FormModal>
  );
}
