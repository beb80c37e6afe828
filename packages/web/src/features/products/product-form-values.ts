import type {
  BillingPeriod,
  CatalogueImage,
  Choice,
  CustomField,
  CustomFieldType,
  DesignationOptions,
  ProductDetail,
  ProductInput,
  ProductType,
  Variant,
  VariantInput,
} from '@almoner/contracts';
import type { FormPage } from '../../components/form-page/index.ts';

/**
 * The product form's values: the API's fields as the inputs hold them (text for amounts, ''
 * for nothing), plus a stable `key` per row so reordering and copying keep React's identity.
 * `toInput` turns them into the contract's request; the server's schema has the last word.
 */

let nextKey = 0;
export const newKey = () => `row-${++nextKey}`;

export type CustomFieldValues = {
  key: string;
  id?: number | undefined;
  type: CustomFieldType;
  name: string;
  hint: string;
  is_required: boolean;
  format: 'simple' | 'advanced';
  options: string;
  choices: Choice[];
  default_value: string;
  body: string;
  map_to_product_meta: string;
  _delete: boolean;
};

export type ShippingChoice = 'no' | 'yes' | 'free';

export type VariantValues = {
  key: string;
  id?: number | undefined;
  variant_name: string;
  is_default: boolean;
  billing_period: BillingPeriod;
  total_billing_cycles: string;
  billing_starts_on: string;
  billing_ends_on: string;
  is_donation: boolean;
  price: string;
  sale_price: string;
  cost: string;
  fair_market_value: string;
  price_presets: string;
  price_minimum: string;
  redirect: boolean;
  redirects_to_product_id: number | null;
  shipping: ShippingChoice;
  weight_lbs: string;
  shipping_expectation_threshold: string;
  shipping_expectation_over: string;
  shipping_expectation_under: string;
  sku: string;
  barcode: string;
  quantity: string;
  update_quantity: boolean;
  quantity_restock: string;
  quantity_modified_at: string | null;
  quantity_modified_by: string | null;
  membership_id: string | null;
  file_type: '' | 'file' | 'external';
  file_id: string | null;
  file_name: string | null;
  external_resource_uri: string;
  download_expiry_seconds: string;
  download_address_limit: string;
  download_limit: string;
  file_description: string;
  crm_metadata: Record<string, string>;
  linked_variants: { variant_id: number; name: string; quantity: string; price: string }[];
  /** The Images tab, in the order shown. */
  images: CatalogueImage[];
};

export type ProductFormValues = {
  type: ProductType;
  name: string;
  code: string;
  summary: string;
  is_enabled: boolean;
  show_in_pos: boolean;
  outofstock_allow: boolean;
  outofstock_message: string;
  limit_sales: string;
  base_currency: string;
  is_tax_receiptable: boolean;
  is_dcc_enabled: boolean;
  allow_tributes: boolean;
  allow_tribute_notification: boolean;
  tribute_type_ids: string[];
  template_suffix: string;
  alt_button_label: string;
  alt_button_url: string;
  category_ids: string[];
  designation_options: DesignationOptions;
  custom_fields: CustomFieldValues[];
  variants: VariantValues[];
};

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The product form as `useFormPage` answers it: what each of its sections takes. */
export type ProductFormApi = FormPage<ProductFormValues>['form'];

export const blankField = (): CustomFieldValues => ({
  key: newKey(), type: 'text', name: '', hint: '', is_required: false, format: 'simple', options: '', choices: [], default_value: '', body: '', map_to_product_meta: '', _delete: false,
});

export const blankVariant = (isDefault = false): VariantValues => ({
  key: newKey(), variant_name: '', is_default: isDefault, billing_period: 'onetime', total_billing_cycles: '', billing_starts_on: '', billing_ends_on: '',
  is_donation: false, price: '', sale_price: '', cost: '', fair_market_value: '', price_presets: '', price_minimum: '', redirect: false,
  redirects_to_product_id: null, shipping: 'no', weight_lbs: '', shipping_expectation_threshold: '', shipping_expectation_over: '',
  shipping_expectation_under: '', sku: '', barcode: '', quantity: '0', update_quantity: false, quantity_restock: '', quantity_modified_at: null,
  quantity_modified_by: null, membership_id: null, file_type: '', file_id: null, file_name: null, external_resource_uri: '', download_expiry_seconds: '',
  download_address_limit: '', download_limit: '', file_description: '', crm_metadata: {}, linked_variants: [], images: [],
});

// A saved row's key comes from its id, so values rebuilt from a save keep the identity of the
// rows on screen (a variant opened while the save was under way still matches its row).
const fieldValues = (f: CustomField): CustomFieldValues => ({
  key: `field-${f.id}`, id: f.id, type: f.type, name: f.name, hint: f.hint ?? '', is_required: f.is_required, format: f.format, options: f.options,
  choices: f.choices, default_value: f.default_value ?? '', body: f.body ?? '', map_to_product_meta: f.map_to_product_meta ?? '', _delete: false,
});

export const variantValues = (v: Variant): VariantValues => ({
  key: `variant-${v.id}`, id: v.id, variant_name: v.variant_name, is_default: v.is_default, billing_period: v.billing_period,
  total_billing_cycles: str(v.total_billing_cycles), billing_starts_on: v.billing_starts_on ?? '', billing_ends_on: v.billing_ends_on ?? '',
  is_donation: v.is_donation, price: v.is_donation ? '' : str(v.price), sale_price: str(v.sale_price), cost: str(v.cost),
  fair_market_value: str(v.fair_market_value), price_presets: v.price_presets.join(', '), price_minimum: str(v.price_minimum),
  redirect: v.redirects_to_product_id !== null, redirects_to_product_id: v.redirects_to_product_id,
  shipping: v.is_shippable ? (v.is_shipping_free ? 'free' : 'yes') : 'no', weight_lbs: str(v.weight_lbs),
  shipping_expectation_threshold: str(v.shipping_expectation_threshold), shipping_expectation_over: v.shipping_expectation_over ?? '',
  shipping_expectation_under: v.shipping_expectation_under ?? '', sku: v.sku ?? '', barcode: v.barcode ?? '', quantity: String(v.quantity),
  update_quantity: false, quantity_restock: str(v.quantity_restock), quantity_modified_at: v.quantity_modified_at, quantity_modified_by: v.quantity_modified_by,
  membership_id: v.membership_id === null ? null : String(v.membership_id), file_type: v.file_type ?? '', file_id: v.file_id === null ? null : String(v.file_id),
  file_name: v.file_name, external_resource_uri: v.external_resource_uri ?? '', download_expiry_seconds: str(v.download_expiry_seconds),
  download_address_limit: str(v.download_address_limit), download_limit: str(v.download_limit), file_description: v.file_description ?? '',
  crm_metadata: v.crm_metadata, linked_variants: v.linked_variants.map((l) => ({ variant_id: l.variant_id, name: l.name, quantity: String(l.quantity), price: String(l.price) })),
  images: v.images,
});

export function toValues(p: ProductDetail | undefined, currency: string): ProductFormValues {
  return {
    type: p?.type ?? 'standard',
    name: p?.name ?? '',
    code: p?.code ?? '',
    summary: p?.summary ?? '',
    is_enabled: p?.is_enabled ?? true,
    show_in_pos: p?.show_in_pos ?? true,
    outofstock_allow: p?.outofstock_allow ?? true,
    outofstock_message: p?.outofstock_message ?? '',
    limit_sales: str(p?.limit_sales),
    base_currency: p?.base_currency ?? currency,
    is_tax_receiptable: p?.is_tax_receiptable ?? false,
    is_dcc_enabled: p?.is_dcc_enabled ?? false,
    allow_tributes: p?.allow_tributes ?? false,
    allow_tribute_notification: p?.allow_tribute_notification ?? false,
    tribute_type_ids: (p?.tribute_type_ids ?? []).map(String),
    template_suffix: p?.template_suffix ?? '',
    alt_button_label: p?.alt_button_label ?? '',
    alt_button_url: p?.alt_button_url ?? '',
    category_ids: (p?.category_ids ?? []).map(String),
    designation_options: p?.designation_options ?? { type: 'single_account', default_account: null, designations: [] },
    custom_fields: (p?.custom_fields ?? []).map(fieldValues),
    variants: p ? p.variants.map(variantValues) : [],
  };
}

export function variantInput(v: VariantValues): VariantInput {
  return {
    ...(v.id !== undefined ? { id: v.id } : {}),
    variant_name: v.variant_name,
    is_default: v.is_default,
    billing_period: v.billing_period,
    total_billing_cycles: orNull(v.total_billing_cycles),
    billing_starts_on: orNull(v.billing_starts_on),
    billing_ends_on: orNull(v.billing_ends_on),
    is_donation: v.is_donation,
    price: orNull(v.price),
    sale_price: orNull(v.sale_price),
    cost: orNull(v.cost),
    fair_market_value: orNull(v.fair_market_value),
    price_presets: v.price_presets,
    price_minimum: orNull(v.price_minimum),
    redirects_to_product_id: v.redirect ? v.redirects_to_product_id : null,
    is_shippable: v.shipping !== 'no',
    is_shipping_free: v.shipping === 'free',
    weight_lbs: orNull(v.weight_lbs),
    shipping_expectation_threshold: orNull(v.shipping_expectation_threshold),
    shipping_expectation_over: v.shipping_expectation_over,
    shipping_expectation_under: v.shipping_expectation_under,
    sku: v.sku,
    barcode: v.barcode,
    quantity: orNull(v.quantity),
    update_quantity: v.id === undefined || v.update_quantity,
    quantity_restock: orNull(v.quantity_restock),
    membership_id: v.membership_id === null ? null : Number(v.membership_id),
    file_type: v.file_type || null,
    file_id: v.file_id === null ? null : Number(v.file_id),
    external_resource_uri: v.external_resource_uri,
    download_expiry_seconds: orNull(v.download_expiry_seconds),
    download_address_limit: orNull(v.download_address_limit),
    download_limit: orNull(v.download_limit),
    file_description: v.file_description,
    crm_metadata: v.crm_metadata,
    linked_variants: v.linked_variants.map((l) => ({ variant_id: l.variant_id, quantity: Number(l.quantity) || 1, price: l.price || 0 })),
    image_ids: v.images.map((i) => i.id),
  };
}

export function toInput(values: ProductFormValues): ProductInput {
  return {
    type: values.type,
    name: values.name,
    code: values.code,
    summary: values.summary,
    is_enabled: values.is_enabled,
    show_in_pos: values.show_in_pos,
    outofstock_allow: values.outofstock_allow,
    outofstock_message: values.outofstock_message,
    limit_sales: orNull(values.limit_sales),
    base_currency: values.base_currency,
    is_tax_receiptable: values.is_tax_receiptable,
    is_dcc_enabled: values.is_dcc_enabled,
    allow_tributes: values.allow_tributes,
    allow_tribute_notification: values.allow_tribute_notification,
    tribute_type_ids: values.tribute_type_ids.map(Number),
    template_suffix: values.template_suffix || null,
    alt_button_label: values.alt_button_label,
    alt_button_url: values.alt_button_url,
    category_ids: values.category_ids.map(Number),
    designation_options: values.designation_options,
    // New rows removed before saving never existed; existing ones go as `_delete`.
    custom_fields: values.custom_fields
      .filter((f) => f.id !== undefined || !f._delete)
      .map(({ key: _key, ...f }) => ({ ...f, hint: f.hint, default_value: f.default_value, body: f.body, map_to_product_meta: f.map_to_product_meta })),
    variants: values.variants.map(variantInput),
  };
}
