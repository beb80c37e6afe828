import {
  billingPeriodLabels,
  formatAmount,
  POS_DEFAULT_DONATION_PERIODS,
  POS_LOW_STOCK,
  POS_MAX_QTY,
  POS_VARIANT_PICKER_MAX,
  posMessages,
  type PosDonationPeriod,
} from '@almoner/contracts';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Chip,
  Group,
  Modal,
  Select,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import {
  CustomFieldInput,
  fieldError,
  initialFieldValue,
  type FieldValue,
} from './custom-field-input.tsx';
import { currencySymbol } from './payment/payment-fields.tsx';
import { isSoldOut } from './product-card.tsx';
import type { PosConfig, PosProduct } from './pos-types.ts';
import { Thumb } from './thumb.tsx';

type ItemModalProps = {
  product: PosProduct;
  config: PosConfig;
  onAdd: (item: Record<string, unknown>) => Promise<boolean>;
  onClose: () => void;
};

/** The donation form's variant billed at `period` ('today_only' is the one-time variant). */
function variantForPeriod(product: PosProduct, period: PosDonationPeriod) {
  const billing = period === 'today_only' ? 'onetime' : period;
  return (
    product.variants.find((v) => v.billing_period === billing) ??
    product.variants.find((v) => v.is_donation) ??
    null
  );
}

const periodLabel = (period: PosDonationPeriod) =>
  period === 'today_only' ? 'Today only' : billingPeriodLabels[period];

/** The item modal (spec §2.2): variant, quantity, amount and billing, custom fields, gift aid. */
export function ItemModal({ product, config, onAdd, onClose }: ItemModalProps) {
  const soldOut = isSoldOut(product);
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
  // What is left of the chosen option when the product cannot sell beyond its stock.
  const remaining = product.outofstock_allow
    ? product.available_for_purchase
    : Math.min(product.available_for_purchase, variant?.quantity ?? product.available_for_purchase);
  const maxQty = Math.max(1, Math.min(POS_MAX_QTY, remaining));
  const lowStock =
    !product.hide_qty && !product.outofstock_allow && remaining > 0 && remaining < POS_LOW_STOCK;
  const [amount, setAmount] = useState(
    variant?.price_presets[0] !== undefined ? String(variant.price_presets[0]) : '',
  );
  const [values, setValues] = useState<Record<number, FieldValue>>(() =>
    Object.fromEntries(product.custom_fields.map((f) => [f.id, initialFieldValue(f)])),
  );
  const [giftAid, setGiftAid] = useState(false);
  const [tribute, setTribute] = useState({ on: false, type: '', name: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const asksAmount = isForm || Boolean(variant?.is_donation);
  const currency = product.currency_code;

  async function handleSubmit() {
    const next: Record<string, string> = {};
    for (const field of product.custom_fields) {
      const error = fieldError(field, values[field.id] ?? '');
      if (error) next[`field-${field.id}`] = error;
    }
    if (!variant) next.variant = posMessages.noDefaultVariant;
    const typed = Number(amount);
    if (asksAmount && !(amount && Number.isFinite(typed) && typed > 0))
      next.amount = posMessages.amountRequired;
    else if (asksAmount && variant?.price_minimum && typed < variant.price_minimum)
      next.amount = `Must be at least ${formatAmount(variant.price_minimum, currency)}`;
    setErrors(next);
    if (Object.keys(next).length || !variant) return;
    setSaving(true);
    const added = await onAdd({
      variant_id: variant.id,
      qty: asksAmount ? 1 : Number(qty),
      amount: asksAmount ? amount : undefined,
      recurring_frequency: isForm ? period : undefined,
      fields: Object.fromEntries(
        product.custom_fields
          .filter((f) => f.type !== 'html')
          .map((f) => [String(f.id), values[f.id] ?? '']),
      ),
      gift_aid: giftAid,
      is_tribute: tribute.on,
      tribute_type_id: tribute.on ? tribute.type : undefined,
      tribute_name: tribute.on ? tribute.name : undefined,
    });
    setSaving(false);
    if (added) onClose();
  }

  const variantOptions = product.variants.map((v) => ({
    value: String(v.id),
    label: `${v.variant_name || v.name}${v.is_donation ? '' : ` — ${formatAmount(v.actual_price, currency)}`}`,
  }));

  return (
    <Modal opened onClose={onClose} title={product.name} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit();
        }}
      >
        <Stack gap="md">
          <Group align="flex-start" wrap="nowrap">
            <Thumb src={product.thumbnail_url} w={96} h={96} radius="md" />
            <Stack gap={4}>
              {product.code && (
                <Text size="sm" c="dimmed">
                  {product.code}
                </Text>
              )}
              {variant && !asksAmount && (
                <Group gap="xs">
                  <Text fw={700} size="lg">
                    {formatAmount(variant.actual_price, currency)}
                  </Text>
                  {variant.is_sale && (
                    <Text td="line-through" c="dimmed" size="sm">
                      {formatAmount(variant.price, currency)}
                    </Text>
                  )}
                </Group>
              )}
              {soldOut && <Badge color="red">Sold out</Badge>}
              {!soldOut && lowStock && (
                <Text size="sm" c="red.8" data-testid="low-stock">
                  Only {remaining} left in stock.
                </Text>
              )}
            </Stack>
          </Group>
          {soldOut && (
            <Alert color="red">{product.outofstock_message || 'This item is sold out.'}</Alert>
          )}
          {!isForm && product.variants.length > 1 && (
            <Select
              label="Option"
              data={variantOptions}
              value={variantId ? String(variantId) : null}
              onChange={(v) => {
                setVariantId(v ? Number(v) : null);
                setQty('1');
              }}
              searchable
              limit={POS_VARIANT_PICKER_MAX}
              allowDeselect={false}
              error={errors.variant}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {isForm && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="pos-billing-period">
                Billing
              </Text>
              <SegmentedControl
                aria-labelledby="pos-billing-period"
                value={period}
                onChange={(v) => {
                  const next = v as PosDonationPeriod;
                  setPeriod(next);
                  const preset = variantForPeriod(product, next)?.price_presets[0];
                  if (preset !== undefined) setAmount(String(preset));
                }}
                data={periods.map((p) => ({ value: p, label: periodLabel(p) }))}
              />
            </Stack>
          )}
          {asksAmount ? (
            <Stack gap={6}>
              <TextInput
                label="Amount"
                required
                data-autofocus
                inputMode="decimal"
                leftSection={<Text size="sm">{currencySymbol(currency)}</Text>}
                value={amount}
                error={errors.amount}
                onChange={(event) =>
                  setAmount(event.currentTarget.value.replace(/[^\d.]/g, '').slice(0, 12))
                }
              />
              {variant && variant.price_presets.length > 0 && (
                <Chip.Group value={amount} onChange={(v) => setAmount(String(v))}>
                  <Group gap="xs">
                    {variant.price_presets.map((preset) => (
                      <Chip key={preset} value={String(preset)} size="sm">
                        {formatAmount(preset, currency)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              )}
            </Stack>
          ) : (
            <Select
              label="Quantity"
              w={140}
              data={Array.from({ length: maxQty }, (_, i) => String(i + 1))}
              value={qty}
              onChange={(v) => setQty(v ?? '1')}
              allowDeselect={false}
              disabled={soldOut}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {product.custom_fields.map((field) => (
            <CustomFieldInput
              key={field.id}
              field={field}
              value={values[field.id] ?? ''}
              error={errors[`field-${field.id}`]}
              onChange={(value) => setValues((all) => ({ ...all, [field.id]: value }))}
            />
          ))}
          {config.gift_aid_enabled && product.is_tax_receiptable && (
            <Checkbox
              label="Gift Aid: the donor is a UK taxpayer and wants to add Gift Aid"
              checked={giftAid}
              onChange={(event) => setGiftAid(event.currentTarget.checked)}
            />
          )}
          {product.allow_tributes && product.tribute_types.length > 0 && (
            <Stack gap="xs">
              <Checkbox
                label="Give this in tribute"
                checked={tribute.on}
                onChange={(event) => setTribute({ ...tribute, on: event.currentTarget.checked })}
              />
              {tribute.on && (
                <Group grow>
                  <Select
                    label="Tribute type"
                    data={product.tribute_types.map((t) => ({
                      value: String(t.id),
                      label: t.label,
                    }))}
                    value={tribute.type || null}
                    onChange={(v) => setTribute({ ...tribute, type: v ?? '' })}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <TextInput
                    label="In honour or memory of"
                    maxLength={100}
                    value={tribute.name}
                    onChange={(event) =>
                      setTribute({ ...tribute, name: event.currentTarget.value })
                    }
                  />
                </Group>
              )}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={soldOut || !variant}>
              Add to contribution
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
