import { z } from 'zod';
import { messages } from './messages.ts';

/** Messages of the sign → PUT → done upload flow (ours; the spec shows none but 'Error. Try again.'). */
export const storageMessages = {
  filename: 'Choose a file with a name.',
  contentType: 'This type of file cannot be uploaded here.',
  collection: 'This collection does not take uploads.',
  uploadMissing: 'The upload did not arrive. Try again.',
  notThatType: 'The file is not of the type it claims to be.',
  alreadyDone: 'This upload is already finished.',
  uploadMismatch: 'The uploaded file is not the one that was signed. Try again.',
  tooLarge: (limit: string) => `The file is larger than the ${limit} limit.`,
  linkInvalid: 'This file link is not valid.',
  linkExpired: 'This file link has expired.',
} as const;

/** Spec part 1 §3: media and download files keep names up to 255 characters. */
export const UPLOAD_FILENAME_MAX = 255;
export const UPLOAD_COLLECTION_MAX = 50;

const noNul = (value: string) => !value.includes('\u0000');
/** type/subtype with an optional charset, as browsers send in File.type. */
const contentTypePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

const text = (max: number, error: string) =>
  z
    .string({ error })
    .trim()
    .min(1, { error })
    .max(max, { error: messages.maxLength(max) })
    .refine(noNul, { error });

/** POST {area}/cdn/sign (spec part 1 §7 "Media and files"). */
export const uploadSignRequestSchema = z.object({
  filename: text(UPLOAD_FILENAME_MAX, storageMessages.filename),
  collection_name: text(UPLOAD_COLLECTION_MAX, storageMessages.collection),
  content_type: z
    .string({ error: storageMessages.contentType })
    .trim()
    .max(100, { error: storageMessages.contentType })
    .regex(contentTypePattern, { error: storageMessages.contentType })
    .transform((v) => v.toLowerCase()),
});
export type UploadSignRequest = z.input<typeof uploadSignRequestSchema>;

export const uploadSignResponseSchema = z.object({ filename: z.string(), signed_upload_url: z.string() });
export type UploadSignResponse = z.infer<typeof uploadSignResponseSchema>;

/** POST {area}/cdn/done: the signed filename back, with the size the browser sent. */
export const uploadDoneRequestSchema = uploadSignRequestSchema.extend({
  size: z.coerce.number({ error: messages.number }).int({ error: messages.number }).min(0).max(Number.MAX_SAFE_INTEGER),
});
export type UploadDoneRequest = z.input<typeof uploadDoneRequestSchema>;

/** "5 MB": how an upload limit is shown in messages. */
export function formatByteLimit(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1 && value % 1024 === 0) {
    value /= 1024;
    unit += 1;
  }
  return `${value} ${units[unit]}`;
}
