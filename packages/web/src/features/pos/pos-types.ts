/**
 * The point-of-sale shapes the screen reads (spec part 3 §3). The wire contracts live in
 * `@almoner/contracts` (pos/); this file only re-exports them under the names the screen uses,
 * so a change of contract is one edit here.
 */
export type PosCustomField = {
  id: number;
  name: string;
  type: 'text' | 'lg_text' | 'select' | 'multi-select' | 'check' | 'date' | 'email' | 'phone' | 'html' | 'hidden';
  isrequired: boolean;
  choices: { value: string; label: string }[];
  default_value: string | null;
  body: string | null;
};

export type PosVariant = {
  id: number;
  name: string;
  variant_name: string;
  price: number;
  actual_price: number;
  is_sale: boolean;
  saleprice: number | null;
  is_donation: boolean;
  thumbnail: string | null;
  code: string | null;
  billing_period: string;
  billing_starts_on: string | null;
  quantity: number | null;
  membership_id: number | null;
};

export type PosProduct = {
  id: number;
  name: string;
  code: string | null;
  thumbnail_url: string | null;
  variants: PosVariant[];
  default_variant: PosVariant | null;
  available_for_purchase: number;
  is_available_for_sale: boolean;
  outofstock_allow: boolean;
  hide_qty: boolean;
  custom_fields: PosCustomField[];
  type: string | null;
  donation_forms_billing_periods: string[];
  recurring_type: string | null;
  is_tax_receiptable: boolean;
  is_bookmarked?: boolean;
};

export type PosCategory = {
  id: number;
  name: string;
  parent_id: number | null;
  child_categories: PosCategory[];
  product_thumbs: string[];
};

export type PosOrderItem = {
  id: number;
  description: string;
  reference: string | null;
  qty: number;
  price: number;
  undiscounted_price: number;
  is_price_reduced: boolean;
  total: number;
  is_locked: boolean;
  additional_notes: string | null;
  promocode: string | null;
  recurring_amount: number | null;
  payment_string: string | null;
  is_eligible_for_dcc: boolean;
  image_thumb: string | null;
  requires_ach: boolean;
};

export type PosPaymentMethod = {
  id: number;
  status: string;
  display_name: string;
  account_number: string;
  fa_icon: string;
  use_as_default: boolean;
  is_expired: boolean;
};

export type PosOrder = {
  id: number;
  client_uuid: string;
  currency_code: string;
  items: PosOrderItem[];
  total_qty: number;
  subtotal: number;
  taxtotal: number;
  shipping_amount: number;
  dcc_total_amount: number;
  totalamount: number;
  total_savings: number;
  promocodes: string[];
  member_id: number | null;
  member: { id: number; display_name: string; email: string | null; payment_methods: PosPaymentMethod[] } | null;
  shippable_items: number;
  download_items: number;
  recurring_items: number;
  available_shipping_methods: { courier: string | null; title: string; cost: number; shipping_method_id: number | null }[];
  shipping_method_id: number | null;
  [field: string]: unknown;
};

export type PosAnswer = { status?: string; message?: string; order: PosOrder };
