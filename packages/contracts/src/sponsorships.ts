import { z } from 'zod';
import { SEGMENT_TYPES } from './catalogue/segments.ts';
import { messages } from './messages.ts';
import { formBoolean, optionalText, parseSpecDate, text } from './rules.ts';

/**
 * Sponsors (spec part 1 §2 "Modals", §4 "Sponsorship end", §5, §7 "Donors, gifts, sponsors").
 * The two spec messages are word for word; the others are ours.
 */
export const sponsorMessages = {
  sponsorRequired: 'You must select a sponsor.',
  endedOnRequired: 'Ended on date required to end a sponsorship',
  endBeforeStart: 'The end date cannot be before the start date.',
  alreadySponsoring: 'This supporter already sponsors this sponsee.',
  alreadyEnded: 'This sponsorship has already ended.',
  sponsorNotFound: 'This sponsor record does not exist.',
  sponseeNotFound: 'This sponsee does not exist.',
  supporterNotFound: 'This supporter does not exist.',
  added: 'Sponsor added.',
  saved: 'Sponsor saved.',
  ended: 'Sponsorship ended.',
  deleted: 'Sponsor record deleted. The supporter was kept.',
} as const;

export const SPONSOR_SOURCE_MAX = 50;
export const SPONSOR_END_REASON_MAX = 100;
export const SPONSOR_END_NOTE_MAX = 2500;

/** Where a sponsorship came from; the field takes any text, these are offered. */
export const SPONSOR_SOURCES = ['Website', 'POS', 'Phone', 'Import', 'Staff'] as const;
/** Why sponsorships end; offered, any text is kept. */
export const SPONSOR_END_REASONS = [
  'Sponsor request',
  'Payment failed',
  'Sponsee graduated',
  'Sponsee left the programme',
  'Deceased',
  'Other',
] as const;

const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** A day: blank means none; otherwise the spec's date rule (an ISO day out). */
const optionalDay = (error: string = messages.date) =>
  text(error)
    .nullish()
    .transform((v, ctx) => {
      const trimmed = (v ?? '').trim();
      if (!trimmed) return null;
      const parsed = parseSpecDate(trimmed);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: error });
        return z.NEVER;
      }
      return parsed;
    });

const sponsorFields = {
  /** Blank starts it today (the organisation's day). */
  started_at: optionalDay(),
  source: optionalText(SPONSOR_SOURCE_MAX),
  ended_at: optionalDay(),
  ended_reason: optionalText(SPONSOR_END_REASON_MAX),
  ended_note: optionalText(SPONSOR_END_NOTE_MAX),
};

const endNotBeforeStart = (
  f: { started_at: string | null; ended_at: string | null },
  ctx: z.RefinementCtx,
) => {
  if (f.started_at && f.ended_at && f.ended_at < f.started_at) {
    ctx.addIssue({ code: 'custom', path: ['ended_at'], message: sponsorMessages.endBeforeStart });
  }
};

/** POST /jpanel/sponsor: add a supporter as a sponsee's sponsor. */
export const sponsorCreateSchema = z
  .object({
    sponsorship_id: z.coerce.number({ error: sponsorMessages.sponseeNotFound }).pipe(id),
    supporter_id: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number({ error: sponsorMessages.sponsorRequired })
        .int({ error: sponsorMessages.sponsorRequired })
        .positive({ error: sponsorMessages.sponsorRequired })
        .max(2 ** 31 - 1, { error: sponsorMessages.sponsorRequired }),
    ),
    ...sponsorFields,
  })
  .superRefine(endNotBeforeStart);
export type SponsorCreate = z.input<typeof sponsorCreateSchema>;

/**
 * POST /jpanel/sponsor/{id}: change a record, or end it (`end_sponsorship`), which needs an
 * ended-on date (spec part 1 §4).
 */
export const sponsorUpdateSchema = z
  .object({ ...sponsorFields, end_sponsorship: formBoolean().optional().default(false) })
  .superRefine((f, ctx) => {
    if (f.end_sponsorship && !f.ended_at)
      ctx.addIssue({
        code: 'custom',
        path: ['ended_at'],
        message: sponsorMessages.endedOnRequired,
      });
    endNotBeforeStart(f, ctx);
  });
export type SponsorUpdate = z.input<typeof sponsorUpdateSchema>;

/** A sponsor record as the modal reads it (GET /jpanel/sponsor/{id} and …/add/{sponsorshipId}). */
export const sponsorSchema = z.object({
  /** null for the unsaved record of the add form. */
  id: z.number().nullable(),
  sponsorship: z.object({ id: z.number(), reference_number: z.string(), full_name: z.string() }),
  supporter: z
    .object({ id: z.number(), display_name: z.string(), email: z.string().nullable() })
    .nullable(),
  source: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  ended_reason: z.string().nullable(),
  ended_note: z.string().nullable(),
  is_active: z.boolean(),
  started_by: z.string().nullable(),
  ended_by: z.string().nullable(),
});
export type Sponsor = z.infer<typeof sponsorSchema>;

export const sponsorSavedSchema = z.object({ message: z.string(), sponsor: sponsorSchema });
export type SponsorSaved = z.infer<typeof sponsorSavedSchema>;

/**
 * Sponsees listing (spec part 3 §7 `/jpanel/sponsorship.ajax` and `.csv`, the sponsorship list
 * report): 50 a page (spec part 3 §9: lists are 50 a page unless stated), by reference
 * number. Filters as the incumbent's: search on name or reference, gender, sponsored, enabled.
 */
export const SPONSEES_PAGE_SIZE = 50;

export const sponseeColumns = [
  { key: 'reference_number', label: 'Reference', sortable: true },
  { key: 'full_name', label: 'Name', sortable: true, card: 'title' },
  { key: 'gender', label: 'Gender', sortable: true, optional: true },
  { key: 'birth_date', label: 'Born', sortable: true },
  { key: 'enrollment_date', label: 'Enrolled', sortable: true },
  { key: 'country', label: 'Country', sortable: true },
  { key: 'sponsor_count', label: 'Sponsors', sortable: true, align: 'right' },
  { key: 'is_sponsored', label: 'Sponsored', sortable: true, card: 'status' },
  { key: 'is_enabled', label: 'Enabled', sortable: true },
  { key: 'last_timeline_update_on', label: 'Last update', sortable: true, card: 'date' },
] as const;

export const SPONSEES_DEFAULT_SORT = [{ column: 0, dir: 'asc' as const }];

const yesNo = z
  .enum(['1', '0'])
  .optional()
  .or(z.literal('').transform(() => undefined));

export const sponseeFiltersSchema = z.object({
  gender: z
    .enum(['F', 'M'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  is_sponsored: yesNo,
  is_enabled: yesNo,
});
export type SponseeFilters = z.infer<typeof sponseeFiltersSchema>;

const shownField = <T extends z.ZodType>(
  type: T,
  description: string,
  example: string | number | boolean,
) => type.nullable().meta({ description, example });

export const sponseeRowSchema = z.object({
  id: z.number().meta({ description: "The sponsee's id.", example: 9 }),
  _url: z
    .string()
    .meta({ description: "The sponsee's page in the app.", example: '/jpanel/sponsorships/9' }),
  reference_number: shownField(z.string(), 'Reference number.', 'KE-01001'),
  full_name: shownField(z.string(), 'First and last name.', 'Amani Otieno'),
  gender: shownField(z.string(), 'F or M.', 'F'),
  birth_date: shownField(z.string(), 'Birth date (YYYY-MM-DD).', '2015-04-02'),
  enrollment_date: shownField(z.string(), 'Enrolment date (YYYY-MM-DD).', '2022-09-01'),
  country: shownField(z.string(), 'Country.', 'Kenya'),
  sponsor_count: shownField(z.number(), 'Active sponsors.', 1),
  is_sponsored: shownField(z.boolean(), 'Counted as sponsored.', true),
  is_enabled: shownField(z.boolean(), 'Offered for sponsorship.', true),
  last_timeline_update_on: shownField(
    z.string(),
    'Day of the last public timeline update.',
    '2026-10-03',
  ),
});
export type SponseeListingRow = z.infer<typeof sponseeRowSchema>;

/** GET /jpanel/sponsorships/{id}: the sponsee page. */
export const sponseeDetailSchema = z.object({
  sponsee: z.object({
    id: z.number(),
    reference_number: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    full_name: z.string(),
    gender: z.string().nullable(),
    birth_date: z.string().nullable(),
    enrollment_date: z.string().nullable(),
    biography: z.string().nullable(),
    private_notes: z.string().nullable(),
    street_number: z.string().nullable(),
    street_name: z.string().nullable(),
    village: z.string().nullable(),
    region: z.string().nullable(),
    country: z.string().nullable(),
    project: z.string().nullable(),
    school: z.string().nullable(),
    latitude: z.string().nullable(),
    longitude: z.string().nullable(),
    is_enabled: z.boolean(),
    is_sponsored: z.boolean(),
    is_sponsored_auto: z.boolean(),
    /** When staff retired the sponsee (no new sponsors, not offered), and why; null while in the programme. */
    retired_at: z.string().nullable(),
    retired_reason: z.string().nullable(),
    sponsor_count: z.number(),
    gl_code: z.string().nullable(),
    last_timeline_update_on: z.string().nullable(),
    payment_option_group: z.string().nullable(),
    /** The form's value for the group (null when none, or when the group was deleted). */
    payment_option_group_id: z.number().nullable(),
    photo: z
      .object({ id: z.number(), filename: z.string(), url: z.string().nullable() })
      .nullable(),
  }),
  /** For reading: names and values of the segments shown in detail (a date segment's value is an ISO day). */
  segments: z.array(z.object({ name: z.string(), type: z.enum(SEGMENT_TYPES), values: z.array(z.string()) })),
  /** For the edit form: the sponsee's values of every segment not deleted. */
  segment_values: z.array(
    z.object({ segment_id: z.number(), item_ids: z.array(z.number()), value: z.string().nullable() }),
  ),
  sponsors: z.array(sponsorSchema),
});
export type SponseeDetail = z.infer<typeof sponseeDetailSchema>;
