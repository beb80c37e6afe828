import { z } from 'zod';
import { SEGMENT_TYPES } from './catalogue/segments.ts';
import { messages } from './messages.ts';
import { formBoolean, optionalSpecDate, optionalText, requiredText, text } from './rules.ts';

/** Messages of the sponsee form (ours; the spec gives the import's rules, not their words). */
export const sponseeMessages = {
  gender: 'Choose female or male.',
  referenceTaken: 'Another sponsee already has this reference number.',
  saved: 'Sponsee saved.',
  photo: 'Upload the photo again.',
  paymentGroup: 'Choose a payment option group from the list.',
  segment: 'Choose a segment from the list.',
  segmentTwice: 'Each segment can be set once.',
  segmentItem: 'Choose options from this segment.',
  segmentTakesValue: 'This segment takes a value, not options.',
  segmentTakesItems: 'This segment takes options from its list, not a value.',
  added: (reference: string) => `Sponsee ${reference} added.`,
  retired: (reference: string) => `${reference} is retired: they take no new sponsors and are not offered for sponsorship.`,
  alreadyRetired: (reference: string) => `${reference} is already retired.`,
  notRetired: (reference: string) => `${reference} is not retired.`,
  reinstated: (reference: string) => `${reference} is back in the programme. Turn on "Enabled" to offer them for sponsorship again.`,
  retiredNotEnabled: 'A retired sponsee cannot be offered for sponsorship: bring them back first.',
  retiredNoSponsor: (reference: string) => `${reference} is retired and takes no new sponsors.`,
  retireReason: 'Say why the sponsee is retired.',
} as const;

/** Why a sponsee left the programme, kept on the record and in its history. */
export const SPONSEE_RETIRE_REASON_MAX = 250;

/** Spec part 1 §3 sponsorship rows: reference number required, at most 25. */
export const SPONSEE_REFERENCE_MAX = 25;
export const SPONSEE_LONG_TEXT_MAX = 10_000;
/** Sponsee photos: images only, as timeline photos. */
export const SPONSEE_PHOTO_TYPES = ['image/*'] as const;
export const SPONSEE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const SPONSEE_PHOTO_COLLECTION = 'sponsorships';
/** A text segment's value (the column is text; this keeps it to a line's worth). */
export const SPONSEE_SEGMENT_TEXT_MAX = 255;

const dbId = (error: string) =>
  z.coerce.number({ error }).int({ error }).positive({ error }).max(2 ** 31 - 1, { error });

/**
 * A sponsee's value for one segment. Text and date segments hold `value` (the server knows the
 * segment's type, so it checks dates); option lists pick `item_ids` of that segment.
 */
export const sponseeSegmentInputSchema = z.object({
  segment_id: dbId(sponseeMessages.segment),
  item_ids: z.array(dbId(sponseeMessages.segmentItem)).max(1000).optional(),
  value: text()
    .trim()
    .max(SPONSEE_SEGMENT_TEXT_MAX, { error: messages.maxLength(SPONSEE_SEGMENT_TEXT_MAX) })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type SponseeSegmentInput = z.input<typeof sponseeSegmentInputSchema>;

/** GET /jpanel/sponsorships/form_options.json: what the sponsee form offers. */
export const sponseeFormOptionsSchema = z.object({
  segments: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      type: z.enum(SEGMENT_TYPES),
      items: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
  payment_groups: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type SponseeFormOptions = z.infer<typeof sponseeFormOptionsSchema>;

/**
 * POST /jpanel/sponsorships/{id}: the sponsee's own fields, all sent on every save (a blank
 * optional field clears it). Gender is required, as in the import; dates are real dates.
 */
export const sponseeUpdateSchema = z.object({
  reference_number: requiredText(SPONSEE_REFERENCE_MAX),
  first_name: optionalText(45),
  last_name: optionalText(45),
  gender: z.enum(['F', 'M'], { error: sponseeMessages.gender }),
  birth_date: optionalSpecDate(),
  enrollment_date: optionalSpecDate(),
  biography: optionalText(SPONSEE_LONG_TEXT_MAX),
  private_notes: optionalText(SPONSEE_LONG_TEXT_MAX),
  street_number: optionalText(45),
  street_name: optionalText(100),
  village: optionalText(100),
  region: optionalText(100),
  country: optionalText(100),
  project: optionalText(100),
  school: optionalText(100),
  is_enabled: formBoolean(),
  /** The photo: a media id from this area's upload flow, null to remove it, absent to keep it. */
  media_id: z.coerce.number({ error: sponseeMessages.photo }).int({ error: sponseeMessages.photo }).positive({ error: sponseeMessages.photo }).max(2 ** 31 - 1, { error: sponseeMessages.photo }).nullable().optional(),
  /** The payment option group: an id, null for none, absent to keep it. */
  payment_option_group_id: z
    .preprocess((v) => (v === '' ? null : v), dbId(sponseeMessages.paymentGroup).nullable())
    .optional(),
  /** Absent keeps the sponsee's segment values; present is the whole set (a segment left out is cleared). */
  segments: z
    .array(sponseeSegmentInputSchema)
    .max(1000)
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((s, i) => {
        if (seen.has(s.segment_id)) ctx.addIssue({ code: 'custom', path: [i, 'segment_id'], message: sponseeMessages.segmentTwice });
        seen.add(s.segment_id);
      });
    })
    .optional(),
});
export type SponseeUpdate = z.input<typeof sponseeUpdateSchema>;

/** `POST /jpanel/sponsorships/{id}/retire`: the reason is required (the record says why). */
export const sponseeRetireSchema = z.object({
  reason: text()
    .trim()
    .min(1, { error: sponseeMessages.retireReason })
    .max(SPONSEE_RETIRE_REASON_MAX, { error: messages.maxLength(SPONSEE_RETIRE_REASON_MAX) }),
});
export type SponseeRetire = z.input<typeof sponseeRetireSchema>;
