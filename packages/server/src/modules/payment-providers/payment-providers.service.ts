import {
  stripeKeyNames,
  stripeModeProblem,
  paymentProviderDefaultEnabled,
  paymentProviderLabels,
  paymentProviderMessages,
  paymentProviderNames,
  type PaymentProvider,
  type PaymentProviderName,
  type PaymentProviderUpdate,
} from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { decrypt, encrypt } from '../auth/crypto.ts';
import { paymentProviders } from '../payments/payment-methods.tables.ts';
import { stripeEnvironment, stripeKeyViews, type StripeConfigSource } from './stripe-environment.ts';
import type { paymentProviderUpdateSchema } from '@almoner/contracts';

type Row = typeof paymentProviders.$inferSelect;
type Update = z.output<typeof paymentProviderUpdateSchema>;
/** What the sealed `credentials` column holds, per provider. */
export type ProviderCredentials = {
  client_id?: string;
  client_secret?: string;
  access_token?: string;
  /** Stripe's keys (issue 40): sealed like the others, shown by their last 4 only. */
  secret_key?: string;
  publishable_key?: string;
  webhook_secret?: string;
};

const providerTypes: Record<PaymentProviderName, string> = { sandbox: 'credit_card', paypal: 'paypal', gocardless: 'bank', stripe: 'credit_card' };
const CREDENTIAL_KEYS = ['client_id', 'client_secret', 'access_token', ...stripeKeyNames] as const;

export function openCredentials(appKey: Buffer, row: Pick<Row, 'credentials'> | undefined): ProviderCredentials {
  if (!row?.credentials) return {};
  try {
    return JSON.parse(decrypt(appKey, row.credentials)) as ProviderCredentials;
  } catch {
    // Sealed with another app key (or damaged): as good as never saved; staff enter them again.
    return {};
  }
}

/** Every credential the provider needs to talk to its API is saved (Stripe's: or in the environment). */
function hasCredentials(name: PaymentProviderName, c: ProviderCredentials, source: StripeConfigSource): boolean {
  if (name === 'paypal') return Boolean(c.client_id && c.client_secret);
  if (name === 'gocardless') return Boolean(c.access_token);
  if (name === 'stripe') {
    const env = stripeEnvironment(source);
    return Boolean((env.secret_key ?? c.secret_key) && (env.publishable_key ?? c.publishable_key));
  }
  return true;
}

export async function loadProviderRow(q: Queryable, name: string): Promise<Row | undefined> {
  const [row] = await q.select().from(paymentProviders).where(eq(paymentProviders.provider, name));
  return row;
}

function toView(name: PaymentProviderName, row: Row | undefined, source: StripeConfigSource): PaymentProvider {
  const c = openCredentials(source.appKey, row);
  const isStripe = name === 'stripe';
  return {
    provider: name,
    label: paymentProviderLabels[name],
    // Stripe set up by the environment alone (before the settings offered it) is on.
    enabled: row?.enabled ?? (isStripe ? Boolean(stripeEnvironment(source).secret_key) : paymentProviderDefaultEnabled[name]),
    test_mode: row?.testMode ?? true,
    client_id: name === 'paypal' ? (c.client_id ?? null) : null,
    has_client_secret: Boolean(c.client_secret),
    has_access_token: Boolean(c.access_token),
    stripe_keys: isStripe ? stripeKeyViews(c, stripeEnvironment(source)) : null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function listPaymentProviders(db: Queryable, source: StripeConfigSource): Promise<PaymentProvider[]> {
  const rows = await db.select().from(paymentProviders);
  return paymentProviderNames.map((name) => toView(name, rows.find((r) => r.provider === name), source));
}

/** The spec's message for what the save did: the toggle's own words, else "updated". */
function messageFor(update: Update): string {
  const keys = Object.keys(update).filter((k) => k !== 'provider' && (update as Record<string, unknown>)[k] !== undefined);
  if (keys.length === 1 && keys[0] === 'enabled') {
    return update.enabled ? paymentProviderMessages.enabled : paymentProviderMessages.disabled;
  }
  return paymentProviderMessages.updated;
}

/**
 * Saves one provider's toggle or input settings in one audited transaction. A blank secret keeps
 * the saved one; a provider cannot be turned on before its credentials are saved.
 */
export async function updatePaymentProvider(
  db: Db,
  actor: Actor,
  source: StripeConfigSource,
  update: Update,
): Promise<{ message: string; provider: PaymentProvider }> {
  const name = update.provider;
  const appKey = source.appKey;
  return withActor(db, actor, async (tx) => {
    const row = await loadProviderRow(tx, name);
    const credentials = openCredentials(appKey, row);
    for (const key of CREDENTIAL_KEYS) {
      const value = (update as Partial<Record<(typeof CREDENTIAL_KEYS)[number], string>>)[key];
      if (value) credentials[key] = value;
    }
    const complete = hasCredentials(name, credentials, source);
    // Stripe turns itself on when both of its keys are first there; after that, the toggle decides.
    const completedNow = name === 'stripe' && complete && !hasCredentials(name, openCredentials(appKey, row), source);
    const enabled = update.enabled ?? (completedNow ? true : (row?.enabled ?? paymentProviderDefaultEnabled[name]));
    if (enabled && !complete) {
      throw fieldError('enabled', paymentProviderMessages.credentialsFirst(paymentProviderLabels[name]));
    }
    const testMode = 'test_mode' in update && update.test_mode !== undefined ? update.test_mode : (row?.testMode ?? true);
    if (name === 'stripe') ensureStripeModes(testMode, credentials, source);
    const sealed = Object.keys(credentials).length ? encrypt(appKey, JSON.stringify(credentials)) : null;
    const values = { enabled, testMode, credentials: sealed };
    const [saved] = await tx
      .insert(paymentProviders)
      .values({ provider: name, providerType: providerTypes[name], displayName: paymentProviderLabels[name], ...values })
      .onConflictDoUpdate({ target: paymentProviders.provider, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    return { message: messageFor(update), provider: toView(name, saved, source) };
  });
}

/** A live key on an install in test mode (or the other way round) is refused before it is saved. */
function ensureStripeModes(testMode: boolean, stored: ProviderCredentials, source: StripeConfigSource): void {
  const env = stripeEnvironment(source);
  const secretKey = env.secret_key ?? stored.secret_key ?? null;
  const publishableKey = env.publishable_key ?? stored.publishable_key ?? null;
  const problem = stripeModeProblem({ testMode, secretKey, publishableKey });
  if (!problem) return;
  const field = stripeModeProblem({ testMode, secretKey, publishableKey: null }) ? 'secret_key' : 'publishable_key';
  throw fieldError(field, problem);
}

/**
 * The card gateway in use must be switched on: a provider turned off on the settings page takes
 * no payments (a provider never set keeps its default, on for the sandbox).
 */
export async function ensureGatewayEnabled(q: Queryable, name: string): Promise<void> {
  const row = await loadProviderRow(q, name);
  if (row && !row.enabled) throw new AppError('validation', paymentProviderMessages.gatewayOff, { _: [paymentProviderMessages.gatewayOff] });
}

export type { PaymentProviderUpdate };
