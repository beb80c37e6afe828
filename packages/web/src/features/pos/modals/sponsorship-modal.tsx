import { posMessages } from '@almoner/contracts';
import { Alert, Badge, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchPicker, posKeys } from '../api.ts';
import { currencySymbol } from '../payment/payment-fields.tsx';
import { fieldRefusal, FormModal, type FieldErrors } from './form-modal.tsx';

type PaymentOption = {
  id: number;
  amount: number | null;
  currency_code: string;
  is_custom: boolean;
  is_recurring: boolean;
  recurring_frequency: string | null;
  label: string;
};
type Sponsee = {
  id: number;
  reference_number: string;
  full_name: string;
  gender: 'F' | 'M' | null;
  age: number | null;
  sponsored_status: 'sponsored' | 'unsponsored';
  payment_options: PaymentOption[];
};
type Props = {
  currency: string;
  onAdd: (body: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
};

/** A child sponsorship by the child's reference number. */
export function SponsorshipModal({ currency, onAdd, onClose }: Props) {
  const [reference, setReference] = useState('');
  const [query] = useDebouncedValue(reference.trim(), 300);
  const [option, setOption] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const found = useQuery({
    queryKey: posKeys.picker('sponsees', query),
    queryFn: () => fetchPicker<Sponsee>('/jpanel/sponsees.json', query),
    enabled: query.length > 0,
  });
  const sponsee =
    found.data?.find((s) => s.reference_number.toLowerCase() === query.toLowerCase()) ?? null;
  const chosen = sponsee?.payment_options.find((o) => String(o.id) === option);
  return (
    <FormModal
      title="Child sponsorship"
      submitLabel="Add sponsorship"
      size="md"
      onClose={onClose}
      onErrors={setErrors}
      fieldNames={['reference_number', 'payment_option_id', 'amount']}
      onSubmit={async () => {
        if (!reference.trim()) {
          throw fieldRefusal('reference_number', posMessages.childReferenceRequired);
        }
        await onAdd({
          reference_number: reference.trim(),
          payment_option_id: option ?? '',
          amount: chosen?.is_custom ? amount : '',
        });
      }}
    >
      <TextInput
        label="Child reference number"
        data-autofocus
        maxLength={25}
        value={reference}
        error={errors.reference_number?.[0]}
        onChange={(e) => {
          setReference(e.currentTarget.value);
          setOption(null);
        }}
      />
      {sponsee && (
        <Stack gap="xs">
          <Group gap="xs">
            <Text fw={600}>{sponsee.full_name}</Text>
            {sponsee.gender && (
              <Text size="sm" c="dimmed">
                {sponsee.gender === 'F' ? 'Girl' : 'Boy'}
              </Text>
            )}
            {sponsee.age !== null && (
              <Text size="sm" c="dimmed">
                {sponsee.age} years
              </Text>
            )}
            <Badge
              variant="light"
              color={sponsee.sponsored_status === 'sponsored' ? 'orange' : 'teal'}
            >
              {sponsee.sponsored_status === 'sponsored' ? 'Sponsored' : 'Waiting for a sponsor'}
            </Badge>
          </Group>
          {sponsee.payment_options.length > 0 ? (
            <Radio.Group
              label="Payment option"
              value={option}
              onChange={setOption}
              error={errors.payment_option_id?.[0]}
            >
              <Stack gap={6} mt={6}>
                {sponsee.payment_options.map((o) => (
                  <Radio key={o.id} value={String(o.id)} label={o.label} />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Alert color="yellow">This sponsee has no payment options.</Alert>
          )}
          {chosen?.is_custom && (
            <TextInput
              label="Amount"
              inputMode="decimal"
              leftSection={<Text size="sm">{currencySymbol(currency)}</Text>}
              value={amount}
              error={errors.amount?.[0]}
              onChange={(e) => setAmount(e.currentTarget.value.replace(/[^\d.]/g, '').slice(0, 12))}
            />
          )}
        </Stack>
      )}
      {query && found.data && !sponsee && (
        <Text size="sm" c="dimmed">
          No sponsee has this reference number.
        </Text>
      )}
    </FormModal>
  );
}
