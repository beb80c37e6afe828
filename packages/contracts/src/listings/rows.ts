import { z } from 'zod';

/**
 * The row each listing answers, so the API reference shows real fields instead of "any keys".
 * Values come from SQL, so every shown field may be null; money is a decimal number in the
 * row's `currency_code`; times are the database's timestamp text. A server test checks these
 * keys against the listing definitions (a key missing here would be stripped from the answer).
 */
const shown = <T extends z.ZodType>(type: T, description: string) => type.nullable().describe(description);
const rowBase = {
  id: z.number().describe('The record\'s id.'),
  _url: z.string().describe('The record\'s page in the app.'),
  currency_code: shown(z.string(), 'ISO 4217 currency of the row\'s amounts.'),
};

export const contributionRowSchema = z.object({
  ...rowBase,
  is_recurring: shown(z.boolean(), 'Started or renews a recurring profile.'),
  is_pos: shown(z.boolean(), 'Taken at the point of sale.'),
  is_test: shown(z.boolean(), 'A test-mode payment.'),
  supporter_id: shown(z.number(), 'The supporter, or null for a guest.'),
  number: shown(z.string(), 'Contribution number.'),
  supporter: shown(z.string(), 'Supporter or billing name.'),
  location: shown(z.string(), 'Billing city, state, country.'),
  status: shown(z.string(), 'Derived status (paid, pending, refunded, spam …).'),
  total: shown(z.number(), 'Total as a decimal in currency_code.'),
  net: shown(z.number(), 'Total less refunds, as a decimal in currency_code.'),
  ordered_at: shown(z.string(), 'When it was placed (timestamp).'),
  payment: shown(z.string(), 'How it was paid ("Visa •••• 4242").'),
  source: shown(z.string(), 'Where it came from.'),
  dp_gift_id: shown(z.string(), 'Donor CRM gift ids.'),
});
export type ContributionListingRow = z.infer<typeof contributionRowSchema>;

export const supporterRowSchema = z.object({
  ...rowBase,
  is_organization: shown(z.boolean(), 'An organisation rather than a person.'),
  display_name: shown(z.string(), 'Name as shown.'),
  email: shown(z.string(), 'Email.'),
  referral_source: shown(z.string(), 'How they heard of the organisation.'),
  recurring: shown(z.string(), 'Status of their recurring profiles (Active …).'),
  nps: shown(z.number(), 'Net promoter score, 0–10.'),
  account_type: shown(z.string(), 'Supporter type.'),
  payments: shown(z.number(), 'Number of payments.'),
  lifetime_total: shown(z.number(), 'Lifetime giving as a decimal in currency_code.'),
  last_payment_at: shown(z.string(), 'Last payment (timestamp).'),
  created_at: shown(z.string(), 'Created (timestamp).'),
  donor_id: shown(z.string(), 'Donor CRM id.'),
});
export type SupporterListingRow = z.infer<typeof supporterRowSchema>;
