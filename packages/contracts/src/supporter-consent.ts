import { z } from 'zod';
import { optionalText, specDate } from './rules.ts';

/**
 * A supporter's contact preferences, recorded as a regulator would ask (issue 36 item 2; the
 * spec is silent). Each channel is opted in or not; "do not contact" and a deceased mark stop
 * every message, receipts by e-mail included. Every change is kept with the date it took effect,
 * where it came from, the staff member who recorded it and a note.
 */

/** The channels a supporter opts in or out of, and the supporters column of each. */
export const CONSENT_CHANNELS = ['email', 'post', 'phone', 'sms'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
export const consentColumns = { email: 'email_opt_in', post: 'post_opt_in', phone: 'phone_opt_in', sms: 'sms_opt_in', do_not_contact: 'do_not_contact' } as const;

/** What one recorded change is about: a channel, "do not contact" or the deceased mark. */
export const CONSENT_TOPICS = [...CONSENT_CHANNELS, 'do_not_contact', 'deceased'] as const;
export type ConsentTopic = (typeof CONSENT_TOPICS)[number];
export const consentTopicLabels: Record<ConsentTopic, string> = {
  email: 'E-mail',
  post: 'Post',
  phone: 'Phone',
  sms: 'SMS',
  do_not_contact: 'Do not contact',
  deceased: 'Deceased',
};

/** Where a change came from; imports record their own, staff pick one of the others. */
export const CONSENT_SOURCES = ['donor', 'staff', 'unsubscribe', 'import'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
export const consentSourceLabels: Record<ConsentSource, string> = {
  donor: 'Donor asked (phone, letter, in person)',
  staff: 'Staff decision',
  unsubscribe: 'Unsubscribe link',
  import: 'Import',
};
export const STAFF_CONSENT_SOURCES = ['donor', 'staff', 'unsubscribe'] as const satisfies readonly ConsentSource[];

export const consentMessages = {
  nothingChanged: 'Nothing to record: these are already the supporter’s preferences.',
  deceasedInFuture: 'The date of death cannot be in the future.',
  changedInFuture: 'The date of the change cannot be in the future.',
  recorded: (name: string) => `${name}’s contact preferences were recorded.`,
  // Why nothing is sent to a supporter (every mail path says the same).
  doNotContact: (name: string) => `${name} asked not to be contacted. Nothing was sent.`,
  deceased: (name: string) => `${name} is marked as deceased. Nothing was sent.`,
  noEmail: (name: string) => `${name} has no valid e-mail address. Nothing was sent.`,
} as const;

/** A supporter's preferences now; `can_email` is the one derivation the list's filter and CSV share. */
export const consentStateSchema = z.object({
  email: z.boolean(),
  post: z.boolean(),
  phone: z.boolean(),
  sms: z.boolean(),
  do_not_contact: z.boolean(),
  deceased_on: z.string().nullable(),
  can_email: z.boolean(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

export const consentChangeSchema = z.object({
  id: z.number(),
  topic: z.enum(CONSENT_TOPICS),
  previous: z.boolean(),
  granted: z.boolean(),
  changed_on: z.string(),
  source: z.enum(CONSENT_SOURCES),
  note: z.string().nullable(),
  recorded_at: z.string(),
  recorded_by: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type ConsentChange = z.infer<typeof consentChangeSchema>;

/** `GET /jpanel/supporters/{id}/consent.json`: the preferences now and every change, newest first. */
export const consentAnswerSchema = z.object({ consent: consentStateSchema, data: z.array(consentChangeSchema) });
export type ConsentAnswer = z.infer<typeof consentAnswerSchema>;

/**
 * `POST /jpanel/supporters/{id}/consent`: the preferences as they should be (a field left out
 * stays as it is); `deceased_on` null clears a mark set by mistake. `changed_on` is when the
 * donor said so (blank: today).
 */
export const consentInputSchema = z.object({
  email: z.boolean().optional(),
  post: z.boolean().optional(),
  phone: z.boolean().optional(),
  sms: z.boolean().optional(),
  do_not_contact: z.boolean().optional(),
  deceased_on: z.preprocess((v) => (v === '' ? null : v), specDate().nullable().optional()),
  source: z.enum(STAFF_CONSENT_SOURCES, { error: 'Choose where this change came from.' }),
  changed_on: z.preprocess((v) => (v === '' ? undefined : v), specDate().optional()),
  note: optionalText(500),
});
export type ConsentInput = z.input<typeof consentInputSchema>;

export const consentSavedSchema = z.object({ message: z.string(), consent: consentStateSchema });
export type ConsentSaved = z.infer<typeof consentSavedSchema>;
