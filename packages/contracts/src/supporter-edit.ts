import { z } from 'zod';
import { messages } from './messages.ts';
import { isValidEmail, optionalText, text } from './rules.ts';

/**
 * Adding and correcting a supporter by hand (issue 36 item 1; the spec is silent, every peer
 * does it). `POST /jpanel/supporters` creates, `POST /jpanel/supporters/{id}` updates; both take
 * these fields, named as the supporter import's row names them (`bill_*`, `ship_*`), and answer
 * `{ message, supporter }`. Blank fields are stored as empty (null).
 */

/** The address lines of one block, as the import row and the supporters table name them. */
const ADDRESS_FIELDS = ['address_01', 'address_02', 'city', 'state', 'zip', 'country'] as const;
const ADDRESS_MAX: Record<(typeof ADDRESS_FIELDS)[number], number> = { address_01: 450, address_02: 450, city: 45, state: 45, zip: 45, country: 2 };

export const supporterEditMessages = {
  phone: 'Phone must be valid',
  country: 'Choose a country from the list.',
  state: (type: string) => `Choose a ${type.toLowerCase()} from the list.`,
  needsName: 'Give the supporter a first or last name, or an e-mail.',
  needsOrganisation: 'Give the organisation its name.',
  accountType: 'Choose a supporter type from the list.',
  emailTaken: (name: string) => `This e-mail already belongs to ${name}.`,
  membershipNumberTaken: (name: string) => `This membership number already belongs to ${name}.`,
  stale: 'Someone else changed this supporter after you opened it. Their changes are shown now; make yours again.',
  created: (name: string) => `${name} was added.`,
  updated: (name: string) => `${name} was saved.`,
} as const;

/**
 * A phone number as staff type it: digits with spaces, dots, dashes, brackets and a leading +,
 * 7 to 15 digits (E.164's longest), and an extension ("x 12", "ext. 12") allowed after it.
 */
export function isValidPhone(value: string): boolean {
  const [number = '', ...rest] = value.split(/\s*(?:ext\.?|x)\s*(?=\d)/i);
  if (rest.length > 1 || (rest[0] !== undefined && !/^\d{1,6}$/.test(rest[0]))) return false;
  if (!/^\+?[\d\s().\-/]+$/.test(number)) return false;
  const digits = number.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

const optionalEmail = text()
  .trim()
  .transform((v) => v || null)
  .nullish()
  .refine((v) => !v || isValidEmail(v), { error: messages.email })
  .transform((v) => v ?? null);

const optionalPhone = optionalText(45).refine((v) => !v || isValidPhone(v), { error: supporterEditMessages.phone });

const countryCode = optionalText(2).transform((v) => (v ? v.toUpperCase() : null));

function addressBlock<P extends 'bill' | 'ship'>(prefix: P) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of ADDRESS_FIELDS) shape[`${prefix}_${field}`] = field === 'country' ? countryCode : optionalText(ADDRESS_MAX[field]);
  return shape as Record<`${P}_${(typeof ADDRESS_FIELDS)[number]}`, z.ZodType<string | null, unknown>>;
}

export const supporterInputSchema = z
  .object({
    /** A supporter type (`account_types`); blank takes the organisation's default type. */
    account_type_id: z.coerce.number({ error: supporterEditMessages.accountType }).int().positive().max(2 ** 31 - 1).nullish().transform((v) => v ?? null),
    title: optionalText(45),
    first_name: optionalText(45),
    last_name: optionalText(45),
    /** The organisation's name, for an organisation type (what lists then show). */
    bill_organization_name: optionalText(100),
    email: optionalEmail,
    bill_phone: optionalPhone,
    ...addressBlock('bill'),
    ship_first_name: optionalText(45),
    ship_last_name: optionalText(45),
    ship_phone: optionalPhone,
    ...addressBlock('ship'),
    referral_source: optionalText(100),
    /** The number on the member's card; no two supporters share one. */
    membership_number: optionalText(45),
    /**
     * For an update: when the record the form shows was last changed (its `updated_at`). A save
     * over a newer change is refused, so two people's edits never silently overwrite each other.
     */
    updated_at: text().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.first_name && !v.last_name && !v.email && !v.bill_organization_name) {
      ctx.addIssue({ code: 'custom', path: ['first_name'], message: supporterEditMessages.needsName });
    }
  });

export type SupporterInput = z.input<typeof supporterInputSchema>;
export type SupporterValues = z.output<typeof supporterInputSchema>;

/** Every field of the form, for a form's blank start and the server's update. */
export const SUPPORTER_EDIT_FIELDS = Object.keys(supporterInputSchema.shape).filter((k) => k !== 'updated_at') as (keyof Omit<SupporterValues, 'updated_at'>)[];

/** `POST /jpanel/supporters.duplicates`: what the form has so far. */
export const possibleDuplicatesQuerySchema = z.object({
  email: text().trim().max(200).nullish(),
  first_name: text().trim().max(45).nullish(),
  last_name: text().trim().max(45).nullish(),
  bill_zip: text().trim().max(45).nullish(),
  /** The supporter being edited, who is not their own duplicate. */
  except_id: z.coerce.number().int().positive().max(2 ** 31 - 1).nullish(),
});

export const possibleDuplicateSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  /** Why it may be the same person. */
  reason: z.enum(['email', 'name_and_postcode']),
});
export type PossibleDuplicate = z.infer<typeof possibleDuplicateSchema>;
export const possibleDuplicatesSchema = z.object({ data: z.array(possibleDuplicateSchema) });

export const possibleDuplicateReasons: Record<PossibleDuplicate['reason'], string> = {
  email: 'same e-mail',
  name_and_postcode: 'same name and postcode',
};

/** `GET /jpanel/account_types.json`: the supporter types (seeded: Individual, Organization). */
export const accountTypeOptionSchema = z.object({ id: z.number(), name: z.string(), is_organization: z.boolean(), is_default: z.boolean() });
export type AccountTypeOption = z.infer<typeof accountTypeOptionSchema>;
export const accountTypeListSchema = z.object({ data: z.array(accountTypeOptionSchema) });

/** What a save answers of the supporter: the form's fields as stored, and the new version. */
export const supporterSavedSchema = z.object({
  id: z.number(),
  display_name: z.string().nullable(),
  updated_at: z.string(),
  ...Object.fromEntries(SUPPORTER_EDIT_FIELDS.map((f) => [f, f === 'account_type_id' ? z.number().nullable() : z.string().nullable()])),
}) as unknown as z.ZodObject<{ id: z.ZodNumber; display_name: z.ZodNullable<z.ZodString>; updated_at: z.ZodString } & { [K in (typeof SUPPORTER_EDIT_FIELDS)[number]]: K extends 'account_type_id' ? z.ZodNullable<z.ZodNumber> : z.ZodNullable<z.ZodString> }>;
export type SupporterSaved = z.infer<typeof supporterSavedSchema>;
export const supporterSavedAnswerSchema = z.object({ message: z.string(), supporter: supporterSavedSchema });
