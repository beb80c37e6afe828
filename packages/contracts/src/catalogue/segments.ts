import { z } from 'zod';
import { messages } from '../messages.ts';
import { formBoolean, text } from '../rules.ts';

/** Sponsorship segments (spec part 1 §2 "Segment form", §3): free text, or an option list with items. */

export const SEGMENT_TYPES = ['text', 'date', 'multi-select', 'advanced-multi-select'] as const;
export type SegmentType = (typeof SEGMENT_TYPES)[number];
export const segmentTypeLabels: Record<SegmentType, string> = {
  text: 'Text',
  date: 'Date',
  'multi-select': 'Option list',
  'advanced-multi-select': 'Option list with details',
};
/** Types whose values are picked from the segment's items. */
export const hasSegmentItems = (type: SegmentType) => type === 'multi-select' || type === 'advanced-multi-select';

export const segmentMessages = {
  itemsRequired: 'Add at least one option.',
  deleted: (name: string) => `${name} deleted successfully.`,
} as const;

const limited = (max: number) => text().trim().max(max, { error: messages.maxLength(max) });

export const segmentItemInputSchema = z.object({
  id: z.number().int().positive().max(2 ** 31 - 1).optional(),
  name: limited(255).min(1, { error: messages.required }),
  summary: limited(2500).nullish().transform((v) => v || null),
  link: limited(2048).nullish().transform((v) => v || null),
});

export const segmentInputSchema = z
  .object({
    name: limited(100).min(1, { error: messages.required }),
    name_plural: limited(100).nullish().transform((v) => v || null),
    description: limited(5000).nullish().transform((v) => v || null),
    type: z.enum(SEGMENT_TYPES).default('text'),
    show_as_filter: formBoolean().default(true),
    show_in_detail: formBoolean().default(true),
    items: z.array(segmentItemInputSchema).max(1000).default([]),
  })
  .superRefine((s, ctx) => {
    if (hasSegmentItems(s.type) && s.items.length === 0) ctx.addIssue({ code: 'custom', path: ['items'], message: segmentMessages.itemsRequired });
  })
  // A text or date segment has no option list.
  .transform((s) => (hasSegmentItems(s.type) ? s : { ...s, items: [] }));
export type SegmentInput = z.input<typeof segmentInputSchema>;
export type SegmentInputParsed = z.output<typeof segmentInputSchema>;

export const segmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  name_plural: z.string().nullable(),
  description: z.string().nullable(),
  type: z.enum(SEGMENT_TYPES),
  show_as_filter: z.boolean(),
  show_in_detail: z.boolean(),
  items: z.array(z.object({ id: z.number(), name: z.string(), summary: z.string().nullable(), link: z.string().nullable(), sequence: z.number() })),
});
export type Segment = z.infer<typeof segmentSchema>;
