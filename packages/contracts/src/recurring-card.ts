import { z } from 'zod';
import { text } from './rules.ts';

/**
 * The donor's own link to put a new card on a recurring gift (issue 37 item 3): e-mailed when a
 * renewal is declined or the card on file expires this month; opens a public page with the
 * gateway's card fields. Signed with the app key, so the gift it names cannot be changed.
 */
export const CARD_UPDATE_LINK_DAYS = 30;

export const cardUpdateMessages = {
  linkInvalid: 'This link is not valid. Please contact us for a new one.',
  linkExpired: 'This link has expired. Please contact us for a new one.',
  sent: (ref: string) => `The donor has been e-mailed a link to update the card for recurring profile #${ref}.`,
  noEmail: 'This supporter has no valid e-mail address to send the link to.',
  cannotSend: (ref: string) => `Recurring profile #${ref} is not active or suspended: there is no card to update.`,
  saved: (card: string) => `Thank you: your ${card} will be used for your recurring gift from now on.`,
  authenticate: 'Your bank asks you to confirm this card. Follow its steps to finish.',
  notAuthenticated: 'Your bank did not confirm this card. Try again, or use another card.',
} as const;

export const cardUpdateViewSchema = z.object({
  organisation: z.string(),
  first_name: z.string().nullable(),
  profile_number: z.string(),
  amount: z.number(),
  currency: z.string(),
  schedule: z.string(),
  current_card: z.string().nullable(),
  expires_at: z.string(),
  gateway: z.enum(['sandbox', 'stripe']),
  /** Stripe's publishable key, for Stripe Elements, when the gateway is Stripe. */
  publishable_key: z.string().nullable(),
});
export type CardUpdateView = z.infer<typeof cardUpdateViewSchema>;

/**
 * The gateway's capture token of the new card (never a card number); sent again with
 * `setup_intent` once the donor has confirmed the card with their bank (3-D Secure).
 */
export const cardUpdateSchema = z.object({ token: text().trim().min(1).max(500), setup_intent: text().trim().min(1).max(255).optional() });
/**
 * The card kept, or (`authenticate`) the donor's bank asks them to confirm it first: the page
 * shows the bank's challenge through the gateway's script with `client_secret`, then sends the
 * card again with `setup_intent`. Nothing is kept until then.
 */
export const cardUpdatedSchema = z.object({
  message: z.string(),
  card: z.string(),
  authenticate: z.object({ client_secret: z.string(), setup_intent: z.string() }).nullable().optional(),
});
export type CardUpdated = z.infer<typeof cardUpdatedSchema>;
