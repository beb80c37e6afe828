import { formatAmount } from '@almoner/contracts';
import { Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { currencySymbol } from './payment/payment-fields.tsx';

type Props = {
  presets: number[];
  currency: string;
  amount: string;
  error: string | undefined;
  onChange: (amount: string) => void;
};

/** The amount of a donation: typed (digits and a point only) or one of the variant's presets. */
export function ItemAmount({ presets, currency, amount, error, onChange }: Props) {
  return (
    <Stack gap={6}>
      <TextInput
        label="Amount"
        required
        data-autofocus
        inputMode="decimal"
        leftSection={<Text size="sm">{currencySymbol(currency)}</Text>}
        value={amount}
        error={error}
        onChange={(event) =>
          onChange(event.currentTarget.value.replace(/[^\d.]/g, '').slice(0, 12))
        }
      />
      {presets.length > 0 && (
        <Chip.Group value={amount} onChange={(v) => onChange(String(v))}>
          <Group gap="xs">
            {presets.map((preset) => (
              <Chip key={preset} value={String(preset)} size="sm">
                {formatAmount(preset, currency)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
    </Stack>
  );
}
