import { z } from 'zod';
import { mediaItemSchema } from './media.ts';
import { messages } from './messages.ts';
import { UPLOAD_FILENAME_MAX } from './storage.ts';

/**
 * Sponsee photo import (spec part 3 §2.8, §4 "Sponsee import", §7 "Sponsee photo import").
 * The spec gives the rules (gif, jpg, jpeg, png; one upload at a time), not their words: ours.
 */
export const sponseePhotoMessages = {
  fileType: 'Only gif, jpg, jpeg and png files can be imported.',
  noSponsee: 'No matching sponsee',
  sponseeGone: 'This sponsee no longer exists.',
  sizeMismatch: 'The uploaded file is not the size that was sent. Try again.',
  filename: 'Choose a file with a name.',
  files: 'Choose the files to import.',
} as const;

export const SPONSEE_PHOTO_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png'] as const;
export const SPONSEE_PHOTO_IMPORT_TYPES = ['image/gif', 'image/jpeg', 'image/png'] as const;
/** Enough for a folder of photos in one drop; more are checked in further calls. */
export const SPONSEE_PHOTO_CHECK_MAX = 1000;

/** "ab-12.PNG" → "png"; "" when there is none. */
export const fileExtension = (name: string) => (/\.([^.\\/]+)$/.exec(name)?.[1] ?? '').toLowerCase();
/** The reference number a file names: its name without the extension ("AB-12.png" → "AB-12"). */
export const referenceOfFile = (name: string) => name.replace(/\.[^.\\/]*$/, '').trim();
export const isSponseePhotoName = (name: string) =>
  (SPONSEE_PHOTO_EXTENSIONS as readonly string[]).includes(fileExtension(name));

const fileName = z
  .string({ error: sponseePhotoMessages.filename })
  .trim()
  .min(1, { error: sponseePhotoMessages.filename })
  .max(UPLOAD_FILENAME_MAX, { error: messages.maxLength(UPLOAD_FILENAME_MAX) })
  .refine((v) => !v.includes('\u0000'), { error: messages.invalidCharacter });

const photoType = z
  .string({ error: sponseePhotoMessages.fileType })
  .trim()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(SPONSEE_PHOTO_IMPORT_TYPES, { error: sponseePhotoMessages.fileType }));

/** POST /jpanel/import/sponsee-photos/check */
export const sponseePhotoCheckRequestSchema = z.object({
  files: z
    .array(fileName, { error: sponseePhotoMessages.files })
    .min(1, { error: sponseePhotoMessages.files })
    .max(SPONSEE_PHOTO_CHECK_MAX, { error: messages.maxLength(SPONSEE_PHOTO_CHECK_MAX) }),
});
export type SponseePhotoCheckRequest = z.input<typeof sponseePhotoCheckRequestSchema>;

export const sponseePhotoMatchSchema = z.object({
  id: z.number().int(),
  has_photo: z.boolean(),
  reference_number: z.string(),
  full_name: z.string(),
});
export const sponseePhotoCheckRowSchema = z.object({ name: z.string(), sponsee: sponseePhotoMatchSchema.nullable() });
export const sponseePhotoCheckResponseSchema = z.array(sponseePhotoCheckRowSchema);
export type SponseePhotoCheckRow = z.infer<typeof sponseePhotoCheckRowSchema>;

/** POST /jpanel/import/sponsee-photos/sign: only the four image types, by name and by type. */
export const sponseePhotoSignRequestSchema = z.object({
  filename: fileName.refine(isSponseePhotoName, { error: sponseePhotoMessages.fileType }),
  content_type: photoType,
});
export type SponseePhotoSignRequest = z.input<typeof sponseePhotoSignRequestSchema>;

/** POST /jpanel/import/sponsee-photos/attach */
export const sponseePhotoAttachRequestSchema = sponseePhotoSignRequestSchema.extend({
  sponsee: z.coerce
    .number({ error: sponseePhotoMessages.sponseeGone })
    .int({ error: sponseePhotoMessages.sponseeGone })
    .positive({ error: sponseePhotoMessages.sponseeGone })
    .max(2 ** 31 - 1, { error: sponseePhotoMessages.sponseeGone }),
  size: z.coerce.number({ error: messages.number }).int({ error: messages.number }).min(0).max(Number.MAX_SAFE_INTEGER),
});
export type SponseePhotoAttachRequest = z.input<typeof sponseePhotoAttachRequestSchema>;

/** The media item, as the spec's other uploads answer it (id, filename, public_url, thumbnail_url, …), and the sponsee. */
export const sponseePhotoAttachResponseSchema = mediaItemSchema.extend({
  sponsee: z.number().int(),
  media_id: z.number().int(),
});
export type SponseePhotoAttachResponse = z.infer<typeof sponseePhotoAttachResponseSchema>;
