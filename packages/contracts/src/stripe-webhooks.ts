import { z } from 'zod';

/** What POST /webhooks/stripe answers Stripe (issue 40 item 4). */
export const stripeWebhookAnswerSchema = z.object({
  received: z.literal(true),
  /** The event id was stored before: nothing more was done. */
  duplicate: z.boolean(),
});
export type StripeWebhookAnswer = z.infer<typeof stripeWebhookAnswerSchema>;

/** A refused event (bad or stale signature, no secret, not an event): nothing was stored. */
export const stripeWebhookRefusalSchema = z.object({ message: z.string(), code: z.literal('bad_request') });

/** The Stripe events Almoner applies; every other type is stored and marked processed. */
export const STRIPE_HANDLED_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

/** The 400 answers, for whoever reads Stripe's webhook delivery log. */
export const stripeWebhookMessages = {
  noSecret: 'Stripe webhooks are not set up here: no webhook signing secret (ALMONER_STRIPE_WEBHOOK_SECRET) is configured.',
  noSignature: 'The Stripe-Signature header is missing.',
  badSignature: 'The Stripe-Signature header does not match this payload for the configured webhook signing secret.',
  staleSignature: 'The Stripe-Signature timestamp is more than 5 minutes away from now; the event was not accepted.',
  notAnEvent: 'The payload is not a Stripe event (an id, a type and a created time are needed).',
} as const;
