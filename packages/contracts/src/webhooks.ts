import { z } from 'zod';
import { WEBHOOK_CONTENT_TYPES } from './code-lists.ts';
import { DOMAIN_EVENT_TYPES, type DomainEventType } from './domain-events.ts';
import { formBoolean, text } from './rules.ts';

/**
 * Outgoing webhooks (spec part 1 §2 "Webhook settings", §7 "Webhooks"). Events are the domain
 * event catalogue's types; one delivery per (hook, event), never one per subscribed name
 * (the incumbent's bug).
 */
export const WEBHOOK_URL_MAX = 255;
export const WEBHOOK_SECRET_MAX = 255;
/** Response bodies are kept up to this many bytes (the rest is cut). */
export const WEBHOOK_RESPONSE_BODY_MAX = 64 * 1024;
/** A delivery that still fails this long after its event is given up, and its hook switched off. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 72;
/** Deliveries listed on a hook's page, newest first. */
export const WEBHOOK_DELIVERIES_SHOWN = 100;

export const webhookMessages = {
  urlRequired: 'Enter the payload URL.',
  urlInvalid: 'Enter a valid http:// or https:// URL.',
  urlMax: `The payload URL may be at most ${WEBHOOK_URL_MAX} characters.`,
  urlRefused: 'This address is private or local: webhooks can only be sent to public addresses.',
  eventsRequired: 'Choose at least one event.',
  eventUnknown: 'Choose events from the list.',
  contentType: 'Choose JSON or form content.',
  secretMax: `The secret may be at most ${WEBHOOK_SECRET_MAX} characters.`,
  saved: 'Webhook saved.',
  deleted: 'Webhook deleted.',
  redelivered: 'Redelivery queued.',
  notFound: 'This webhook does not exist.',
  deliveryNotFound: 'This delivery does not exist.',
  pausedTitle: 'Deliveries are paused',
  paused: (failures: number, nextCheck: string) =>
    `The last ${failures} tries failed. Almoner checks the endpoint again ${nextCheck} and sends the waiting deliveries once it answers. Redeliver on any delivery tries it now.`,
  disabled: (hours: number) => `Switched off: deliveries kept failing for ${hours} hours. Fix the receiver, then switch the webhook back on.`,
} as const;

export const webhookEventTypes: readonly DomainEventType[] = DOMAIN_EVENT_TYPES;

/**
 * Create or full update. `secret`: absent or null on update keeps the stored one; a blank string
 * on create makes a random one (the incumbent's rule), on update keeps it too.
 */
export const webhookInputSchema = z.object({
  payload_url: text(webhookMessages.urlRequired)
    .trim()
    .min(1, { error: webhookMessages.urlRequired })
    .max(WEBHOOK_URL_MAX, { error: webhookMessages.urlMax })
    .regex(/^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i, { error: webhookMessages.urlInvalid }),
  content_type: z.enum(WEBHOOK_CONTENT_TYPES, { error: webhookMessages.contentType }).default('application/json'),
  events: z
    .array(z.enum(DOMAIN_EVENT_TYPES as [DomainEventType, ...DomainEventType[]], { error: webhookMessages.eventUnknown }), { error: webhookMessages.eventsRequired })
    .min(1, { error: webhookMessages.eventsRequired })
    .transform((v) => [...new Set(v)]),
  secret: text().max(WEBHOOK_SECRET_MAX, { error: webhookMessages.secretMax }).nullish(),
  active: formBoolean().default(false),
  insecure_ssl: formBoolean().optional(),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** The insecure-SSL toggle on its own (spec §7: "a PUT with insecure_ssl"). */
export const webhookToggleSchema = z.object({ insecure_ssl: formBoolean() });

/** PUT body: the full form, or insecure_ssl alone (then nothing else changes). */
export const webhookUpdateSchema = webhookInputSchema.partial();

export const webhookSchema = z.object({
  id: z.number(),
  payload_url: z.string(),
  content_type: z.enum(WEBHOOK_CONTENT_TYPES),
  events: z.array(z.string()),
  /** The secret itself is never sent back. */
  secret_set: z.boolean(),
  active: z.boolean(),
  insecure_ssl: z.boolean(),
  /** Why the server switched the hook off, when it did. */
  disabled_reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  /** Failed tries since the last success. */
  failures_in_a_row: z.number(),
  /** Set while deliveries are paused after repeated failures: when the endpoint is checked next. */
  paused_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookDeliverySummarySchema = z.object({
  id: z.number(),
  guid: z.string(),
  event: z.string(),
  response_status: z.number().nullable(),
  attempt: z.number(),
  /** pending (a try is due), delivered, failed (given up or hook off). */
  state: z.enum(['pending', 'delivered', 'failed']),
  next_retry_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDeliverySummary = z.infer<typeof webhookDeliverySummarySchema>;

export const webhookDeliverySchema = webhookDeliverySummarySchema.extend({
  webhook_id: z.number(),
  request_url: z.string(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string(),
  response_headers: z.record(z.string(), z.string()).nullable(),
  response_body: z.string().nullable(),
  duration_ms: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDetailSchema = webhookSchema.extend({ deliveries: z.array(webhookDeliverySummarySchema) });
export type WebhookDetail = z.infer<typeof webhookDetailSchema>;

export const webhookSavedSchema = z.object({ success: z.literal(true), hook_id: z.number(), message: z.string() });
