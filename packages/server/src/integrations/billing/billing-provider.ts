import type { HostedPage } from '@almoner/contracts';

/**
 * The subscription billing provider (Chargebee, or the built-in sandbox): a hosted checkout page
 * for a plan, and what became of it once the browser comes back.
 */
export type BillingProvider = {
  name: 'chargebee' | 'sandbox';
  createCheckout: (request: { planId: string; redirectUrl: string }) => Promise<HostedPage>;
  /** The page's state, and the subscription it started when it succeeded. */
  retrieveHostedPage: (id: string) => Promise<HostedPageResult>;
};

export type HostedPageResult = {
  id: string;
  state: string;
  subscription: { id: string; status: string; planId: string } | null;
};

/** The provider refused (unknown page, bad plan, wrong key) or could not be reached. */
export class BillingError extends Error {
  constructor(
    readonly kind: 'not_found' | 'invalid' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}
