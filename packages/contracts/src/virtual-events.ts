import { z } from 'zod';
import { messages } from './messages.ts';
import { formBoolean, optionalText, parseSpecDateTime, requiredText, text } from './rules.ts';

/** Virtual events (spec part 3 §2.10, §3, §7 "Virtual events", §8). */

export const virtualEventMessages = {
  fixForm: 'Please fix the issues on the form',
  deleteConfirm: 'Are you sure you want to delete this virtual event?',
  deleteFailed: 'There was an error deleting the event',
  slugFailed: 'There was an error updating the Public URL',
  slugUpdated: 'Public URL Updated',
  streamUrlCopied: 'Stream URL successfully copied',
  streamKeyCopied: 'Stream Key successfully copied',
  threshold: 'Enter whole numbers only (digits 0-9).',
  slugTaken: 'Another virtual event already uses this Public URL.',
  slugEmpty: 'The Public URL needs at least one letter or digit.',
  saved: 'Saved',
} as const;

export const THEME_STYLES = ['dark', 'light'] as const;
export const THEME_COLORS = ['blue', 'green', 'indigo', 'purple', 'pink'] as const;
export const VIDEO_SOURCES = ['youtube', 'vimeo', 'mux'] as const;
export const CELEBRATION_THRESHOLD_DEFAULT = 1000;
/** Whole currency units; nine digits keeps the minor-unit amount well inside the column. */
export const CELEBRATION_THRESHOLD_DIGITS = 9;
export const VIRTUAL_EVENT_NAME_MAX = 255;
export const VIRTUAL_EVENT_SLUG_MAX = 255;
export const VIRTUAL_EVENT_URL_MAX = 2048;
export const VIRTUAL_EVENT_LINE_MAX = 255;
export const VIRTUAL_EVENT_TAB_LABEL_MAX = 45;

/** Spec §5: lower-cased, spaces become hyphens, anything but letters, digits, '-' and '_' removed. */
export function normaliseSlug(value: string): string {
  return value.toLowerCase().replace(/ /g, '-').replace(/[^a-z0-9_-]/g, '');
}

/** Spec §5: the celebration threshold field keeps digits only. */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

const id = z.number().int().positive().max(2 ** 31 - 1);
const optionalId = z
  .union([id, z.literal(''), z.null(), z.string().regex(/^\d{1,10}$/)], { error: messages.notFound })
  .optional()
  .transform((v, ctx) => {
    if (v === '' || v === null || v === undefined) return null;
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 1 || n > 2 ** 31 - 1) {
      ctx.addIssue({ code: 'custom', message: messages.notFound });
      return z.NEVER;
    }
    return n;
  });

const flag = formBoolean().default(true);
const slugText = text()
  .max(VIRTUAL_EVENT_SLUG_MAX, { error: messages.maxLength(VIRTUAL_EVENT_SLUG_MAX) })
  .transform(normaliseSlug);

/**
 * When the event starts, as "YYYY-MM-DDTHH:mm" (UTC, as stored): a datetime-local value, an ISO
 * 8601 date-time ("2030-06-01T18:00:00.000Z"), or a day in any form the API takes for dates.
 */
const startDate = z
  .union([text(), z.null()], { error: messages.date })
  .optional()
  .transform((v, ctx) => {
    const value = (v ?? '').trim();
    if (value === '') return null;
    const when = parseSpecDateTime(value);
    if (!when || Number(when.slice(0, 4)) < 1900) {
      ctx.addIssue({ code: 'custom', message: messages.date });
      return z.NEVER;
    }
    return when;
  });

const threshold = z
  .union([z.number(), text(), z.null()], { error: virtualEventMessages.threshold })
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return CELEBRATION_THRESHOLD_DEFAULT;
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (!new RegExp(`^\\d{1,${CELEBRATION_THRESHOLD_DIGITS}}$`).test(s)) {
      ctx.addIssue({ code: 'custom', message: virtualEventMessages.threshold });
      return z.NEVER;
    }
    return Number(s);
  });

const enumOr = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? fallback : v), z.enum(values, { error: messages.required }));

export const virtualEventInputSchema = z.object({
  /** Empty for a new event (spec §4). */
  id: optionalId,
  name: requiredText(VIRTUAL_EVENT_NAME_MAX),
  slug: slugText.optional().nullable(),
  logo: optionalText(VIRTUAL_EVENT_URL_MAX),
  background_image: optionalText(VIRTUAL_EVENT_URL_MAX),
  theme_style: enumOr(THEME_STYLES, 'dark'),
  theme_primary_color: enumOr(THEME_COLORS, 'blue'),
  start_date: startDate,
  video_source: z.preprocess((v) => (v === '' ? null : v), z.enum(VIDEO_SOURCES, { error: messages.required }).nullish()).transform((v) => v ?? null),
  video_id: optionalText(255),
  chat_id: optionalText(255),
  is_chat_enabled: flag,
  is_amount_tally_enabled: flag,
  is_honor_roll_enabled: flag,
  is_emoji_reaction_enabled: flag,
  is_celebration_enabled: flag,
  celebration_threshold: threshold,
  prestream_message_line_1: optionalText(VIRTUAL_EVENT_LINE_MAX),
  prestream_message_line_2: optionalText(VIRTUAL_EVENT_LINE_MAX),
  tab_one_label: optionalText(VIRTUAL_EVENT_TAB_LABEL_MAX),
  tab_one_product_id: optionalId,
  tab_two_label: optionalText(VIRTUAL_EVENT_TAB_LABEL_MAX),
  tab_two_product_id: optionalId,
  tab_three_label: optionalText(VIRTUAL_EVENT_TAB_LABEL_MAX),
  tab_three_product_id: optionalId,
});
export type VirtualEventInput = z.input<typeof virtualEventInputSchema>;
export type VirtualEventInputParsed = z.output<typeof virtualEventInputSchema>;

export const virtualEventSlugSchema = z.object({ slug: slugText });

export const virtualEventSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  background_image: z.string().nullable(),
  theme_style: z.enum(THEME_STYLES),
  theme_primary_color: z.string(),
  /** YYYY-MM-DDTHH:mm (UTC), as the form's field holds it. */
  start_date: z.string().nullable(),
  video_source: z.string().nullable(),
  video_id: z.string().nullable(),
  chat_id: z.string().nullable(),
  is_chat_enabled: z.boolean(),
  is_amount_tally_enabled: z.boolean(),
  is_honor_roll_enabled: z.boolean(),
  is_emoji_reaction_enabled: z.boolean(),
  is_celebration_enabled: z.boolean(),
  /** Whole units of currency_code. */
  celebration_threshold: z.number(),
  currency_code: z.string(),
  prestream_message_line_1: z.string().nullable(),
  prestream_message_line_2: z.string().nullable(),
  tab_one_label: z.string().nullable(),
  tab_one_product_id: z.number().nullable(),
  tab_two_label: z.string().nullable(),
  tab_two_product_id: z.number().nullable(),
  tab_three_label: z.string().nullable(),
  tab_three_product_id: z.number().nullable(),
  /** Read-only: a live stream exists at the video provider (none is created by this app). */
  hasStream: z.boolean(),
  streamUrl: z.string().nullable(),
  streamKey: z.string().nullable(),
  /** The public address the slug is appended to. */
  baseUrl: z.string(),
  updated_at: z.string(),
});
export type VirtualEvent = z.infer<typeof virtualEventSchema>;

export const virtualEventRowSchema = virtualEventSchema.pick({ id: true, name: true, slug: true, start_date: true, video_source: true, updated_at: true });
export type VirtualEventRow = z.infer<typeof virtualEventRowSchema>;
export const virtualEventListSchema = z.object({ data: z.array(virtualEventRowSchema) });

/** "Create {name}" / "Edit {name}", or the generic title when unnamed (spec §2.10). */
export function virtualEventTitle(isNew: boolean, name: string): string {
  const verb = isNew ? 'Create' : 'Edit';
  return name.trim() ? `${verb} ${name.trim()}` : `${verb} Virtual Event`;
}
