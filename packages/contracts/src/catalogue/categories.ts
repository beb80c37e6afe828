import { z } from 'zod';
import { messages } from '../messages.ts';
import { text } from '../rules.ts';
import { catalogueImageSchema } from './site-urls.ts';

/** Product categories (incumbent §1.5 `productcategory`: name, parent, sequence, URL name). */

export const categoryMessages = {
  parentLoop: 'A category cannot be placed inside itself or one of its subcategories.',
  urlName: 'Use lower-case letters, numbers and hyphens only.',
  urlNameInUse: 'This URL name is already in use.',
  deleted: (name: string) => `${name} deleted successfully.`,
} as const;

const limited = (max: number) => text().trim().max(max, { error: messages.maxLength(max) });
const id = z.number().int().positive().max(2 ** 31 - 1);

export const categoryInputSchema = z.object({
  name: limited(100).min(1, { error: messages.required }),
  parent_id: id.nullish().transform((v) => v ?? null),
  sequence: z.coerce.number({ error: messages.number }).int({ error: messages.number }).min(0, { error: messages.number }).max(100000, { error: messages.number }).default(0),
  url_name: limited(150)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: categoryMessages.urlName })
    .or(z.literal(''))
    .nullish()
    .transform((v) => v || null),
  /** The category's image (an uploaded catalogue image); null removes it, left out keeps it. */
  media_id: id.nullable().optional(),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryInputParsed = z.output<typeof categoryInputSchema>;

export const categorySchema = z.object({
  id: z.number(),
  name: z.string(),
  parent_id: z.number().nullable(),
  sequence: z.number(),
  url_name: z.string().nullable(),
  products: z.number(),
  image: catalogueImageSchema.nullable(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.object({ data: z.array(categorySchema) });
