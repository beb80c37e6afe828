import { z } from 'zod';
import { upgradeFeatures, type UpgradeFeature } from './editions.ts';
import { paymentGateways } from './payment-gateway.ts';
import { formBoolean, optionalText, requiredText, text } from './rules.ts';
import { messages } from './messages.ts';
import { isNumberFormat } from './receipts.ts';
import { thankYouLetterSchema } from './thanks.ts';

/**
 * Currencies the organisation can keep its books in (ISO 4217). `site_currency` is the
 * organisation currency: every money row carries its amount in it, and every total adds those.
 */
export const siteCurrencies = ['USD', 'CAD', 'GBP', 'EUR', 'AUD', 'NZD'] as const;
export type SiteCurrency = (typeof siteCurrencies)[number];

/**
 * Messages of the settings page and upgrade requests. The spec's two save messages live in the
 * shared catalogue (messages.settingsSaved / settingsFailed); the rest are ours.
 */
export const settingsMessages = {
  currency: 'Choose one of the listed currencies.',
  timeZone: 'Choose a time zone from the list.',
  currencyLocked:
    'The organisation currency cannot change once gifts or payments are recorded: their amounts in it would no longer add up.',
  paymentGateway: 'Choose one of the listed payment gateways.',
  upgradeRequested: 'Thanks! Your upgrade request has been recorded for your administrators.',
  unknownSetting: 'This setting does not exist.',
  upgradeFeature: 'Choose the upgrade you would like.',
  allEditions: 'Your plan already includes every edition.',
  alreadyIncluded: (edition: string) => `Your plan already includes the ${edition}.`,
  numSponsors: 'Enter a whole number of sponsors from 1 to 100.',
  receiptNumberFormat: 'Use exactly one counter such as [000000000], with [YY] or [YYYY] for the year if you like; at most 40 characters.',
  receiptCountry: 'Enter a two-letter country code (such as US) or ANY.',
  signatureUrl: 'Enter the full address of the image, starting with https://.',
  /** spec part 1 §5 "Settings save", word for word. */
  p2pDefaultImages: 'You must provide default images if you don’t allow custom image uploads',
  p2pImage: 'Choose an image from the images library.',
  fiscalYearStart: 'Choose the month your financial year starts in.',
} as const;

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The month (1–12) the financial year starts in; forms may send it as text. */
export const fiscalYearStartSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: settingsMessages.fiscalYearStart })
    .int({ error: settingsMessages.fiscalYearStart })
    .min(1, { error: settingsMessages.fiscalYearStart })
    .max(12, { error: settingsMessages.fiscalYearStart }),
);

/**
 * The financial year a day falls in, named by the calendar year it ends in (a year starting in
 * April 2026 is 2027), as most charities' accounts name it. Starting in January, the calendar year.
 * `month` is 1–12.
 */
export function fiscalYearOf(year: number, month: number, startMonth: number): number {
  return startMonth === 1 || month < startMonth ? year : year + 1;
}

/** How a year reads on a report: "2026" for calendar years, else "FY 2027 (Apr 2026 – Mar 2027)". */
export function fiscalYearLabel(year: number, startMonth: number): string {
  if (startMonth === 1) return String(year);
  const short = (m: number) => MONTH_NAMES[m - 1]!.slice(0, 3);
  const endMonth = startMonth === 1 ? 12 : startMonth - 1;
  return `FY ${year} (${short(startMonth)} ${year - 1} – ${short(endMonth)} ${year})`;
}

/** Spec part 1 §9: peer-to-peer pages have six default image slots. */
export const P2P_DEFAULT_IMAGE_KEYS = ['p2p_default_image_1', 'p2p_default_image_2', 'p2p_default_image_3', 'p2p_default_image_4', 'p2p_default_image_5', 'p2p_default_image_6'] as const;
/** A default image is a library file's lasting address (/media/{id}/{name}) or an https:// address. */
const p2pImage = () =>
  z
    .string()
    .trim()
    .max(500, { error: messages.maxLength(500) })
    .refine((v) => v === '' || /^\/media\/\d{1,10}\/[A-Za-z0-9._-]{1,255}$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v), { error: settingsMessages.p2pImage });

/** A setting that may be left blank: kept as '' (the stored default), never null. */
const blankableText = (max: number) => text().trim().max(max, { error: messages.maxLength(max) });

/** IANA time zones this runtime knows, plus UTC (which some runtimes leave out of the list). */
export function isTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true;
  try {
    return Intl.supportedValuesOf('timeZone').includes(zone) || new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone === zone;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string({ error: settingsMessages.timeZone }).trim().refine(isTimeZone, { error: settingsMessages.timeZone });

/** The most sponsors a sponsee can need before it counts as sponsored (a sanity bound, not a rule of the spec). */
export const SPONSORS_PER_SPONSEE_MAX = 100;

/** Sponsors per sponsee: a whole number ≥ 1; the page's form and form posts may send it as text. */
export const sponsorsPerSponseeSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: settingsMessages.numSponsors })
    .int({ error: settingsMessages.numSponsors })
    .min(1, { error: settingsMessages.numSponsors })
    .max(SPONSORS_PER_SPONSEE_MAX, { error: settingsMessages.numSponsors }),
);

/** Spec part 1 §9: "organization … 100". */
export const ORG_NAME_MAX = 100;

/**
 * The settings staff edit on the settings page. Keys are the stored setting keys, so the page,
 * the API and the audit trail name a setting the same way.
 */
export const settingsValuesSchema = z.object({
  org_name: requiredText(ORG_NAME_MAX),
  site_currency: z.enum(siteCurrencies, { error: settingsMessages.currency }),
  time_zone: timeZoneSchema,
  fiscal_year_start_month: fiscalYearStartSchema,
  edition_express: formBoolean(),
  edition_dp: formBoolean(),
  referral_sources_enabled: formBoolean(),
  nps_enabled: formBoolean(),
  payment_gateway: z.enum(paymentGateways, { error: settingsMessages.paymentGateway }),
  sponsorship_num_sponsors: sponsorsPerSponseeSchema,
  timeline_updated_email_enabled: formBoolean(),
  // Tax receipts: numbering, who gets one, and the identity printed on them (receipt merge tags).
  tax_receipt_number_format: text().trim().refine(isNumberFormat, { error: settingsMessages.receiptNumberFormat }),
  tax_receipt_country: text().trim().toUpperCase().regex(/^([A-Z]{2}|ANY)$/, { error: settingsMessages.receiptCountry }),
  sponsorship_tax_receipts: formBoolean(),
  /** A receipt is issued when a contribution completes (POS, recurring charges), for gifts that ask for single receipts. */
  tax_receipt_on_completion: formBoolean(),
  org_legal_name: blankableText(150),
  org_legal_address: blankableText(500),
  org_charity_number: blankableText(50),
  tax_receipt_authorized_name: blankableText(100),
  tax_receipt_authorized_title: blankableText(100),
  tax_receipt_signature_url: blankableText(500).refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), { error: settingsMessages.signatureUrl }),
  tax_receipt_issued_in: blankableText(100),
  // Peer-to-peer pages: may fundraisers upload their own image, and the images offered instead.
  p2p_custom_images_enabled: formBoolean(),
  p2p_default_image_1: p2pImage(),
  p2p_default_image_2: p2pImage(),
  p2p_default_image_3: p2pImage(),
  p2p_default_image_4: p2pImage(),
  p2p_default_image_5: p2pImage(),
  p2p_default_image_6: p2pImage(),
  /** The default thank-you letter (Liquid), for gifts whose campaign has none of its own. */
  thank_you_letter: thankYouLetterSchema,
});
export type SettingsValues = z.infer<typeof settingsValuesSchema>;
export type SettingsKey = keyof SettingsValues;

/**
 * Spec part 1 §5: with custom image uploads off, at least one of the six default images is
 * required. Null when the settings pass; the same rule on the page and on the server.
 */
export function p2pImagesProblem(values: Pick<SettingsValues, 'p2p_custom_images_enabled' | (typeof P2P_DEFAULT_IMAGE_KEYS)[number]>): string | null {
  if (values.p2p_custom_images_enabled) return null;
  return P2P_DEFAULT_IMAGE_KEYS.some((key) => values[key].trim() !== '') ? null : settingsMessages.p2pDefaultImages;
}

/** The settings page's form: every setting, and the rules between them. */
export const settingsFormSchema = settingsValuesSchema.superRefine((values, context) => {
  const problem = p2pImagesProblem(values);
  if (problem) context.addIssue({ code: 'custom', path: ['p2p_default_image_1'], message: problem });
});

/** A save sends the settings it changes; unknown keys are refused rather than dropped. */
export const settingsUpdateSchema = z.strictObject(settingsValuesSchema.partial().shape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys' ? settingsMessages.unknownSetting : undefined,
});
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

/** The settings as the API answers them (plain types: answers are serialised, not parsed). */
export const settingsSchema = z.object({
  org_name: z.string(),
  site_currency: z.enum(siteCurrencies),
  time_zone: z.string(),
  fiscal_year_start_month: z.number().int(),
  edition_express: z.boolean(),
  edition_dp: z.boolean(),
  referral_sources_enabled: z.boolean(),
  nps_enabled: z.boolean(),
  payment_gateway: z.enum(paymentGateways),
  sponsorship_num_sponsors: z.number().int(),
  timeline_updated_email_enabled: z.boolean(),
  tax_receipt_number_format: z.string(),
  tax_receipt_country: z.string(),
  sponsorship_tax_receipts: z.boolean(),
  tax_receipt_on_completion: z.boolean(),
  org_legal_name: z.string(),
  org_legal_address: z.string(),
  org_charity_number: z.string(),
  tax_receipt_authorized_name: z.string(),
  tax_receipt_authorized_title: z.string(),
  tax_receipt_signature_url: z.string(),
  tax_receipt_issued_in: z.string(),
  p2p_custom_images_enabled: z.boolean(),
  p2p_default_image_1: z.string(),
  p2p_default_image_2: z.string(),
  p2p_default_image_3: z.string(),
  p2p_default_image_4: z.string(),
  p2p_default_image_5: z.string(),
  p2p_default_image_6: z.string(),
  thank_you_letter: z.string(),
}) satisfies z.ZodType<SettingsValues>;

/**
 * Settings the page shows locked, each with the reason (derived by the server): today only the
 * currency, once gifts or payments exist. Named one by one so the API reference shows them.
 */
export const settingsLockedSchema = z.object({ site_currency: z.string().optional() });
export type SettingsLocked = z.infer<typeof settingsLockedSchema>;
export const settingsResponseSchema = z.object({ values: settingsSchema, locked: settingsLockedSchema });
export const settingsSavedSchema = z.object({ message: z.string(), values: settingsSchema, locked: settingsLockedSchema });

const upgradeFeatureIds = Object.keys(upgradeFeatures) as [UpgradeFeature, ...UpgradeFeature[]];

export const UPGRADE_NOTE_MAX = 1000;

export const upgradeRequestSchema = z.object({
  feature: z.enum(upgradeFeatureIds, { error: settingsMessages.upgradeFeature }),
  note: optionalText(UPGRADE_NOTE_MAX),
});
export type UpgradeRequest = z.input<typeof upgradeRequestSchema>;

export const upgradeRequestFormQuerySchema = z.object({
  feature: z.enum(upgradeFeatureIds).default('full'),
});

export const supportRequestSchema = z.object({
  id: z.number(),
  kind: z.string(),
  message: z.string(),
  created_at: z.string(),
  requested_by: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export const supportRequestListSchema = z.object({ data: z.array(supportRequestSchema) });
