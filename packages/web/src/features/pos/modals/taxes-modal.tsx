import { formatAmount, TAX_ADDRESS_KEYS } from '@almoner/contracts';
import { Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { PosOrder } from '../pos-types.ts';
import { AddressFields, type AddressValues } from './address-fields.tsx';
import { FormModal, type FieldErrors } from './form-modal.tsx';

type Props = {
  order: PosOrder;
  onSave: (fields: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
};

/** Where the sale is taxed (the point of sale's own address) and the taxes it gives. */
export function TaxesModal({ order, onSave, onClose }: Props) {
  const [values, setValues] = useState<AddressValues>(
    Object.fromEntries(TAX_ADDRESS_KEYS.map((k) => [k, (order[k] as string | null) ?? ''])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <FormModal title="Taxes" onClose={onClose} onErrors={setErrors} onSubmit={() => onSave(values)}>
      <Text size="sm" c="dimmed">
        Taxes are worked out for this address (where the sale takes place).
      </Text>
      <AddressFields
        prefix="tax"
        withContact={false}
        values={values}
        errors={errors}
        onChange={(k, v) => setValues((all) => ({ ...all, [k]: v }))}
      />
      {order.taxes.length > 0 ? (
        <Table>
          <Table.Tbody>
            {order.taxes.map((tax) => (
              <Table.Tr key={tax.code}>
                <Table.Td>{tax.code}</Table.Td>
                <Table.Td>{tax.rate}%</Table.Td>
                <Table.Td ta="right">{formatAmount(tax.amount, order.currency_code)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm">No tax applies to this contribution.</Text>
      )}
    </FormModal>
  );
}
