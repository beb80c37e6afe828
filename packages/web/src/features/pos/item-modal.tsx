import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { CustomFieldInput, initialFieldValue, type FieldValue } from './custom-field-input.tsx';
import { ItemAmount } from './item-amount.tsx';
import { checkItem, itemRequest, stockOf } from './item-check.ts';
import { PeriodPicker, QuantityPicker, useItemChoice, VariantPicker } from './item-option.tsx';
import { ItemSummary } from './item-summary.tsx';
import { TributeFields, type Tribute } from './item-tribute.tsx';
import { isSoldOut } from './product-card.tsx';
import type { PosConfig, PosProduct } from './pos-types.ts';

type ItemModalProps = {
  product: PosProduct;
  config: PosConfig;
  onAdd: (item: Record<string, unknown>) => Promise<boolean>;
  onClose: () => void;
};

/** The item modal (spec §2.2): variant, quantity, amount and billing, custom fields, gift aid. */
export function ItemModal({ product, config, onAdd, onClose }: ItemModalProps) {
  const soldOut = isSoldOut(product);
  const choice = useItemChoice(product);
  const { variant, isForm, qty, amount } = choice;
  const { remaining, maxQty, lowStock } = stockOf(product, variant);
  const [values, setValues] = useState<Record<number, FieldValue>>(() =>
    Object.fromEntries(product.custom_fields.map((f) => [f.id, initialFieldValue(f)])),
  );
  const [giftAid, setGiftAid] = useState(false);
  const [tribute, setTribute] = useState<Tribute>({ on: false, type: '', name: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const asksAmount = isForm || Boolean(variant?.is_donation);
  const currency = product.currency_code;

  async function handleSubmit() {
    const next = checkItem(product, { variant, asksAmount, amount, values });
    setErrors(next);
    if (Object.keys(next).length || !variant) return;
    setSaving(true);
    const added = await onAdd(
      itemRequest(product, variant, {
        qty: asksAmount ? 1 : Number(qty),
        amount: asksAmount ? amount : undefined,
        period: isForm ? choice.period : undefined,
        values,
        giftAid,
        tribute,
      }),
    );
    setSaving(false);
    if (added) onClose();
  }

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
          <ItemSummary
            product={product}
            variant={variant}
            showPrice={!asksAmount}
            remaining={remaining}
            lowStock={lowStock}
          />
          {!isForm && product.variants.length > 1 && (
            <VariantPicker
              product={product}
              value={choice.variantId}
              error={errors.variant}
              onChange={choice.chooseVariant}
            />
          )}
          {isForm && (
            <PeriodPicker
              periods={choice.periods}
              value={choice.period}
              onChange={choice.choosePeriod}
            />
          )}
          {asksAmount ? (
            <ItemAmount
              presets={variant?.price_presets ?? []}
              currency={currency}
              amount={amount}
              error={errors.amount}
              onChange={choice.setAmount}
            />
          ) : (
            <QuantityPicker
              max={maxQty}
              value={qty}
              onChange={choice.setQty}
              disabled={soldOut}
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
            <TributeFields types={product.tribute_types} value={tribute} onChange={setTribute} />
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
