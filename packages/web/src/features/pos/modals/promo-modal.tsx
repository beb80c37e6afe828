import { Badge, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { PosOrder } from '../pos-types.ts';
import { FormModal, type FieldErrors } from './form-modal.tsx';

type Props = {
  order: PosOrder;
  onApply: (body: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
};

/** Promo codes: add one, or remove one of those applied (the rest are applied again). */
export function PromoModal({ order, onApply, onClose }: Props) {
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const remove = (gone: string) =>
    onApply({ promocodes: order.promocodes.filter((c) => c !== gone) });
  return (
    <FormModal
      title="Promo codes"
      submitLabel="Apply"
      size="md"
      onClose={onClose}
      onErrors={setErrors}
      fieldNames={['code', 'promocodes']}
      onSubmit={() => onApply({ promocodes: [...order.promocodes, code.trim()] })}
    >
      <TextInput
        label="Promo code"
        data-autofocus
        required
        maxLength={15}
        value={code}
        error={errors.code?.[0] ?? errors.promocodes?.[0]}
        onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
      />
      {order.promocodes.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Applied
          </Text>
          <Group gap="xs">
            {order.promocodes.map((c) => (
              <Badge
                key={c}
                variant="light"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={`Remove ${c}`}
                    onClick={() => void remove(c)}
                  />
                }
              >
                {c}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
    </FormModal>
  );
}
