import { billingMessages, billingPlans, type BillingSubscription, type HostedPage } from '@almoner/contracts';
import { desc, eq } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { BillingError, type BillingProvider } from '../../integrations/billing/billing-provider.ts';
import { billingSubscriptions } from '../../integrations/billing/billing.tables.ts';
import { createSandboxBilling } from '../../integrations/billing/billing-sandbox.ts';
import { createChargebeeClient } from '../../integrations/billing/chargebee-client.ts';
import { users } from '../users/users.tables.ts';
import { chargebeeConfig } from './provider-endpoints.ts';

/** Chargebee when configured, else the sandbox served by this server at `origin`. */
export function billingProviderFor(db: Queryable, origin: string): BillingProvider {
  const chargebee = chargebeeConfig();
  return chargebee ? createChargebeeClient(chargebee) : createSandboxBilling(db, origin);
}

/** The provider's refusals in the API's words; nothing it says becomes a 500. */
function asAppError(error: unknown): never {
  if (!(error instanceof BillingError)) throw error;
  if (error.kind === 'invalid') throw fieldError('planId', billingMessages.plan);
  if (error.kind === 'not_found') throw fieldError('hosted_page_id', billingMessages.hostedPage);
  throw new AppError('unavailable', billingMessages.unavailable);
}

export async function startBillingCheckout(provider: BillingProvider, planId: string, redirectUrl: string): Promise<HostedPage> {
  try {
    return await provider.createCheckout({ planId, redirectUrl });
  } catch (error) {
    return asAppError(error);
  }
}

const subscriptionColumns = {
  id: billingSubscriptions.id,
  planId: billingSubscriptions.planId,
  status: billingSubscriptions.status,
  provider: billingSubscriptions.provider,
  subscriptionRef: billingSubscriptions.subscriptionRef,
  createdAt: billingSubscriptions.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

async function readSubscription(q: Queryable, where: { hostedPageId?: string }): Promise<BillingSubscription | null> {
  const query = q.select(subscriptionColumns).from(billingSubscriptions).leftJoin(users, eq(users.id, billingSubscriptions.startedBy));
  const [row] = await (where.hostedPageId ? query.where(eq(billingSubscriptions.hostedPageId, where.hostedPageId)) : query)
    .orderBy(desc(billingSubscriptions.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    plan_id: row.planId,
    plan_name: billingPlans.find((p) => p.id === row.planId)?.name ?? row.planId,
    status: row.status,
    provider: row.provider,
    subscription_ref: row.subscriptionRef,
    started_at: row.createdAt.toISOString(),
    started_by: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
  };
}

/** The organisation's latest subscription, if it ever started one. */
export const currentSubscription = (db: Queryable) => readSubscription(db, {});

/**
 * The browser is back from the hosted page: ask the provider what happened (never trust the
 * address's `state`) and record the subscription it started. Completing the same page again
 * answers the same subscription.
 */
export async function completeBillingCheckout(db: Db, actor: Actor, provider: BillingProvider, hostedPageId: string): Promise<BillingSubscription> {
  let result;
  try {
    result = await provider.retrieveHostedPage(hostedPageId);
  } catch (error) {
    return asAppError(error);
  }
  const sub = result.subscription;
  if (result.state !== 'succeeded' || !sub) throw fieldError('hosted_page_id', billingMessages.notCompleted);
  return withActor(db, actor, async (tx) => {
    await tx
      .insert(billingSubscriptions)
      .values({ provider: provider.name, hostedPageId, subscriptionRef: sub.id, planId: sub.planId, status: sub.status, startedBy: actor.userId })
      .onConflictDoNothing({ target: billingSubscriptions.hostedPageId });
    const saved = await readSubscription(tx, { hostedPageId });
    if (!saved) throw new AppError('unavailable', billingMessages.unavailable);
    return saved;
  });
}
