import { z } from 'zod';
import { requiredText, text } from '../rules.ts';
import { listKeySchema } from './exports.ts';

/** Each staff member's named views of a list: its filters, search, sort and hidden columns. */
export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEWS_PER_LIST_MAX = 50;

const short = text().max(200, { error: 'A filter value is too long.' });

/** What a view restores: the same fields the list keeps in its address. */
export const savedViewStateSchema = z
  .object({
    filters: z.record(z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, { error: 'Unknown filter.' }), z.union([short, z.array(short).max(50)])).default({}),
    search: text().max(200, { error: 'The search is too long.' }).default(''),
    sort: z.array(z.object({ column: z.number().int().min(0).max(100), dir: z.enum(['asc', 'desc']) })).max(5).default([]),
    hidden_columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]{0,49}$/)).max(50).default([]),
  })
  .strict();
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

export const savedViewCreateSchema = z.object({
  list: listKeySchema,
  name: requiredText(SAVED_VIEW_NAME_MAX),
  state: savedViewStateSchema,
});
export type SavedViewCreate = z.input<typeof savedViewCreateSchema>;

export const savedViewSchema = z.object({ id: z.number(), list: z.string(), name: z.string(), state: savedViewStateSchema, created_at: z.string() });
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListQuerySchema = z.object({ list: listKeySchema });

export const savedViewMessages = {
  saved: (name: string) => `View "${name}" saved.`,
  deleted: (name: string) => `View "${name}" deleted.`,
  duplicate: 'You already have a view with this name for this list.',
  tooMany: `You can keep at most ${SAVED_VIEWS_PER_LIST_MAX} views of one list.`,
  notFound: 'This view does not exist.',
  confirmDelete: (name: string) => `Delete the view "${name}"?`,
} as const;
