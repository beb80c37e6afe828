import {
  billingPeriodLabels,
  formatAmount,
  POS_DEFAULT_DONATION_PERIODS,
  POS_VARIANT_PICKER_MAX,
  type PosDonationPeriod,
} from '@almoner/contracts';
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PosProduct } from './pos-types.ts';

/** The donation form's variant billed at `period` ('today_only' is the one-time variant). */
export function variantForPeriod(product: PosProduct, period: PosDonationPeriod) {
  const billing = period === 'today_only' ? 'onetime' : period;
  return (
    product.variants.find((v) => v.billing_period === billing) ??
    product.variants.find((v) => v.is_donation) ??
    null
  );
}

const periodLabel = (period: PosDonationPeriod) =>
  period === 'today_only' ? 'Today only' : billingPeriodLabels[period];

/** A product's options by name, with the price of each that is not a donation. */
export function VariantPicker({
  product,
  value,
  error,
  onChange,
}: {
  product: PosProduct;
  value: number | null;
  error: string | undefined;
  onChange: (id: number | null) => void;
}) {
  const options = product.variants.map((v) => ({
    value: String(v.id),
    label: `${v.variant_name || v.name}${v.is_donation ? '' : ` — ${formatAmount(v.actual_price, product.currency_code)}`}`,
  }));
  return (
    <Select
      label="Option"
      data={options}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      limit={POS_VARIANT_PICKER_MAX}
      allowDeselect={false}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A donation form's billing: its periods side by side. */
export function PeriodPicker({
  periods,
  value,
  onChange,
}: {
  periods: readonly PosDonationPeriod[];
  value: PosDonationPeriod;
  onChange: (period: PosDonationPeriod) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="pos-billing-period">
        Billing
      </Text>
      <SegmentedControl
        aria-labelledby="pos-billing-period"
        value={value}
        onChange={(v) => onChange(v as PosDonationPeriod)}
        data={periods.map((p) => ({ value: p, label: periodLabel(p) }))}
      />
    </Stack>
  );
}

/** How many, up to what the stock and the till allow. */
export function QuantityPicker({
  max,
  value,
  onChange,
  disabled,
}: {
  max: number;
  value: string;
  onChange: (qty: string) => void;
  disabled: boolean;
}) {
  return (
    <Select
      label="Quantity"
      w={140}
      data={Array.from({ length: max }, (_, i) => String(i + 1))}
      value={value}
      onChange={(v) => onChange(v ?? '1')}
      allowDeselect={false}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * What the item modal has chosen: the option (or a donation form's billing period, which picks
 * it), the quantity and the amount. Another option starts again at one; another period offers
 * its own first preset.
 */
export function useItemChoice(product: PosProduct) {
  const [variantId, setVariantId] = useState<number | null>(
    product.default_variant?.id ?? product.variants[0]?.id ?? null,
  );
  const [qty, setQty] = useState('1');
  const periods = product.donation_forms_billing_periods.length
    ? product.donation_forms_billing_periods
    : POS_DEFAULT_DONATION_PERIODS;
  const isForm = product.type === 'donation_form';
  const [period, setPeriod] = useState<PosDonationPeriod>(periods[0] ?? 'today_only');
  // A donation form's variants are its billing periods: the period chosen picks the variant.
  const variant =
    (isForm ? variantForPeriod(product, period) : null) ??
    product.variants.find((v) => v.id === variantId) ??
    null;
  const [amount, setAmount] = useState(
    variant?.price_presets[0] !== undefined ? String(variant.price_presets[0]) : '',
  );
  return {
    variantId,
    variant,
    isForm,
    periods,
    period,
    qty,
    setQty,
    amount,
    setAmount,
    chooseVariant: (id: number | null) => {
      setVariantId(id);
      setQty('1');
    },
    choosePeriod: (next: PosDonationPeriod) => {
      setPeriod(next);
      const preset = variantForPeriod(product, next)?.price_presets[0];
      if (preset !== undefined) setAmount(String(preset));
    },
  };
}
