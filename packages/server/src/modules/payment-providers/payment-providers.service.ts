import {
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
import type { paymentProviderUpdateSchema } from '@almoner/contracts';

type Row = typeof paymentProviders.$inferSelect;
type Update = z.output<typeof paymentProviderUpdateSchema>;
/** What the sealed `credentials` column holds, per provider. */
export type ProviderCredentials = { client_id?: string; client_secret?: string; access_token?: string };

const providerTypes: Record<PaymentProviderName, string> = { sandbox: 'credit_card', paypal: 'paypal', gocardless: 'bank' };
const CREDENTIAL_KEYS = ['client_id', 'client_secret', 'access_token'] as const;

export function openCredentials(appKey: Buffer, row: Pick<Row, 'credentials'> | undefined): ProviderCredentials {
  if (!row?.credentials) return {};
  try {
    return JSON.parse(decrypt(appKey, row.credentials)) as ProviderCredentials;
  } catch {
    // Sealed with another app key (or damaged): as good as never saved; staff enter them again.
    return {};
  }
}

/** Every credential the provider needs to talk to its API is saved. */
function hasCredentials(name: PaymentProviderName, c: ProviderCredentials): boolean {
  if (name === 'paypal') return Boolean(c.client_id && c.client_secret);
  if (name === 'gocardless') return Boolean(c.access_token);
  return true;
}

export async function loadProviderRow(q: Queryable, name: string): Promise<Row | undefined> {
  const [row] = await q.select().from(paymentProviders).where(eq(paymentProviders.provider, name));
  return row;
}

function toView(name: PaymentProviderName, row: Row | undefined, appKey: Buffer): PaymentProvider {
  const c = openCredentials(appKey, row);
  return {
    provider: name,
    label: paymentProviderLabels[name],
    enabled: row?.enabled ?? paymentProviderDefaultEnabled[name],
    test_mode: row?.testMode ?? true,
    client_id: name === 'paypal' ? (c.client_id ?? null) : null,
    has_client_secret: Boolean(c.client_secret),
    has_access_token: Boolean(c.access_token),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function listPaymentProviders(db: Queryable, appKey: Buffer): Promise<PaymentProvider[]> {
  const rows = await db.select().from(paymentProviders);
  return paymentProviderNames.map((name) => toView(name, rows.find((r) => r.provider === name), appKey));
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
  appKey: Buffer,
  update: Update,
): Promise<{ message: string; provider: PaymentProvider }> {
  const name = update.provider;
  return withActor(db, actor, async (tx) => {
    const row = await loadProviderRow(tx, name);
    const credentials = openCredentials(appKey, row);
    for (const key of CREDENTIAL_KEYS) {
      const value = (update as Partial<Record<(typeof CREDENTIAL_KEYS)[number], string>>)[key];
      if (value) credentials[key] = value;
    }
    const enabled = update.enabled ?? row?.enabled ?? paymentProviderDefaultEnabled[name];
    if (enabled && !hasCredentials(name, credentials)) {
      throw fieldError('enabled', paymentProviderMessages.credentialsFirst(paymentProviderLabels[name]));
    }
    const testMode = 'test_mode' in update && update.test_mode !== undefined ? update.test_mode : (row?.testMode ?? true);
    const sealed = Object.keys(credentials).length ? encrypt(appKey, JSON.stringify(credentials)) : null;
    const values = { enabled, testMode, credentials: sealed };
    const [saved] = await tx
      .insert(paymentProviders)
      .values({ provider: name, providerType: providerTypes[name], displayName: paymentProviderLabels[name], ...values })
      .onConflictDoUpdate({ target: paymentProviders.provider, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    return { message: messageFor(update), provider: toView(name, saved, appKey) };
  });
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
