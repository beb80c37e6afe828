import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { requiredText, text } from './rules.ts';

/** Text-to-give numbers (spec part 2 §2–§8; incumbent §2.7): every message word for word. */
export const numberMessages = {
  areaCodeRequired: 'Area code is required for local phone numbers.',
  provisioned: (n: string) => `Phone number ${n} successfully provisioned`,
  provisionFailed: (n: string) => `An error occured when provisionning ${n}`,
  released: (n: string) => `${n} successfully released.`,
  releaseFailed: (n: string) => `An error occured when releasing ${n}`,
  confirmRelease: (n: string) => `Are you sure you want to delete ${n}?`,
  noResults: 'No phone numbers available for this search.',
  unknownError: 'Unknown error, please try again later',
  fillAll: 'Please ensure all fields above are filled',
  phoneFormat: 'The phone number must be a plus sign followed by digits.',
  unknownCountry: 'Choose a country from the list.',
  alreadyProvisioned: 'This phone number is already provisioned.',
  notFound: 'This phone number does not exist.',
  keywordTaken: 'This keyword is already used by another number.',
  keywordFormat: 'A keyword is one word of letters and digits.',
  keywordAdded: (k: string) => `Keyword ${k} added.`,
  keywordRemoved: (k: string) => `Keyword ${k} removed.`,
} as const;

/** The two kinds the spec offers; the wire names are the incumbent's. */
export const PHONE_NUMBER_TYPES = ['toll-free', 'local'] as const;
export type PhoneNumberType = (typeof PHONE_NUMBER_TYPES)[number];

/** Countries the provider sells text-capable numbers in (the search form's select). */
export const NUMBER_COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'AU', name: 'Australia' },
] as const;
export type NumberCountry = (typeof NUMBER_COUNTRIES)[number]['code'];
const countryCodes = NUMBER_COUNTRIES.map((c) => c.code) as [NumberCountry, ...NumberCountry[]];

export const numberSearchSchema = z
  .object({
    country: z.enum(countryCodes, { error: numberMessages.unknownCountry }),
    type: z.enum(PHONE_NUMBER_TYPES, { error: 'Choose toll-free or local.' }),
    area_code: text().trim().max(6).regex(/^\d*$/, { error: 'An area code is digits only.' }).optional().transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'local' && !v.area_code) ctx.addIssue({ code: 'custom', path: ['area_code'], message: numberMessages.areaCodeRequired });
  });
export type NumberSearchInput = z.input<typeof numberSearchSchema>;
export type NumberSearchQuery = z.output<typeof numberSearchSchema>;

export const availableNumberSchema = z.object({ full: z.string(), short: z.string() });
export type AvailableNumber = z.infer<typeof availableNumberSchema>;

/** The toll-free verification form: what a carrier asks before a toll-free number may send texts. */
export const VERIFICATION_FIELDS = [
  { name: 'business_name', label: 'Business name' },
  { name: 'business_website', label: 'Business website' },
  { name: 'contact_email', label: 'Notification email' },
  { name: 'use_case_summary', label: 'How will texts be used?' },
  { name: 'message_sample', label: 'Sample message' },
  { name: 'message_volume', label: 'Monthly message volume' },
] as const;
export type VerificationField = (typeof VERIFICATION_FIELDS)[number]['name'];

const filled = (max: number) => requiredText(max);
export const tollFreeVerificationSchema = z.object({
  business_name: filled(100),
  business_website: filled(255).refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), { error: 'Enter a website address starting with http:// or https://.' }),
  contact_email: filled(255).refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: 'Enter a valid email address.' }),
  use_case_summary: filled(500),
  message_sample: filled(500),
  message_volume: filled(20).refine((v) => /^\d[\d,]*$/.test(v), { error: 'Enter the number of messages a month.' }),
});
export type TollFreeVerification = z.infer<typeof tollFreeVerificationSchema>;

/** The form as sent: checked field by field only when the number is toll-free. */
const draft = () => text().max(1000).optional();
const verificationDraftSchema = z.object({
  business_name: draft(), business_website: draft(), contact_email: draft(), use_case_summary: draft(), message_sample: draft(), message_volume: draft(),
});

const e164 = text().trim().regex(/^\+[0-9]{6,15}$/, { error: numberMessages.phoneFormat });

/** POST to the choose URL: the number, plus is_toll_free=1 and the verification for a toll-free one. */
export const provisionNumberSchema = z
  .object({
    phone_number: e164,
    /** The search's country; read from the number when left out. */
    country: z.enum(countryCodes, { error: numberMessages.unknownCountry }).optional(),
    is_toll_free: z.union([z.boolean(), z.literal('1'), z.literal('0'), z.literal(1), z.literal(0)]).optional().transform((v) => v === true || v === '1' || v === 1),
    verification: verificationDraftSchema.optional(),
  })
  .transform((v, ctx) => {
    const country = v.country ?? countryOfNumber(v.phone_number);
    if (!v.is_toll_free) return { phone_number: v.phone_number, country, is_toll_free: false as const, verification: null };
    const parsed = tollFreeVerificationSchema.safeParse(v.verification ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['verification', ...issue.path.map(String)], message: issue.message });
      return z.NEVER;
    }
    return { phone_number: v.phone_number, country, is_toll_free: true as const, verification: parsed.data };
  });
export type ProvisionNumberInput = z.input<typeof provisionNumberSchema>;
export type ProvisionNumber = z.output<typeof provisionNumberSchema>;

export const phoneNumberSchema = z.object({
  id: z.number(),
  full: z.string(),
  short: z.string(),
  type: z.enum(PHONE_NUMBER_TYPES),
  country: z.string(),
  area_code: z.string().nullable(),
  verification_status: z.string().nullable(),
  keywords: z.array(z.object({ id: z.number(), keyword: z.string() })),
  created_at: z.string(),
});
export type PhoneNumber = z.infer<typeof phoneNumberSchema>;

export const keywordSchema = z.object({
  keyword: text().trim().min(1, { error: numberMessages.keywordFormat }).max(40, { error: numberMessages.keywordFormat }).regex(/^[A-Za-z0-9]+$/, { error: numberMessages.keywordFormat }).transform((v) => v.toUpperCase()),
});

/**
 * The two forms staff see: the short (national) form and the international E.164 form.
 * North American numbers keep their leading 1, as the incumbent shows them: 1 (303) 897-0353.
 */
export function phoneForms(full: string, country?: string): AvailableNumber {
  const parsed = parsePhoneNumberFromString(full, country as CountryCode | undefined);
  if (!parsed) return { full, short: full };
  const national = parsed.formatNational();
  return { full: parsed.number, short: parsed.countryCallingCode === '1' ? `1 ${national}` : national };
}

/** A sender's number as E.164, or null when it is not a phone number. */
export function toE164(value: string, country = 'US'): string | null {
  const parsed = parsePhoneNumberFromString(value, country as CountryCode);
  return parsed?.isPossible() ? parsed.number : null;
}

/** The country a number belongs to, from its calling code (+1 is read as US when the digits do not say). */
export function countryOfNumber(full: string): NumberCountry {
  const parsed = parsePhoneNumberFromString(full);
  const known = NUMBER_COUNTRIES.find((c) => c.code === parsed?.country);
  if (known) return known.code;
  if (full.startsWith('+44')) return 'GB';
  if (full.startsWith('+61')) return 'AU';
  return 'US';
}

/** Spec part 2 §9: the page reloads 700 ms after a provision (and here after a release). */
export const RELOAD_AFTER_ACTION_MS = 700;
