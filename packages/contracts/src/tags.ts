import { z } from 'zod';
import { messages } from './messages.ts';
import { requiredText } from './rules.ts';

export const TAG_NAME_MAX = 45;

/** Tags on supporters (issue 36 item 7). The spec is silent: messages are ours. */
export const tagMessages = {
  created: 'Tag has been added.',
  updated: 'Tag has been updated.',
  merged: (from: string, into: string) => `Tag "${from}" has been merged into "${into}".`,
  supporterTagsSaved: 'Tags have been updated.',
  nameTaken: 'A tag with this name already exists.',
  mergeIntoItself: 'Choose another tag to merge into.',
  unknownTag: 'This tag does not exist.',
  tooManyTags: (n: number) => `A supporter can have at most ${n} tags.`,
  nameTooLong: (name: string) => `The tag "${name}" is longer than ${TAG_NAME_MAX} characters.`,
} as const;
export const TAGS_PER_SUPPORTER_MAX = 50;

/** Mantine's named colours: each has a readable light badge, so any choice stays legible. */
export const TAG_COLOURS = ['gray', 'red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange'] as const;
export type TagColour = (typeof TAG_COLOURS)[number];

const id = z.coerce.number({ error: messages.number }).int({ error: messages.number }).positive({ error: messages.number }).max(2 ** 31 - 1, { error: messages.number });

export const tagInputSchema = z.object({
  name: requiredText(TAG_NAME_MAX),
  colour: z.enum(TAG_COLOURS, { error: 'Choose a colour from the list.' }).optional().default('gray'),
});
export type TagInput = z.input<typeof tagInputSchema>;

export const tagMergeSchema = z.object({ into_tag_id: id });

export const supporterTagsInputSchema = z.object({
  tag_ids: z.array(id).max(TAGS_PER_SUPPORTER_MAX, { error: tagMessages.tooManyTags(TAGS_PER_SUPPORTER_MAX) }),
});
export type SupporterTagsInput = z.input<typeof supporterTagsInputSchema>;

export const tagSchema = z.object({
  id: z.number(),
  name: z.string(),
  colour: z.enum(TAG_COLOURS),
  /** Supporters holding it. */
  supporters: z.number(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagListSchema = z.object({ data: z.array(tagSchema) });
export const tagAnswerSchema = z.object({ message: z.string(), tag: tagSchema });
export const supporterTagsSchema = z.object({ data: z.array(tagSchema) });
export const supporterTagsAnswerSchema = z.object({ message: z.string(), data: z.array(tagSchema) });

/** Import cells hold tag names separated by commas or semicolons. */
export function splitTagNames(cell: string): string[] {
  const seen = new Set<string>();
  return cell
    .split(/[,;]/)
    .map((n) => n.trim().replace(/\s+/g, ' '))
    .filter((n) => n && !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
}
