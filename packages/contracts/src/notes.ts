import { z } from 'zod';
import { text } from './rules.ts';

/** Spec part 3 §2.5, §5, §8: the notes panel's words. */
export const noteMessages = {
  bodyRequired: 'This field is required.',
  failed: 'An error has occurred, please try again.',
  deleted: 'Note has been deleted.',
  updated: 'Note has been updated',
  created: 'Note has been added.',
  confirmDelete: 'Are you sure you want to delete this note?',
  visibleToAll: 'Notes are visible by all users.',
  empty: "There aren't any notes yet for this account",
  noneFor: (filter: string) => `No notes found for ${filter}`,
  notAuthor: 'Only the author of a note can change it.',
  notAllowedDelete: 'Only the author of a note or an account administrator can delete it.',
} as const;

/** Notes a page shows (the incumbent's 15). */
export const NOTES_PER_PAGE = 15;
/** A note is a few paragraphs; this keeps one from being a document. */
export const NOTE_BODY_MAX = 10_000;
export const NOTE_FILTER_MAX = 200;

/**
 * What staff type: plain text (paragraphs split by blank lines). The server stores it as HTML
 * (escaped, `<p>` per paragraph, `<br>` per line break), the spec's body format.
 */
export const noteInputSchema = z.object({
  body: text(noteMessages.bodyRequired)
    .trim()
    .min(1, { error: noteMessages.bodyRequired })
    .max(NOTE_BODY_MAX, { error: `Notes are at most ${NOTE_BODY_MAX.toLocaleString('en-US')} characters.` }),
});
export type NoteInput = z.input<typeof noteInputSchema>;

export const notesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  filter: z
    .object({ body: text().trim().max(NOTE_FILTER_MAX, { error: `Search for at most ${NOTE_FILTER_MAX} characters.` }).optional() })
    .optional(),
});

export const noteSchema = z.object({
  id: z.number(),
  /** HTML, as the spec's comment (paragraphs and line breaks from what staff typed). */
  body: z.string(),
  created_by: z.object({ id: z.number(), firstname: z.string(), lastname: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What this user may do with it: the same rule the server enforces. */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type Note = z.infer<typeof noteSchema>;

/** Spec part 3 §3 paginator. */
export const notesPageSchema = z.object({
  data: z.array(noteSchema),
  meta: z.object({
    current_page: z.number(),
    last_page: z.number(),
    from: z.number().nullable(),
    to: z.number().nullable(),
    total: z.number(),
    /** Notes on the record without the filter: tells "no notes yet" from "none match". */
    unfiltered: z.number(),
    per_page: z.number(),
    links: z.array(z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() })),
  }),
  links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
});
export type NotesPage = z.infer<typeof notesPageSchema>;

export const noteAnswerSchema = z.object({ data: noteSchema, message: z.string() });

/**
 * Spec part 3 §6: the author may edit and delete a note; an account administrator may delete
 * any note but not edit others'. Writing needs the supporter add permission as well.
 */
export function noteRights(note: { createdBy: number | null }, user: { id: number; is_account_admin: boolean; canWrite: boolean }) {
  const author = note.createdBy !== null && note.createdBy === user.id;
  return { canEdit: user.canWrite && author, canDelete: user.canWrite && (author || user.is_account_admin) };
}
