import { z } from 'zod';
import type { ListingColumn } from '../listing.ts';
import { messages } from '../messages.ts';
import { optionalSpecDate } from '../rules.ts';

/**
 * Tax receipts listing (incumbent §3.5): 50 rows a page, newest issue first. Rows are selected
 * by id or, once a whole page (exactly 50) is selected, by the whole filter (spec part 2 §9).
 */
export const RECEIPTS_PAGE_SIZE = 50;
/** Receipts one bulk notify or download handles in one request (each renders a PDF). */
export const RECEIPTS_BULK_RENDER_MAX = 200;

export const receiptColumns = [
  { key: 'select', label: '', sortable: false },
  { key: 'number', label: 'Number', sortable: true },
  { key: 'name', label: 'Name', sortable: true, card: 'title' },
  { key: 'email', label: 'Email', sortable: true },
  { key: 'amount', label: 'Amount', sortable: true, align: 'right', card: 'amount' },
  { key: 'issued_at', label: 'Issued', sortable: true, card: 'date' },
  { key: 'status', label: 'Status', sortable: true, card: 'status' },
] as const satisfies readonly ListingColumn[];

export const RECEIPTS_DEFAULT_SORT = [{ column: 5, dir: 'desc' as const }];

const blank = z.literal('').transform(() => undefined);
export const receiptFiltersSchema = z
  .object({
    status: z.enum(['draft', 'issued', 'void']).optional().or(blank),
    filter_by: z.enum(['no_name', 'no_email', 'incomplete_address']).optional().or(blank),
    from: optionalSpecDate(),
    to: optionalSpecDate(),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['from'], message: messages.startBeforeEnd(f.from, f.to) });
  });
export type ReceiptFilters = z.infer<typeof receiptFiltersSchema>;

export const RECEIPT_BULK_ACTIONS = ['issue', 'issue_and_notify', 'void', 'notify', 'print'] as const;
export type ReceiptBulkAction = (typeof RECEIPT_BULK_ACTIONS)[number];

export const receiptBulkMessages = {
  issued: (n: number) => `${n} ${n === 1 ? 'receipt' : 'receipts'} issued.`,
  issuedAndSent: (n: number, sent: number) => `${n} ${n === 1 ? 'receipt' : 'receipts'} issued; ${sent} sent.`,
  voided: (n: number) => `${n} ${n === 1 ? 'receipt' : 'receipts'} voided.`,
  sent: (n: number, skipped: number) => `${n} ${n === 1 ? 'receipt' : 'receipts'} sent${skipped ? `; ${skipped} skipped (not issued, or no valid email)` : ''}.`,
  tooMany: (max: number) => `Select at most ${max} receipts to send or download at once.`,
} as const;
