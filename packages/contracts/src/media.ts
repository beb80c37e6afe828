import { z } from 'zod';
import { messages } from './messages.ts';
import { text } from './rules.ts';

/** Media, images and download libraries (spec part 1 §3, §4, §7 "Media and files"; part 2 library modals). */

export const MEDIA_CAPTION_MAX = 191;
/** Images library page size (incumbent directory_listing: 42 a page). */
export const IMAGE_PAGE_SIZE = 42;
/** Image search waits this long after the last key (part 1 §9). */
export const IMAGE_SEARCH_DEBOUNCE_MS = 250;

/** Collection rules: what each library takes and how large. */
export const MEDIA_COLLECTION = 'files';
export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'audio/mpeg', 'video/mp4'] as const;
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const DOWNLOAD_COLLECTION = 'downloads';
export const DOWNLOAD_TYPES = [
  'application/pdf', 'application/zip', 'application/epub+zip', 'audio/mpeg', 'audio/mp4', 'video/mp4', 'image/png', 'image/jpeg',
  'text/plain', 'text/csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
export const DOWNLOAD_MAX_BYTES = 100 * 1024 * 1024;
export const EDITOR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const mediaMessages = {
  inUse: 'This file is in use and cannot be deleted.',
  deleteImage: 'Are you sure you want to delete this image?',
  deleteFile: 'Are you sure you want to permanently delete this file?',
  uploadFailed: 'Error. Try again.',
  httpError: (message: string) => `HTTP Error: ${message}`,
  captionSaved: 'Caption saved.',
} as const;

/** Media item (part 1 §3). */
export const mediaItemSchema = z.object({
  id: z.number(),
  public_url: z.string(),
  thumbnail_url: z.string(),
  filename: z.string(),
  size: z.number(),
  caption: z.string().nullable(),
  content_type: z.string(),
  is_image: z.boolean(),
  in_use: z.boolean(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** Download file (part 1 §3). */
export const downloadFileSchema = z.object({
  id: z.number(),
  filename: z.string(),
  download_url: z.string(),
  size: z.number(),
  content_type: z.string(),
  in_use: z.boolean(),
});
export type DownloadFile = z.infer<typeof downloadFileSchema>;

const linkSchema = z.object({ title: z.string(), url: z.string().nullable(), is_link: z.boolean() });
/** GET /jpanel/images/directory_listing answer. */
export const imageListingSchema = z.object({
  data: z.array(mediaItemSchema),
  current_page: z.number(),
  pages: z.number(),
  items: z.number(),
  previous: linkSchema,
  next: linkSchema,
  parts: z.array(linkSchema),
});
export type ImageListing = z.infer<typeof imageListingSchema>;

const searchText = z.string().max(255, { error: messages.maxLength(255) }).refine((v) => !v.includes('\u0000'), { error: messages.maxLength(255) });
export const imageListingQuerySchema = z.object({
  query: searchText.optional().default(''),
  page: z.coerce.number({ error: messages.number }).int({ error: messages.number }).min(1).max(100000).optional().default(1),
});
export const downloadListQuerySchema = z.object({ query: searchText.optional().default('') });

/** Spec part 1: a record's media, narrowed to one collection ("files", "products", …) when named. */
export const mediaListRequestSchema = z.object({
  parent_type: text().max(50).optional(),
  parent_id: z.coerce.number().int().min(1).max(2147483647).optional(),
  collection_name: text().max(50).optional(),
});

export const captionRequestSchema = z.object({
  caption: z
    .string()
    .trim()
    .max(MEDIA_CAPTION_MAX, { error: messages.maxLength(MEDIA_CAPTION_MAX) })
    .refine((v) => !v.includes('\u0000'), { error: messages.maxLength(MEDIA_CAPTION_MAX) }),
});
export const imageDestroyRequestSchema = z.object({ id: z.coerce.number({ error: messages.number }).int().min(1).max(2147483647) });

/** "1.5 MB": file sizes in the libraries, base 1000 (part 2). */
export function formatFileSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} ${value === 1 ? 'byte' : 'bytes'}` : `${value.toFixed(value < 10 ? 1 : 0).replace(/\.0$/, '')} ${units[unit]}`;
}

/** POST /jpanel/api/v1/tinymce/imageupload: multipart `file`, an image of up to this size. */
export const EDITOR_IMAGE_MAX_BYTES = MEDIA_MAX_BYTES;
export const editorUploadMessages = {
  /** (ours) no `file` part in the request. */
  noFile: 'Choose an image to upload.',
  /** (ours) the request body is not a readable form. */
  unreadable: 'The upload could not be read. Try again.',
} as const;
export const editorImageUploadSchema = z.object({
  file: z.string().optional().describe('the image (multipart part `file`)'),
});
/** The editor inserts `location`, a lasting address of the image (not a link that expires). */
export const editorImageUploadResponseSchema = z.object({
  id: z.number(),
  filename: z.string(),
  public_url: z.string(),
  thumbnail_url: z.string(),
  location: z.string(),
});
export type EditorImageUploadResponse = z.infer<typeof editorImageUploadResponseSchema>;
/** The lasting address of a library file: it redirects to a fresh signed link. */
export const mediaFileUrl = (id: number, filename: string) => `/media/${id}/${filename}`;

/** The embed lookup (spec part 1 §7 "GET embed lookup service: url → html"), oEmbed-shaped. */
export const embedMessages = {
  /** (ours) */
  url: 'Enter a web address starting with https://.',
  /** (ours) */
  notEmbeddable: 'This address cannot be embedded. Try a YouTube or Vimeo video address.',
} as const;
export const embedQuerySchema = z.object({
  url: z
    .string({ error: embedMessages.url })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(2000, { error: messages.maxLength(2000), abort: true })
    .regex(/^https?:\/\/\S+$/i, { error: embedMessages.url })
    .refine((v) => !v.includes('\u0000'), { error: embedMessages.url }),
});
export const embedSchema = z.object({
  type: z.enum(['video', 'rich', 'photo', 'link']),
  version: z.literal('1.0'),
  provider_name: z.string(),
  provider_url: z.string(),
  url: z.string(),
  html: z.string(),
  width: z.number(),
  height: z.number(),
  thumbnail_url: z.string().nullable(),
});
export type Embed = z.infer<typeof embedSchema>;
