import { z } from 'zod';
import type { ListingColumn } from '../listing.ts';
import { MAIL_PAGE_SIZE, MAIL_STATUSES } from '../mail.ts';
import { optionalSpecDate, text } from '../rules.ts';

/**
 * The mail outbox as a server listing (POST /jpanel/mail.listing, issue 41): the same paging,
 * sort, saved views and one-place export as every other list. GET /jpanel/mail.json stays.
 */
export const mailListColumns = [
  { key: 'subject', label: 'Subject', sortable: true, card: 'title' },
  { key: 'to', label: 'To', sortable: true },
  { key: 'status', label: 'Status', sortable: true, card: 'status' },
  { key: 'created_at', label: 'Created', sortable: true, card: 'date' },
  { key: 'sent_at', label: 'Sent', sortable: true, optional: true },
  { key: 'attempts', label: 'Attempts', sortable: true, align: 'right', optional: true },
] as const satisfies readonly ListingColumn[];

/** Newest first, as the outbox always listed. */
export const MAIL_DEFAULT_SORT = [{ column: 3, dir: 'desc' as const }];
export const MAIL_LIST_PAGE_SIZE = MAIL_PAGE_SIZE;

const blank = <T extends z.ZodType>(type: T) => type.optional().or(z.literal('').transform(() => undefined));

export const mailListFiltersSchema = z.object({
  status: blank(z.enum(MAIL_STATUSES)),
  /** One recipient's messages: an exact address, any case. */
  recipient: blank(text().max(320, { error: 'The address is too long.' })),
  from: optionalSpecDate(),
  to: optionalSpecDate(),
});
export type MailListFilters = z.infer<typeof mailListFiltersSchema>;

export const mailListRowSchema = z.object({
  id: z.number(),
  _url: z.string(),
  subject: z.string(),
  to: z.string(),
  status: z.enum(MAIL_STATUSES),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  attempts: z.number(),
  error: z.string().nullable(),
});
export type MailListRow = z.infer<typeof mailListRowSchema>;
