import type { DesignationOptions } from '../modules/products/products.tables.ts';

/** What a variant is for, which decides how contributions use it. */
export type VariantKind =
  | 'donation' | 'recurring_donation' | 'merch' | 'membership' | 'download' | 'ticket' | 'gift' | 'p2p' | 'bundle';

export type VariantSpec = {
  name: string;
  kind: VariantKind;
  price: number;
  billingPeriod?: 'onetime' | 'weekly' | 'monthly' | 'quarterly' | 'annually';
  presets?: number[];
  minimum?: number;
  salePrice?: number;
  cost?: number;
  fairMarketValue?: number;
  sku?: string;
  quantity?: number;
  weightLbs?: string;
  /** Index into MEMBERSHIPS. */
  membership?: number;
  file?: boolean;
  /** Codes of products whose first variant comes bundled (quantity 1, no extra charge). */
  bundles?: string[];
};

export type FieldSpec = {
  type: 'text' | 'lg_text' | 'select' | 'hidden' | 'check';
  name: string;
  choices?: string[];
  required?: boolean;
  defaultValue?: string;
  hint?: string;
};

export type ProductSpec = {
  code: string;
  name: string;
  type: 'standard' | 'donation_form';
  categories: string[];
  glCode: string;
  receiptable?: boolean;
  dcc?: boolean;
  tributes?: boolean;
  goal?: number;
  deleted?: boolean;
  summary: string;
  designation?: DesignationOptions;
  fields?: FieldSpec[];
  variants: VariantSpec[];
};

/** Parent name (or null) and child names: the store's category tree. */
export const CATEGORIES: [string, string | null][] = [
  ['Donate', null], ['Emergency Relief', 'Donate'], ['Projects', 'Donate'], ['Shop', null], ['Apparel', 'Shop'],
  ['Home & Gifts', 'Shop'], ['Cards', 'Shop'], ['Memberships', null], ['Events', null], ['Downloads', null],
  ['Gift Catalogue', null],
];

export const MEMBERSHIPS = [
  { name: 'Friends Circle', description: 'Yearly membership for individual supporters.', durationDays: 365 },
  { name: 'Family Circle', description: 'Yearly membership for the whole household.', durationDays: 365 },
  { name: 'Patrons Society', description: 'Our leadership giving circle.', durationDays: 365 },
];

const reliefDesignations: DesignationOptions = {
  type: 'supporters_choice',
  default_account: 'RELIEF_GENERAL',
  designations: [
    { label: 'Where it is needed most', account: 'RELIEF_GENERAL', is_default: true },
    { label: 'Hurricane response', account: 'RELIEF_HURRICANE', is_default: false },
    { label: 'Flood recovery', account: 'RELIEF_FLOOD', is_default: false },
  ],
};

const heardAbout: FieldSpec = {
  type: 'select', name: 'How did you hear about us?', choices: ['A friend', 'Social media', 'Our newsletter', 'An event'],
};

export const PRODUCTS: ProductSpec[] = [
  {
    code: 'GEN-FUND', name: 'General Fund', type: 'donation_form', categories: ['Donate'], glCode: 'GEN_4000',
    receiptable: true, dcc: true, tributes: true, summary: 'Support our work where it is needed most.',
    fields: [heardAbout, { type: 'hidden', name: 'Campaign', defaultValue: 'annual-appeal' }],
    variants: [
      { name: 'One-time', kind: 'donation', price: 0, presets: [2500, 5000, 10000, 25000], minimum: 500 },
      { name: 'Monthly', kind: 'recurring_donation', price: 0, billingPeriod: 'monthly', presets: [1000, 2500, 5000, 10000], minimum: 500 },
    ],
  },
  {
    code: 'RELIEF-FUND', name: 'Emergency Relief Fund', type: 'donation_form', categories: ['Donate', 'Emergency Relief'],
    glCode: 'RELIEF_GENERAL', receiptable: true, dcc: true, tributes: true, designation: reliefDesignations,
    summary: 'Food, water and shelter within 72 hours of a disaster.',
    variants: [
      { name: 'One-time', kind: 'donation', price: 0, presets: [5000, 10000, 25000, 50000], minimum: 1000 },
      { name: 'Monthly', kind: 'recurring_donation', price: 0, billingPeriod: 'monthly', presets: [2000, 5000, 10000], minimum: 1000 },
    ],
  },
  {
    code: 'WATER-WELLS', name: 'Clean Water Project', type: 'donation_form', categories: ['Donate', 'Projects'],
    glCode: 'WATER_4100', receiptable: true, dcc: true, goal: 5_000_000, summary: 'Every well serves 300 people.',
    variants: [
      { name: 'One-time', kind: 'donation', price: 0, presets: [3500, 7500, 15000, 50000], minimum: 500 },
      { name: 'Quarterly', kind: 'recurring_donation', price: 0, billingPeriod: 'quarterly', presets: [7500, 15000], minimum: 2500 },
      { name: 'Weekly', kind: 'recurring_donation', price: 0, billingPeriod: 'weekly', presets: [500, 1000, 2000], minimum: 300 },
      { name: 'Annually', kind: 'recurring_donation', price: 0, billingPeriod: 'annually', presets: [25000, 50000], minimum: 5000 },
    ],
  },
  {
    code: 'P2P-DONATE', name: 'Peer-to-Peer Fundraising', type: 'donation_form', categories: ['Donate'], glCode: 'P2P_4200',
    receiptable: true, dcc: true, summary: 'Gifts made through supporters\u2019 fundraising pages.',
    variants: [{ name: 'Donation', kind: 'p2p', price: 0, presets: [2500, 5000, 10000], minimum: 500 }],
  },
  {
    code: 'TSHIRT-HOPE', name: 'Hope T-Shirt', type: 'standard', categories: ['Shop', 'Apparel'], glCode: 'MERCH_5000',
    summary: 'Organic cotton, printed by our partners.', fields: [{ type: 'lg_text', name: 'Gift message', hint: 'Printed on the packing slip' }],
    variants: ['Small', 'Medium', 'Large', 'X-Large'].map((size, i) => ({
      name: size, kind: 'merch' as const, price: 2500, cost: 900, sku: `TSH-${size[0]}${i}`, quantity: [120, 200, 180, 15][i] as number, weightLbs: '0.400',
    })),
  },
  {
    code: 'MUG-HOPE', name: 'Coffee Mug', type: 'standard', categories: ['Shop', 'Home & Gifts'], glCode: 'MERCH_5000',
    summary: 'Stoneware, dishwasher safe.',
    variants: [{ name: 'Standard', kind: 'merch', price: 1500, salePrice: 1200, cost: 400, sku: 'MUG-01', quantity: 300, weightLbs: '1.100' }],
  },
  {
    code: 'TOTE-CANVAS', name: 'Canvas Tote Bag', type: 'standard', categories: ['Shop', 'Home & Gifts'], glCode: 'MERCH_5000',
    summary: 'Carry your groceries and our message.',
    variants: [{ name: 'Natural', kind: 'merch', price: 2000, cost: 600, sku: 'TOTE-01', quantity: 150, weightLbs: '0.500' }],
  },
  {
    code: 'CARDS-XMAS', name: 'Christmas Card Pack', type: 'standard', categories: ['Shop', 'Cards'], glCode: 'MERCH_5010',
    summary: 'Ten cards drawn by children in our programmes.',
    variants: [{ name: 'Pack of 10', kind: 'merch', price: 1800, cost: 500, sku: 'CARDS-10', quantity: 400, weightLbs: '0.300' }],
  },
  {
    code: 'BUNDLE-GIFT', name: 'Supporter Gift Bundle', type: 'standard', categories: ['Shop', 'Home & Gifts'], glCode: 'MERCH_5000',
    summary: 'A mug and a tote bag, wrapped.',
    variants: [{ name: 'Bundle', kind: 'bundle', price: 3200, sku: 'BUNDLE-01', quantity: 80, weightLbs: '1.600', bundles: ['MUG-HOPE', 'TOTE-CANVAS'] }],
  },
  {
    code: 'MEMBERSHIP', name: 'Annual Membership', type: 'standard', categories: ['Memberships'], glCode: 'MEMB_4500',
    receiptable: true, summary: 'Join the community that makes our work possible.',
    variants: [
      { name: 'Individual', kind: 'membership', price: 5000, membership: 0, fairMarketValue: 1000 },
      { name: 'Family', kind: 'membership', price: 10000, membership: 1, fairMarketValue: 2000 },
      { name: 'Patron', kind: 'membership', price: 50000, membership: 2, fairMarketValue: 5000 },
    ],
  },
  {
    code: 'EBOOK-REPORT', name: 'Annual Report E-book', type: 'standard', categories: ['Downloads'], glCode: 'MERCH_5020',
    summary: 'Our year in stories and numbers (PDF).',
    variants: [{ name: 'PDF', kind: 'download', price: 1000, sku: 'EBOOK-01', file: true }],
  },
  {
    code: 'GALA-TICKET', name: 'Spring Gala Ticket', type: 'standard', categories: ['Events'], glCode: 'EVENT_4800',
    receiptable: true, summary: 'Dinner, auction and stories from the field.',
    fields: [
      { type: 'select', name: 'Meal choice', choices: ['Chicken', 'Fish', 'Vegetarian'], required: true },
      { type: 'text', name: 'Guest name' },
    ],
    variants: [{ name: 'Adult', kind: 'ticket', price: 15000, fairMarketValue: 6000, sku: 'GALA-A', quantity: 400 }],
  },
  {
    code: 'GIFT-CATALOG', name: 'Gift Catalogue', type: 'standard', categories: ['Gift Catalogue'], glCode: 'GIFT_4300',
    receiptable: true, tributes: true, summary: 'Give a gift that changes a family\u2019s year.',
    variants: [
      { name: 'A goat', kind: 'gift', price: 7500 },
      { name: 'Six chickens', kind: 'gift', price: 4000 },
      { name: 'School supplies kit', kind: 'gift', price: 3500 },
    ],
  },
  {
    code: 'CAL-2023', name: '2023 Wall Calendar', type: 'standard', categories: ['Shop'], glCode: 'MERCH_5000', deleted: true,
    summary: 'Discontinued.', variants: [{ name: 'Calendar', kind: 'merch', price: 1200, sku: 'CAL-23', quantity: 0 }],
  },
];
