import { formatAmount, POS_LOW_STOCK, POS_MAX_QTY, posMessages } from '@almoner/contracts';
import { fieldError, type FieldValue } from './custom-field-input.tsx';
import type { Tribute } from './item-tribute.tsx';
import type { PosProduct } from './pos-types.ts';

type Choice = {
  variant: PosProduct['variants'][number] | null;
  asksAmount: boolean;
  amount: string;
  values: Record<number, FieldValue>;
};

/**
 * What the item modal refuses before adding, by field: each custom field's own check, an option
 * (a product with no default variant), and an amount above nothing and at least the minimum.
 */
export function checkItem(
  product: PosProduct,
  { variant, asksAmount, amount, values }: Choice,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of product.custom_fields) {
    const error = fieldError(field, values[field.id] ?? '');
    if (error) errors[`field-${field.id}`] = error;
  }
  if (!variant) errors.variant = posMessages.noDefaultVariant;
  const typed = Number(amount);
  if (asksAmount && !(amount && Number.isFinite(typed) && typed > 0))
    errors.amount = posMessages.amountRequired;
  else if (asksAmount && variant?.price_minimum && typed < variant.price_minimum)
    errors.amount = `Must be at least ${formatAmount(variant.price_minimum, product.currency_code)}`;
  return errors;
}

/**
 * What is left of the chosen option when the product cannot sell beyond its stock, the most the
 * quantity picker offers, and whether to say "Only n left".
 */
export function stockOf(product: PosProduct, variant: PosProduct['variants'][number] | null) {
  const remaining = product.outofstock_allow
    ? product.available_for_purchase
    : Math.min(product.available_for_purchase, variant?.quantity ?? product.available_for_purchase);
  return {
    remaining,
    maxQty: Math.max(1, Math.min(POS_MAX_QTY, remaining)),
    lowStock:
      !product.hide_qty && !product.outofstock_allow && remaining > 0 && remaining < POS_LOW_STOCK,
  };
}

type Request = {
  qty: number;
  amount: string | undefined;
  period: string | undefined;
  values: Record<number, FieldValue>;
  giftAid: boolean;
  tribute: Tribute;
};

/** The line as the order's add-item call takes it (an HTML field has no answer to send). */
export function itemRequest(
  product: PosProduct,
  variant: PosProduct['variants'][number],
  { qty, amount, period, values, giftAid, tribute }: Request,
): Record<string, unknown> {
  return {
    variant_id: variant.id,
    qty,
    amount,
    recurring_frequency: period,
    fields: Object.fromEntries(
      product.custom_fields
        .filter((f) => f.type !== 'html')
        .map((f) => [String(f.id), values[f.id] ?? '']),
    ),
    gift_aid: giftAid,
    is_tribute: tribute.on,
    tribute_type_id: tribute.on ? tribute.type : undefined,
    tribute_name: tribute.on ? tribute.name : undefined,
  };
}
