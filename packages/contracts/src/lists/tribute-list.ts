import { z } from 'zod';
import type { ListingColumn } from '../listing.ts';
import { optionalSpecDate } from '../rules.ts';

/** The tributes list (POST /jpanel/tributes.ajax, spec part 3 §7, §9): 40 a page, newest first. */
export const TRIBUTES_PAGE_SIZE = 40;

export const tributeListColumns = [
  { key: 'created_at', label: 'Date', sortable: true, card: 'date' },
  { key: 'type', label: 'Type', sortable: true, card: 'status' },
  { key: 'name', label: 'In name of', sortable: true, card: 'title' },
  { key: 'donor', label: 'Donor', sortable: true },
  { key: 'amount', label: 'Amount', sortable: true, align: 'right', card: 'amount' },
  { key: 'notify', label: 'Notify by', sortable: true },
  { key: 'notify_name', label: 'Recipient', sortable: true },
  { key: 'notified_at', label: 'Notified', sortable: true },
] as const satisfies readonly ListingColumn[];

export const TRIBUTES_DEFAULT_SORT = [{ column: 0, dir: 'desc' as const }];

/** "unsent": a notification is asked for and not yet sent (the letters buttons' set). */
export const TRIBUTE_LIST_STATES = ['unsent', 'notified', 'none'] as const;
export const tributeStateLabels: Record<(typeof TRIBUTE_LIST_STATES)[number], string> = {
  unsent: 'Not yet notified',
  notified: 'Notified',
  none: 'No notification',
};

const blank = <T extends z.ZodType>(type: T) => type.optional().or(z.literal('').transform(() => undefined));

export const tributeListFiltersSchema = z.object({
  state: blank(z.enum(TRIBUTE_LIST_STATES)),
  notify: blank(z.enum(['email', 'letter'])),
  tribute_type_id: blank(z.coerce.number().int().positive().max(2_147_483_647)),
  from: optionalSpecDate(),
  to: optionalSpecDate(),
});
export type TributeListFilters = z.infer<typeof tributeListFiltersSchema>;

export const tributeListRowSchema = z.object({
  id: z.number(),
  currency_code: z.string(),
  created_at: z.string(),
  type: z.string().nullable(),
  name: z.string(),
  donor: z.string().nullable(),
  amount: z.number(),
  notify: z.string().nullable(),
  notify_name: z.string().nullable(),
  notified_at: z.string().nullable(),
});
export type TributeListRow = z.infer<typeof tributeListRowSchema>;
