import { randomBytes } from 'node:crypto';
import { billingPlans } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { BillingError, type BillingProvider } from './billing-provider.ts';
import { sandboxBillingPages } from './billing.tables.ts';

/** Chargebee keeps a checkout page open for a few hours; so does the sandbox. */
const PAGE_LIFETIME_MS = 3 * 60 * 60 * 1000;

const newId = (prefix: string) => `${prefix}${randomBytes(16).toString('base64url')}`;

/**
 * The built-in billing sandbox: Chargebee's hosted checkout as Almoner itself serves it
 * (billing-sandbox.routes.ts), so a fresh machine can buy a plan end to end. `origin` is where
 * this server is reached, for the hosted page's address.
 */
export function createSandboxBilling(db: Queryable, origin: string): BillingProvider {
  return {
    name: 'sandbox',
    async createCheckout({ planId, redirectUrl }) {
      // Chargebee refuses an item price it does not know; so does the sandbox.
      if (!billingPlans.some((p) => p.id === planId)) throw new BillingError('invalid', `Item price ${planId} not found.`);
      const now = new Date();
      const [page] = await db
        .insert(sandboxBillingPages)
        .values({ hostedPageId: newId('hp_'), planId, redirectUrl, expiresAt: new Date(now.getTime() + PAGE_LIFETIME_MS) })
        .returning();
      if (!page) throw new BillingError('unavailable', 'The sandbox could not open a checkout page.');
      return {
        id: page.hostedPageId,
        type: 'checkout_new',
        url: `${origin}/sandbox-billing/hosted/${page.hostedPageId}`,
        state: page.state,
        embed: false,
        created_at: Math.floor(page.createdAt.getTime() / 1000),
        expires_at: Math.floor(page.expiresAt.getTime() / 1000),
      };
    },
    async retrieveHostedPage(id) {
      const [page] = await db.select().from(sandboxBillingPages).where(eq(sandboxBillingPages.hostedPageId, id));
      if (!page) throw new BillingError('not_found', `Hosted page ${id} not found.`);
      return {
        id: page.hostedPageId,
        state: page.state,
        subscription:
          page.state === 'succeeded' && page.subscriptionRef
            ? { id: page.subscriptionRef, status: 'active', planId: page.planId }
            : null,
      };
    },
  };
}

/** The shopper paid (or gave up) on the sandbox's hosted page; answers where to send the browser. */
export async function finishSandboxPage(db: Queryable, id: string, outcome: 'succeeded' | 'cancelled'): Promise<string | null> {
  const [page] = await db.select().from(sandboxBillingPages).where(eq(sandboxBillingPages.hostedPageId, id));
  if (!page || page.state !== 'created' || page.expiresAt.getTime() < Date.now()) return null;
  await db
    .update(sandboxBillingPages)
    .set({ state: outcome, subscriptionRef: outcome === 'succeeded' ? newId('sub_') : null })
    .where(eq(sandboxBillingPages.hostedPageId, id));
  const back = new URL(page.redirectUrl);
  back.searchParams.set('id', page.hostedPageId);
  back.searchParams.set('state', outcome);
  return back.toString();
}

export async function readSandboxPage(db: Queryable, id: string) {
  const [page] = await db.select().from(sandboxBillingPages).where(eq(sandboxBillingPages.hostedPageId, id));
  return page && page.state === 'created' && page.expiresAt.getTime() >= Date.now() ? page : null;
}
