import { z } from 'zod';
import { TIMELINE_PARENT_TYPES, TIMELINE_TAGS } from './code-lists.ts';
import { messages } from './messages.ts';
import { formBoolean, parseSpecDate, text } from './rules.ts';

/**
 * Timeline updates (spec part 2 §3 "Timeline update", §5, §9; part 3 §2.4, §3, §7). The four
 * form messages are word for word; the rest are ours.
 */
export const timelineMessages = {
  headline: 'Please provide a short subject or headline.',
  date: 'Please provide a valid date.',
  tag: 'Please select a tag to help organize this update.',
  message: 'Please provide a message.',
  notFound: 'This update does not exist.',
  parentNotFound: 'This record has no timeline.',
  mediaNotFound: 'An attached file could not be found. Upload it again.',
  added: 'Update posted.',
  saved: 'Update saved.',
  deleted: 'Update deleted.',
  notified: (n: number) =>
    n === 1
      ? 'Update posted. 1 sponsor was e-mailed.'
      : `Update posted. ${n} sponsors were e-mailed.`,
} as const;

export type TimelineTag = (typeof TIMELINE_TAGS)[number];
/** Spec part 2 §9. */
export const TIMELINE_DEFAULT_TAG: TimelineTag = 'general';
export const TIMELINE_HEADLINE_MAX = 500;
export const TIMELINE_MESSAGE_MAX = 5000;
export const TIMELINE_CAPTION_MAX = 191;
export const TIMELINE_ATTACHMENTS_MAX = 10;
/** Photos attached to an update: images only, up to 10 MB each. */
export const TIMELINE_UPLOAD_TYPES = ['image/*'] as const;
export const TIMELINE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Each tag's icon (the incumbent's icon_class, as Font Awesome names; the web maps them). */
export const timelineTagIcons: Record<TimelineTag, string> = {
  admin: 'fa-cog',
  celebration: 'fa-birthday-cake',
  education: 'fa-graduation-cap',
  family: 'fa-users',
  financial: 'fa-dollar',
  general: 'fa-comment',
  gift: 'fa-gift',
  letter: 'fa-envelope',
  medical: 'fa-medkit',
  milestone: 'fa-flag',
  travel: 'fa-plane',
  update: 'fa-refresh',
  weather: 'fa-cloud',
};

export const timelineTagLabel = (tag: string) => tag.charAt(0).toUpperCase() + tag.slice(1);

const requiredLine = (max: number, error: string) =>
  text(error)
    .trim()
    .min(1, { error })
    .max(max, { error: messages.maxLength(max) });

/** The Add an Update form, as posted (POST /jpanel/timeline and /jpanel/timeline/{id}). */
export const timelinePostInputSchema = z.object({
  headline: requiredLine(TIMELINE_HEADLINE_MAX, timelineMessages.headline),
  posted_on: text(timelineMessages.date).transform((v, ctx) => {
    const day = parseSpecDate(v.trim());
    if (!day) {
      ctx.addIssue({ code: 'custom', message: timelineMessages.date });
      return z.NEVER;
    }
    return day;
  }),
  tag: z.enum(TIMELINE_TAGS, { error: timelineMessages.tag }),
  message: requiredLine(TIMELINE_MESSAGE_MAX, timelineMessages.message),
  is_private: formBoolean().optional().default(false),
  /** Honoured only for public posts, and only while the timeline-updated e-mail is enabled. */
  notify_sponsors: formBoolean().optional().default(false),
  media: z
    .array(
      z.object({
        id: z.coerce
          .number()
          .int()
          .positive()
          .max(2 ** 31 - 1),
        caption: text()
          .trim()
          .max(TIMELINE_CAPTION_MAX, { error: messages.maxLength(TIMELINE_CAPTION_MAX) })
          .optional()
          .default(''),
      }),
    )
    .max(TIMELINE_ATTACHMENTS_MAX)
    .optional()
    .default([]),
});
export type TimelinePostInput = z.input<typeof timelinePostInputSchema>;

export const timelineCreateSchema = timelinePostInputSchema.extend({
  parent_type: z.enum(TIMELINE_PARENT_TYPES, { error: timelineMessages.parentNotFound }),
  parent_id: z.coerce
    .number({ error: timelineMessages.parentNotFound })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export type TimelineCreate = z.input<typeof timelineCreateSchema>;

export const timelineParentParams = z.object({
  type: z.enum(TIMELINE_PARENT_TYPES, { error: timelineMessages.parentNotFound }),
  id: z.coerce
    .number({ error: timelineMessages.parentNotFound })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const timelineMediaSchema = z.object({
  id: z.number(),
  filename: z.string(),
  public_url: z.string(),
  thumbnail_url: z.string(),
  caption: z.string().nullable(),
});
export type TimelineMedia = z.infer<typeof timelineMediaSchema>;

/** Spec part 3 §3 "Timeline post". */
export const timelinePostSchema = z.object({
  id: z.number(),
  headline: z.string(),
  message: z.string(),
  tag: z.string(),
  posted_on: z.string(),
  is_private: z.boolean(),
  icon_class: z.string(),
  posted_by_string: z.string(),
  sponsors_notified_at: z.string().nullable(),
  media: z.array(timelineMediaSchema),
});
export type TimelinePost = z.infer<typeof timelinePostSchema>;

export const timelineListSchema = z.object({
  data: z.array(timelinePostSchema),
  /** The timeline-updated e-mail is enabled: the form offers "notify sponsors" (public posts only). */
  can_notify_sponsors: z.boolean(),
});
export type TimelineList = z.infer<typeof timelineListSchema>;

export const timelineSavedSchema = z.object({
  message: z.string(),
  post: timelinePostSchema,
  notified: z.number(),
});
export type TimelineSaved = z.infer<typeof timelineSavedSchema>;
