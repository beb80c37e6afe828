import { z } from 'zod';
import type { ListingColumn } from '../listing.ts';
import { RECURRING_FREQUENCIES } from '../catalogue/payment-groups.ts';

/**
 * The recurring payments list (POST /jpanel/recurring_payments.ajax, spec part 3 §7): 50 a page,
 * newest first; Suspended and Expired rows show as warning, Cancelled as danger (§3).
 */
export const RECURRING_LIST_PAGE_SIZE = 50;

export const recurringListColumns = [
  { key: 'profile_id', label: 'Profile', sortable: true },
  { key: 'subscriber_name', label: 'Supporter', sortable: true, card: 'title' },
  { key: 'description', label: 'Description', sortable: true },
  { key: 'amount', label: 'Amount', sortable: true, align: 'right', card: 'amount' },
  { key: 'billing_period', label: 'Frequency', sortable: true },
  { key: 'next_billing_date', label: 'Next payment', sortable: true, card: 'date' },
  { key: 'aggregate_amount', label: 'Total paid', sortable: true, align: 'right' },
  { key: 'status', label: 'Status', sortable: true, card: 'status' },
  { key: 'created_at', label: 'Created', sortable: true, optional: true },
] as const satisfies readonly ListingColumn[];

/** Newest profile first. */
export const RECURRING_LIST_DEFAULT_SORT = [{ column: 8, dir: 'desc' as const }];

export const RECURRING_LIST_STATUSES = ['Active', 'Suspended', 'Cancelled', 'Expired'] as const;
export type RecurringListStatus = (typeof RECURRING_LIST_STATUSES)[number];

/** The row tone of each status (spec part 3 §3): null is a plain row. */
export const recurringStatusTone: Record<RecurringListStatus, 'warning' | 'danger' | null> = {
  Active: null,
  Suspended: 'warning',
  Expired: 'warning',
  Cancelled: 'danger',
};

const blank = <T extends z.ZodType>(type: T) => type.optional().or(z.literal('').transform(() => undefined));

export const recurringListFiltersSchema = z.object({
  status: blank(z.enum(RECURRING_LIST_STATUSES)),
  billing_period: blank(z.enum(RECURRING_FREQUENCIES)),
  currency_code: blank(z.string().regex(/^[A-Z]{3}$/, { error: 'Choose a currency.' })),
  supporter_id: blank(z.coerce.number().int().positive().max(2_147_483_647)),
});
export type RecurringListFilters = z.infer<typeof recurringListFiltersSchema>;

export const recurringListRowSchema = z.object({
  id: z.number(),
  _url: z.string().meta({ description: "The profile's page." }),
  currency_code: z.string(),
  supporter_id: z.number().nullable(),
  profile_id: z.string(),
  subscriber_name: z.string(),
  description: z.string().nullable(),
  amount: z.number().meta({ description: 'Amount per charge, in the currency (decimal).' }),
  billing_period: z.string(),
  next_billing_date: z.string().nullable().meta({ description: 'YYYY-MM-DD.' }),
  aggregate_amount: z.number(),
  status: z.enum(RECURRING_LIST_STATUSES),
  created_at: z.string(),
});
export type RecurringListRow = z.infer<typeof recurringListRowSchema>;
