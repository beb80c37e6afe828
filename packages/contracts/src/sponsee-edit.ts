import { z } from 'zod';
import { formBoolean, optionalSpecDate, optionalText, requiredText } from './rules.ts';

/** Messages of the sponsee form (ours; the spec gives the import's rules, not their words). */
export const sponseeMessages = {
  gender: 'Choose female or male.',
  referenceTaken: 'Another sponsee already has this reference number.',
  saved: 'Sponsee saved.',
  photo: 'Upload the photo again.',
} as const;

/** Spec part 1 §3 sponsorship rows: reference number required, at most 25. */
export const SPONSEE_REFERENCE_MAX = 25;
export const SPONSEE_LONG_TEXT_MAX = 10_000;
/** Sponsee photos: images only, as timeline photos. */
export const SPONSEE_PHOTO_TYPES = ['image/*'] as const;
export const SPONSEE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const SPONSEE_PHOTO_COLLECTION = 'sponsorships';

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
});
export type SponseeUpdate = z.input<typeof sponseeUpdateSchema>;
