import {
  promoInputSchema,
  type DiscountType,
  type Promo,
  type PromoInput,
} from '@almoner/contracts';
import { validateWith, type FormPage } from '../../components/form-page/index.ts';

/** The promo form's values: the API's fields as the inputs hold them ('' for nothing). */
export type PromoValues = {
  code: string;
  description: string;
  discount_type: DiscountType;
  discount: string;
  currency_code: string;
  buy_quantity: string;
  allocation_limit: string;
  usage_limit: string;
  usage_limit_per_account: string;
  starts_on: string;
  ends_on: string;
  is_free_shipping: boolean;
  free_shipping_label: string;
  product_ids: number[];
  category_ids: string[];
};

export type PromoFormApi = FormPage<PromoValues>['form'];

const s = (v: number | string | null | undefined) =>
  v === null || v === undefined ? '' : String(v);

export const toValues = (p: Promo | undefined, currency: string): PromoValues => ({
  code: p?.code ?? '',
  description: p?.description ?? '',
  discount_type: p?.discount_type ?? 'percent',
  discount: s(p?.discount),
  currency_code: p?.currency_code ?? currency,
  buy_quantity: s(p?.buy_quantity),
  allocation_limit: s(p?.allocation_limit),
  usage_limit: s(p?.usage_limit),
  usage_limit_per_account: s(p?.usage_limit_per_account),
  starts_on: p?.starts_on ?? '',
  ends_on: p?.ends_on ?? '',
  is_free_shipping: p?.is_free_shipping ?? false,
  free_shipping_label: p?.free_shipping_label ?? '',
  product_ids: p?.product_ids ?? [],
  category_ids: (p?.category_ids ?? []).map(String),
});

export const toInput = (v: PromoValues): PromoInput => ({
  ...v,
  category_ids: v.category_ids.map(Number),
});

export const validate = validateWith(promoInputSchema, toInput);
