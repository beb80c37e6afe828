import { z } from 'zod';
import type { ListingColumn } from './listing.ts';
import { messages } from './messages.ts';
import { optionalSpecDate } from './rules.ts';

/**
 * The audit view (/jpanel/audit): every recorded change across the system, one row per changed
 * field — record type, record, field, from → to, who, when, from which address — newest first.
 */
export const AUDIT_LOG_PAGE_SIZE = 50;

/**
 * The kinds of record staff filter by, with what a record is called and where its page is
 * (`:id` is the record id). Tables not named here still list, under a label made from their name.
 */
export const auditRecordTypes = {
  contributions: { label: 'Contribution', path: '/jpanel/contributions/:id' },
  contribution_items: { label: 'Contribution line' },
  payments: { label: 'Payment' },
  refunds: { label: 'Refund' },
  supporters: { label: 'Supporter', path: '/jpanel/supporters/:id' },
  supporter_memberships: { label: 'Membership' },
  memberships: { label: 'Membership level', path: '/jpanel/membership-levels/:id' },
  recurring_payment_profiles: { label: 'Recurring profile', path: '/jpanel/recurring/:id' },
  tax_receipts: { label: 'Tax receipt', path: '/jpanel/tax-receipts/:id' },
  tributes: { label: 'Tribute' },
  tribute_types: { label: 'Tribute type', path: '/jpanel/tribute-types/:id' },
  products: { label: 'Product', path: '/jpanel/products/:id' },
  product_variants: { label: 'Product variant' },
  promo_codes: { label: 'Promo code', path: '/jpanel/promos/:id' },
  sponsorships: { label: 'Sponsee', path: '/jpanel/sponsorships/:id' },
  sponsors: { label: 'Sponsorship' },
  segments: { label: 'Segment', path: '/jpanel/segments/:id' },
  campaigns: { label: 'Campaign', path: '/jpanel/campaigns/:id' },
  appeals: { label: 'Appeal' },
  gift_batches: { label: 'Gift batch', path: '/jpanel/batches/:id' },
  gift_batch_gifts: { label: 'Batch gift' },
  fundraising_pages: { label: 'Fundraising page' },
  pages: { label: 'Page', path: '/jpanel/pages/:id' },
  feeds: { label: 'Feed' },
  media: { label: 'Media file' },
  webhooks: { label: 'Webhook' },
  tasks: { label: 'Task' },
  notes: { label: 'Note' },
  users: { label: 'User', path: '/jpanel/users/:id' },
  roles: { label: 'Role', path: '/jpanel/users/roles/:id' },
  user_roles: { label: 'User role' },
  settings: { label: 'Setting', path: '/jpanel/settings' },
} as const satisfies Record<string, { label: string; path?: string }>;
export type AuditRecordType = keyof typeof auditRecordTypes;
export const AUDIT_RECORD_TYPES = Object.keys(auditRecordTypes) as [AuditRecordType, ...AuditRecordType[]];

export const auditLogColumns = [
  { key: 'occurred_at', label: 'When', sortable: true, card: 'date' },
  { key: 'record_type', label: 'Record type', sortable: true },
  { key: 'record', label: 'Record', sortable: false, card: 'title' },
  { key: 'field', label: 'Field', sortable: true },
  { key: 'change', label: 'From → To', sortable: false },
  { key: 'actor', label: 'Who', sortable: true },
  { key: 'ip', label: 'IP', sortable: false },
] as const satisfies readonly ListingColumn[];
export const AUDIT_LOG_DEFAULT_SORT = [{ column: 0, dir: 'desc' as const }];

export const auditLogMessages = {
  unknownRecordType: 'Choose a record type from the list.',
  unknownUser: 'Choose a user from the list.',
} as const;

/** A filter left blank is no filter; anything else must be valid, or its own message says why. */
const blankIsNone = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const unknownUser = { error: auditLogMessages.unknownUser };
const userId = z.coerce.number(unknownUser).int(unknownUser).positive(unknownUser).max(2 ** 31 - 1, unknownUser);
export const auditLogFiltersSchema = z
  .object({
    record_type: blankIsNone(z.enum(AUDIT_RECORD_TYPES, { error: auditLogMessages.unknownRecordType })),
    user_id: blankIsNone(userId),
    from: optionalSpecDate(),
    to: optionalSpecDate(),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['from'], message: messages.startBeforeEnd(f.from, f.to) });
  });
export type AuditLogFilters = z.infer<typeof auditLogFiltersSchema>;

export const auditLogRowSchema = z.looseObject({
  id: z.number(),
  occurred_at: z.string(),
  action: z.enum(['insert', 'update', 'delete']),
  table_name: z.string(),
  record_type: z.string(),
  record_id: z.string(),
  record: z.string(),
  field_name: z.string(),
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** Set for money: `before` and `after` are then decimal amounts in it. */
  currency: z.string().nullable(),
  actor_id: z.number().nullable(),
  actor: z.string().nullable(),
  ip: z.string().nullable(),
  _url: z.string().nullable(),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;

/** Who can be picked in the "Who" filter: every staff user, deleted ones too (their changes stay). */
export const auditLogUsersSchema = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });
