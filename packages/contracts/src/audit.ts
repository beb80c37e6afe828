import { z } from 'zod';

/** A record's history as the audit trail tells it (newest first). */
export const historyEntrySchema = z.object({
  id: z.number(),
  occurred_at: z.string(),
  action: z.enum(['insert', 'update', 'delete']),
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
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
