import { z } from 'zod';
import { text } from '../rules.ts';

/**
 * Exports of any size (issue 12 §4): a background job writes a listing's CSV (exactly the
 * filtered rows, no cap) to file storage; the screen polls its state, then offers the link.
 */
export const LIST_KEY_PATTERN = /^[a-z][a-z0-9_-]{0,49}$/;
export const listKeySchema = text('Choose a list.').regex(LIST_KEY_PATTERN, { error: 'Choose a list.' });

export const EXPORT_STATES = ['waiting', 'running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export const exportMessages = {
  unknownList: 'This list cannot be exported.',
  started: 'Your export has started. The download link appears here when it is ready.',
  ready: 'Your export is ready.',
  failed: 'The export failed. Try again.',
  notFound: 'This export does not exist.',
} as const;

/** POST /jpanel/exports: the list's name and the same fields its listing route takes. */
export const exportStartSchema = z.object({
  list: listKeySchema,
  params: z.record(z.string(), z.unknown()).default({}),
});
export type ExportStart = z.input<typeof exportStartSchema>;

export const exportStatusSchema = z.object({
  id: z.string(),
  list: z.string(),
  state: z.enum(EXPORT_STATES),
  progress: z.number().meta({ description: 'Percent done, 0–100.' }),
  rows: z.number().nullable().meta({ description: 'Rows written, once done.' }),
  filename: z.string(),
  download_url: z.string().nullable().meta({ description: 'A signed link to the file, once done (expires in 15 minutes; ask again for a fresh one).' }),
  message: z.string().nullable(),
  created_at: z.string(),
});
export type ExportStatus = z.infer<typeof exportStatusSchema>;
