import { z } from 'zod';
import type { ListingColumn } from '../listing.ts';

/** Products listing: 30 rows a page (ours), newest first. */
export const PRODUCTS_PAGE_SIZE = 30;

export const productColumns = [
  { key: 'name', label: 'Product', sortable: true, card: 'title' },
  { key: 'code', label: 'SKU', sortable: true },
  { key: 'variants', label: 'Variants', sortable: true, align: 'right' },
  { key: 'price', label: 'Price', sortable: false, card: 'amount' },
  { key: 'stock', label: 'Stock', sortable: true, align: 'right' },
  { key: 'is_enabled', label: 'Status', sortable: true, card: 'status' },
  { key: 'updated_at', label: 'Updated', sortable: true, card: 'date' },
] as const satisfies readonly ListingColumn[];

export const PRODUCTS_DEFAULT_SORT = [{ column: 6, dir: 'desc' as const }];

export const productFiltersSchema = z.object({
  status: z.enum(['enabled', 'disabled', 'all']).optional().or(z.literal('').transform(() => undefined)),
});
export type ProductFilters = z.infer<typeof productFiltersSchema>;
