import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

// One Stripe.js per key for the page's life, as Stripe asks (loadStripe outside render).
const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for `publishableKey`, loaded from Stripe once and shared by the card and bank fields. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
