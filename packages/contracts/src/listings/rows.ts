import { z } from 'zod';

/**
 * The row each listing answers, so the API reference shows real fields instead of "any keys".
 * Values come from SQL, so every shown field may be null; money is a decimal number in the
 * row's `currency_code`; times are the database's timestamp text. A server test checks these
 * keys against the listing definitions (a key missing here would be stripped from the answer).
 */
const shown = <T extends z.ZodType>(type: T, description: string, example: string | number | boolean) =>
  type.nullable().meta({ description, example });
const rowBase = {
  id: z.number().meta({ description: 'The record\'s id.', example: 200 }),
  _url: z.string().meta({ description: 'The record\'s page in the app.', example: '/jpanel/contributions/200' }),
  currency_code: shown(z.string(), 'ISO 4217 currency of the row\'s amounts.', 'USD'),
};

export const contributionRowSchema = z.object({
  ...rowBase,
  is_recurring: shown(z.boolean(), 'Started or renews a recurring profile.', true),
  is_pos: shown(z.boolean(), 'Taken at the point of sale.', false),
  is_test: shown(z.boolean(), 'A test-mode payment.', false),
  supporter_id: shown(z.number(), 'The supporter, or null for a guest.', 6),
  short_number: z.string().meta({ description: 'The short number staff name it by (#id).', example: '#200' }),
  number: shown(z.string(), 'Invoice number (the cart\'s id until paid).', 'F4B886E7-90E5-419E-A014-4DFDEFED7D17'),
  supporter: shown(z.string(), 'Supporter or billing name.', 'Estel Mraz'),
  location: shown(z.string(), 'Billing city, state, country.', 'Merlton, FL, US'),
  status: shown(z.string(), 'Derived status (paid, pending, refunded, spam …).', 'paid'),
  total: shown(z.number(), 'Total as a decimal in currency_code.', 39.5),
  net: shown(z.number(), 'Total less refunds, as a decimal in currency_code.', 39.5),
  ordered_at: shown(z.string(), 'When it was placed (timestamp).', '2026-11-21 19:34:26.329+00'),
  payment: shown(z.string(), 'How it was paid ("Visa •••• 4242").', 'Visa •••• 4242'),
  source: shown(z.string(), 'Where it came from.', 'Web'),
  dp_gift_id: shown(z.string(), 'Donor CRM gift ids.', 'GIFT-1043'),
});
export type ContributionListingRow = z.infer<typeof contributionRowSchema>;

export const supporterRowSchema = z.object({
  ...rowBase,
  is_organization: shown(z.boolean(), 'An organisation rather than a person.', false),
  display_name: shown(z.string(), 'Name as shown.', 'Jim Crist'),
  email: shown(z.string(), 'Email.', 'jcrist95@example.org'),
  referral_source: shown(z.string(), 'How they heard of the organisation.', 'Social media'),
  recurring: shown(z.string(), 'Status of their recurring profiles (Active …).', 'Active'),
  nps: shown(z.number(), 'Net promoter score, 0–10.', 10),
  account_type: shown(z.string(), 'Supporter type.', 'Individual'),
  payments: shown(z.number(), 'Number of payments.', 3),
  lifetime_total: shown(z.number(), 'Lifetime giving as a decimal in currency_code.', 120.75),
  last_payment_at: shown(z.string(), 'Last payment (timestamp).', '2026-10-02 14:05:11.000+00'),
  created_at: shown(z.string(), 'Created (timestamp).', '2026-07-19 13:06:17.021+00'),
  donor_id: shown(z.string(), 'Donor CRM id.', '100008'),
  membership_number: shown(z.string(), 'Membership number, the charity\'s own.', 'M-1001'),
  deceased_on: shown(z.string(), 'Date of death, when marked deceased.', '2026-03-01'),
  do_not_contact: shown(z.boolean(), 'Asked not to be contacted.', false),
});
export type SupporterListingRow = z.infer<typeof supporterRowSchema>;

export const receiptRowSchema = z.object({
  ...rowBase,
  supporter_id: shown(z.number(), 'The supporter the receipt is for, if any.', 6),
  number: shown(z.string(), 'Receipt number (null while a draft).', 'WEB26-000000042'),
  name: shown(z.string(), 'Name on the receipt.', 'Estel Mraz'),
  email: shown(z.string(), 'Email on the receipt.', 'estel@example.org'),
  amount: shown(z.number(), 'Receiptable amount as a decimal in currency_code.', 120),
  issued_at: shown(z.string(), 'When it was issued (timestamp).', '2026-11-21 19:34:26.329+00'),
  status: shown(z.string(), 'draft, issued or void.', 'issued'),
});
export type ReceiptListingRow = z.infer<typeof receiptRowSchema>;

export const productRowSchema = z.object({
  ...rowBase,
  is_donation: shown(z.boolean(), 'The default variant takes a donation rather than a price.', false),
  name: shown(z.string(), 'Product name.', 'Annual membership'),
  code: shown(z.string(), 'SKU.', 'MEMBER-2026'),
  variants: shown(z.number(), 'Live variants.', 2),
  price: shown(z.number(), "The default variant's price (its sale price when on sale), a decimal; null for a donation.", 50),
  stock: shown(z.number(), 'Units in stock over live variants; null when out-of-stock sales are allowed.', 12),
  is_enabled: shown(z.boolean(), 'Shown to supporters.', true),
  updated_at: shown(z.string(), 'Last change (timestamp).', '2026-11-21 19:34:26.329+00'),
});
export type ProductListingRow = z.infer<typeof productRowSchema>;
