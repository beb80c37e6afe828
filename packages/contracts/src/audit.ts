import { z } from 'zod';
import { HISTORY_FIELD_KINDS } from './history/fields.ts';

/** A record's history as the audit trail tells it (newest first). */
export const historyEntrySchema = z.object({
  id: z.number(),
  occurred_at: z.string(),
  action: z.enum(['insert', 'update', 'delete']),
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  /**
   * Shown fields only, each with its label and kind from the table's history catalogue; a user or
   * supporter field carries `{ id, name }` values. A money field's values are decimal text in
   * `currency` ("100.00", "1000" for JPY), like every amount the API answers; `before_currency`
   * is set only when the same change moved the record to another currency.
   */
  changes: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      kind: z.enum(HISTORY_FIELD_KINDS),
      currency: z.string().nullable().optional(),
      before_currency: z.string().optional(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyResponseSchema = z.object({
  data: z.array(historyEntrySchema),
  /** Pass as `before` to read older entries; null when there are none. */
  next_before: z.number().nullable(),
});

export const historyQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(2 ** 53).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
