import { z } from 'zod';

/**
 * A supporter's whole record on one page (issue 36 item 4; the spec is silent): what they gave,
 * what Almoner sent them, what staff wrote about them, and one activity timeline that merges it
 * all newest first. Each section reads its own route; the timeline is
 * `GET /jpanel/supporters/{id}/activity.json`, whose rows the page shows as they come.
 */

/** What one timeline row is about. */
export const ACTIVITY_KINDS = ['gift', 'payment', 'refund', 'recurring', 'receipt', 'note', 'task', 'mail', 'consent', 'tag', 'edit', 'payment_method'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const activityKindLabels: Record<ActivityKind, string> = {
  gift: 'Gift',
  payment: 'Payment',
  refund: 'Refund',
  recurring: 'Recurring',
  receipt: 'Receipt',
  note: 'Note',
  task: 'Task',
  mail: 'E-mail',
  consent: 'Consent',
  tag: 'Tags',
  edit: 'Record edited',
  payment_method: 'Payment method',
};

/**
 * The area a kind belongs to: a timeline row of that kind is shown (and offered in the kind
 * filter) only to someone who may see the area. The record's own trail holds three kinds.
 */
export const activityKindPermissions: Record<ActivityKind, string> = {
  gift: 'order.view',
  payment: 'transaction.view',
  refund: 'transaction.view',
  recurring: 'recurringpaymentprofile.view',
  receipt: 'taxreceipt.view',
  note: 'member.view',
  task: 'member.view',
  mail: 'member.view',
  consent: 'member.view',
  tag: 'member.view',
  edit: 'member.view',
  payment_method: 'member.view',
};

export const activityMessages = {
  kind: `Choose a kind of activity: ${ACTIVITY_KINDS.map((k) => activityKindLabels[k]).join(', ')}.`,
  emptyKind: (label: string) => `Nothing of the kind “${label}” with this supporter yet.`,
} as const;

export const ACTIVITY_PAGE_SIZE = 25;
const page = z.coerce.number().int().min(1).max(100_000).optional().default(1);

export const activityQuerySchema = z.object({
  page,
  /** Only rows of this kind (the Activity section's filter); every kind when absent or blank. */
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ACTIVITY_KINDS, { error: activityMessages.kind }).optional()),
  page_size: z.coerce.number().int().min(1).max(100).optional().default(ACTIVITY_PAGE_SIZE),
});

export const activityRowSchema = z.object({
  /** `kind:id`, unique within the timeline. */
  key: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  occurred_at: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  /** In `currency_code`, as the API's decimals. */
  amount: z.number().nullable(),
  currency_code: z.string().nullable(),
  /** The page it opens in the app (`/contributions/12`), when there is one. */
  link: z.string().nullable(),
  /** The staff member who did it, when one did. */
  by: z.string().nullable(),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;

const pagedOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number(), page: z.number(), page_size: z.number() });

export const activityAnswerSchema = pagedOf(activityRowSchema);
export type ActivityAnswer = z.infer<typeof activityAnswerSchema>;

/** `?page=` of a section's list (gifts). */
export const recordPageQuerySchema = z.object({ page });

/** `GET /jpanel/supporters/{id}/gifts.json`: every gift, paged, newest first. */
export const supporterGiftSchema = z.object({
  id: z.number(),
  number: z.string(),
  ordered_at: z.string(),
  total_amount: z.number(),
  currency_code: z.string(),
  status: z.string(),
  payment: z.string().nullable(),
});
export type SupporterGift = z.infer<typeof supporterGiftSchema>;
export const supporterGiftsSchema = pagedOf(supporterGiftSchema);
export type SupporterGifts = z.infer<typeof supporterGiftsSchema>;

/** `GET /jpanel/supporters/{id}/receipts.json`: tax receipts issued to them. */
export const supporterReceiptSchema = z.object({
  id: z.number(),
  number: z.string().nullable(),
  receipt_type: z.string(),
  status: z.string(),
  issued_at: z.string().nullable(),
  amount: z.number(),
  currency_code: z.string(),
});
export type SupporterReceipt = z.infer<typeof supporterReceiptSchema>;
export const supporterReceiptsSchema = z.object({ data: z.array(supporterReceiptSchema) });

/** `GET /jpanel/supporters/{id}/tributes.json`: tributes on their gifts. */
export const supporterTributeSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string().nullable(),
  amount: z.number(),
  currency_code: z.string(),
  contribution_id: z.number(),
  created_at: z.string(),
  notify: z.string().nullable(),
  notified_at: z.string().nullable(),
});
export type SupporterTribute = z.infer<typeof supporterTributeSchema>;
export const supporterTributesSchema = z.object({ data: z.array(supporterTributeSchema) });

/** `GET /jpanel/supporters/{id}/sponsorships.json`: whom they sponsor, and whom they did. */
export const supporterSponsorshipSchema = z.object({
  id: z.number(),
  sponsorship_id: z.number(),
  name: z.string(),
  reference: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  ended_reason: z.string().nullable(),
  lifetime_amount: z.number(),
  currency_code: z.string(),
});
export type SupporterSponsorship = z.infer<typeof supporterSponsorshipSchema>;
export const supporterSponsorshipsSchema = z.object({ data: z.array(supporterSponsorshipSchema) });

/** `GET /jpanel/supporters/{id}/payment_methods.json`: saved cards and accounts, never the token. */
export const supporterPaymentMethodSchema = z.object({
  id: z.number(),
  type: z.string(),
  display_name: z.string(),
  /** '•••• 4242'. */
  account_number: z.string(),
  /** 'MM/YYYY', cards only. */
  expires: z.string().nullable(),
  is_expired: z.boolean(),
  status: z.string(),
  use_as_default: z.boolean(),
  /** Recurring profiles it pays (active or suspended), which keep it from being removed. */
  used_by_profiles: z.array(z.number()),
  created_at: z.string(),
});
export type SupporterPaymentMethod = z.infer<typeof supporterPaymentMethodSchema>;
export const supporterPaymentMethodsSchema = z.object({ data: z.array(supporterPaymentMethodSchema) });

export const PAYMENT_METHOD_ACTIONS = ['default', 'remove'] as const;
export type PaymentMethodAction = (typeof PAYMENT_METHOD_ACTIONS)[number];

export const paymentMethodMessages = {
  notFound: 'This payment method does not exist.',
  alreadyDefault: (name: string) => `${name} is already the default payment method.`,
  notActive: (name: string) => `${name} cannot be used (it is not active), so it cannot be the default.`,
  madeDefault: (name: string) => `${name} is now the default payment method.`,
  removed: (name: string) => `${name} was removed.`,
  inUse: (name: string, profiles: string) => `${name} pays recurring profile ${profiles}. Give the profile another payment method first.`,
} as const;

export const paymentMethodSavedSchema = z.object({ message: z.string(), data: z.array(supporterPaymentMethodSchema) });
export type PaymentMethodSaved = z.infer<typeof paymentMethodSavedSchema>;

/** The card's name as staff read it: "Visa •••• 4242". */
export const paymentMethodLabel = (m: Pick<SupporterPaymentMethod, 'display_name' | 'account_number'>) => `${m.display_name} ${m.account_number}`;
