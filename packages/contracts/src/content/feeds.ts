import { z } from 'zod';
import { messages } from '../messages.ts';
import { email, formBoolean, optionalText, requiredText, text } from '../rules.ts';
import { imageUrl } from './pages.ts';

/** Feeds ("post types") and their posts (spec part 1 §2 "Other forms", §3, §7, §8). */

export const FEED_POST_TYPES = ['video', 'audio', 'blog', 'event', 'slide', 'coupon'] as const;
export type FeedPostType = (typeof FEED_POST_TYPES)[number];
export const feedPostTypeLabels: Record<FeedPostType, string> = { video: 'Video', audio: 'Audio', blog: 'Blog', event: 'Event', slide: 'Slide', coupon: 'Coupon' };

/** The fields only some post types have; each type shows its own set (spec part 1 §3). */
export const POST_FIELDS = ['author', 'embed_code', 'media_url', 'length_minutes', 'location', 'ends_at', 'url', 'button_label', 'coupon_code', 'fine_print'] as const;
export type PostField = (typeof POST_FIELDS)[number];
export const postFieldsByType: Record<FeedPostType, readonly PostField[]> = {
  video: ['embed_code', 'length_minutes', 'author'],
  audio: ['media_url', 'length_minutes', 'author'],
  blog: ['author'],
  event: ['location', 'ends_at', 'url'],
  slide: ['url', 'button_label'],
  coupon: ['coupon_code', 'fine_print'],
};
export const postFieldLabels: Record<PostField, string> = {
  author: 'Author', embed_code: 'Video embed code', media_url: 'Audio file URL', length_minutes: 'Length (minutes)', location: 'Location',
  ends_at: 'Ends at', url: 'Link URL', button_label: 'Button label', coupon_code: 'Coupon code', fine_print: 'Fine print',
};
/** Podcast options belong to feeds of audio or video posts. */
export const canBePodcast = (type: FeedPostType) => type === 'audio' || type === 'video';

export const feedMessages = {
  deleteFailed: 'Delete failed.  Please try again.',
  sequenceFailed: 'Sequence failed. Please try again.',
  slug: 'Use lower-case letters, digits and dashes only.',
  slugTaken: 'Another feed already uses this URL slug.',
  sequenceMismatch: 'The order must list every post of one feed exactly once.',
  podcastType: 'Only audio and video feeds can be published as a podcast.',
  endsBeforeStart: 'The end must be after the start.',
  saved: 'Saved',
  /** (ours) */
  embedCode: 'Paste the embed code of a YouTube or Vimeo video: other players and scripts cannot be shown.',
} as const;

const slug = (max: number) => optionalText(max).refine((v) => v === null || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v), { error: feedMessages.slug });
const optionalDateTime = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  // An ISO date-time, with or without an offset (the browser's datetime-local sends none).
  text(messages.date)
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/, { error: messages.date, abort: true })
    .refine((v) => !Number.isNaN(Date.parse(v)) && Date.parse(v) > Date.UTC(1000, 0, 1), { error: messages.date })
    .nullable(),
);

export const PODCAST_CATEGORIES = ['Non-Profit', 'Religion & Spirituality', 'Education', 'Society & Culture', 'News', 'Health & Fitness'] as const;
export const podcastOptionsSchema = z.object({
  author: optionalText(100),
  owner_name: optionalText(100),
  owner_email: z.preprocess((v) => (v === '' ? null : v), email(255).nullish().transform((v) => v ?? null)),
  category: z.enum(PODCAST_CATEGORIES).nullish().transform((v) => v ?? null),
  language: optionalText(10),
  explicit: formBoolean().default(false),
  image_url: imageUrl(),
});
export type PodcastOptions = z.output<typeof podcastOptionsSchema>;
const noPodcast: PodcastOptions = { author: null, owner_name: null, owner_email: null, category: null, language: null, explicit: false, image_url: null };

export const feedInputSchema = z
  .object({
    name: requiredText(100),
    post_type: z.enum(FEED_POST_TYPES).default('blog'),
    url_slug: slug(150),
    description: optionalText(5000),
    show_social_share_links: formBoolean().default(true),
    is_podcast: formBoolean().default(false),
    podcast: podcastOptionsSchema.default(noPodcast),
  })
  .superRefine((f, ctx) => {
    if (f.is_podcast && !canBePodcast(f.post_type)) ctx.addIssue({ code: 'custom', path: ['is_podcast'], message: feedMessages.podcastType });
  })
  .transform((f) => (f.is_podcast ? f : { ...f, podcast: noPodcast }));
export type FeedInput = z.input<typeof feedInputSchema>;
export type FeedInputParsed = z.output<typeof feedInputSchema>;

export const feedSchema = z.object({
  id: z.number(), name: z.string(), post_type: z.enum(FEED_POST_TYPES), url_slug: z.string().nullable(), description: z.string().nullable(),
  show_social_share_links: z.boolean(), is_podcast: z.boolean(),
  podcast: z.object({ author: z.string().nullable(), owner_name: z.string().nullable(), owner_email: z.string().nullable(), category: z.string().nullable(), language: z.string().nullable(), explicit: z.boolean(), image_url: z.string().nullable() }),
});
export type Feed = z.infer<typeof feedSchema>;
export const feedRowSchema = z.object({ id: z.number(), name: z.string(), post_type: z.enum(FEED_POST_TYPES), url_slug: z.string().nullable(), is_podcast: z.boolean(), posts: z.number() });
export type FeedRow = z.infer<typeof feedRowSchema>;

const optionalLimited = (max: number) => optionalText(max);
export const postInputSchema = z
  .object({
    feed_id: z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1),
    name: requiredText(255),
    url_slug: slug(255),
    body: text().max(200_000, { error: messages.maxLength(200_000) }).nullish().transform((v) => v ?? ''),
    tags: optionalText(500),
    posted_at: optionalDateTime,
    expires_at: optionalDateTime,
    is_enabled: formBoolean().default(true),
    featured_image_url: imageUrl(),
    author: optionalLimited(100),
    embed_code: optionalLimited(5000),
    media_url: imageUrl(),
    length_minutes: z.preprocess((v) => (v === '' ? null : v), z.coerce.number({ error: messages.number }).int({ error: messages.number }).min(0, { error: messages.number }).max(100_000, { error: messages.number }).nullish().transform((v) => v ?? null)),
    location: optionalLimited(255),
    ends_at: optionalDateTime,
    url: imageUrl(),
    button_label: optionalLimited(45),
    coupon_code: optionalLimited(45),
    fine_print: optionalLimited(5000),
  })
  .superRefine((p, ctx) => {
    if (p.ends_at && p.posted_at && new Date(p.ends_at) <= new Date(p.posted_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: feedMessages.endsBeforeStart });
  });
export type PostInput = z.input<typeof postInputSchema>;
export type PostInputParsed = z.output<typeof postInputSchema>;

const postFieldValue = z.union([z.string(), z.number()]).nullable().optional();
export const postSchema = z.object({
  id: z.number(), feed_id: z.number(), name: z.string(), url_slug: z.string().nullable(), body: z.string(), tags: z.string().nullable(),
  posted_at: z.string().nullable(), expires_at: z.string().nullable(), is_enabled: z.boolean(), sequence: z.number(), featured_image_url: z.string().nullable(),
  /** The post type's own fields (postFieldsByType); the others are absent. */
  fields: z.object({
    author: postFieldValue, embed_code: postFieldValue, media_url: postFieldValue, length_minutes: postFieldValue, location: postFieldValue,
    ends_at: postFieldValue, url: postFieldValue, button_label: postFieldValue, coupon_code: postFieldValue, fine_print: postFieldValue,
  } satisfies Record<PostField, unknown>),
});
export type Post = z.infer<typeof postSchema>;
export const postRowSchema = z.object({ id: z.number(), name: z.string(), posted_at: z.string().nullable(), is_enabled: z.boolean(), sequence: z.number() });
export type PostRow = z.infer<typeof postRowSchema>;

/** The incumbent's form: a comma-separated list of post ids in their new order. */
export const postSequenceSchema = z.object({
  sequence: text().trim().regex(/^\d{1,10}(,\d{1,10}){0,999}$/, { error: feedMessages.sequenceMismatch })
    .transform((s) => s.split(',').map(Number))
    // Post ids are 32-bit serials: a larger number could only fail inside the database.
    .refine((ids) => ids.every((id) => id > 0 && id <= 2 ** 31 - 1), { error: feedMessages.sequenceMismatch }),
});
