import { z } from 'zod';
import { messages } from '../messages.ts';
import { text } from '../rules.ts';

/**
 * The site URL picker (spec part 2 §7 GET /jpanel/urls.json, §8 'This URL is an external link.';
 * part 3 "Site url option": url, name, type). A URL is either a page of this site (a path that
 * starts with one slash) or a full http(s) web address, which the picker flags as external.
 */

export const SITE_URL_TYPES = ['page', 'product', 'category', 'post'] as const;
export type SiteUrlType = (typeof SITE_URL_TYPES)[number];
export const SITE_URL_MAX = 2048;

export const siteUrlOptionSchema = z.object({ url: z.string(), name: z.string(), type: z.enum(SITE_URL_TYPES) });
export type SiteUrlOption = z.infer<typeof siteUrlOptionSchema>;

export const siteUrlsQuerySchema = z.object({ query: text().max(200).optional() });

export const siteUrlMessages = {
  // ours, in the spec's voice
  invalid: 'Enter a page of this site (starting with /) or a full web address (https://…).',
} as const;

/** Public addresses of catalogue records on the site (our convention; the incumbent's is not shown). */
export const siteUrlOf = {
  product: (slug: string) => `/product/${encodeURIComponent(slug)}`,
  category: (urlName: string) => `/category/${encodeURIComponent(urlName)}`,
  post: (feedSlug: string, postSlug: string) => `/${encodeURIComponent(feedSlug)}/${encodeURIComponent(postSlug)}`,
};

const WEB_ADDRESS = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
/** scheme, host names (letters, digits, hyphens), an optional port, then anything but spaces. */
const VALID_WEB_ADDRESS = new RegExp(`^https?://${LABEL}(?:\\.${LABEL})*(?::\\d{1,5})?(?:[/?#]\\S*)?$`, 'i');
const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;

/** A full web address (http or https) rather than a page of this site. */
export const isExternalUrl = (url: string) => WEB_ADDRESS.test(url.trim());

/** A usable link: a site path or a web address whose host parses. */
export function isValidSiteUrl(url: string): boolean {
  const v = url.trim();
  return SITE_PATH.test(v) || VALID_WEB_ADDRESS.test(v);
}

/** An optional link chosen with the URL picker: blank becomes null. */
export const siteUrlSchema = text()
  .trim()
  .max(SITE_URL_MAX, { error: messages.maxLength(SITE_URL_MAX) })
  .refine((v) => v === '' || isValidSiteUrl(v), { error: siteUrlMessages.invalid })
  .nullish()
  .transform((v) => v || null);

/** An image in the catalogue (spec part 2 §3 "Image": id, filename, thumbnail_url, public_url). */
export const catalogueImageSchema = z.object({
  id: z.number(),
  filename: z.string(),
  thumbnail_url: z.string().nullable(),
  public_url: z.string().nullable(),
});
export type CatalogueImage = z.infer<typeof catalogueImageSchema>;

/** Uploaded catalogue images: the media collection, accepted types and size. */
export const CATALOGUE_IMAGE_COLLECTION = 'products';
export const CATALOGUE_IMAGE_TYPES = ['image/*'] as const;
export const CATALOGUE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** A variant shows at most this many images. */
export const VARIANT_IMAGES_MAX = 20;
export const catalogueImageMessages = {
  unknown: 'This image does not exist.',
} as const;

/** The name an upload was given, without the stored file's unique prefix ("3f…9a-cover.png" → "cover.png"). */
export const displayFilename = (filename: string) => filename.replace(/^[0-9a-f]{16}-/, '');
