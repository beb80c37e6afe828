import { encrypt } from '../modules/auth/crypto.ts';
import type { sandboxSources } from '../integrations/payments/sandbox/sandbox.tables.ts';
import { at } from './context.ts';
import type { MethodPlan } from './plan-profiles.ts';
import type { Rng } from './prng.ts';

type SourceRow = typeof sandboxSources.$inferInsert;

/**
 * A demo saved card or bank account as the sandbox gateway would hold it after a real checkout:
 * a reusable `pm_…` source, and the token Almoner keeps for it, sealed with the app key as
 * checkout seals it. With it My Methods and the recurring billing job charge demo methods like
 * any other. PayPal is not a sandbox method (no token), nor is anything seeded without the
 * app key (the token could not be opened).
 */
export function sandboxMethod(rng: Rng, appKey: Buffer | null, m: MethodPlan, createdAt: number): { source: SourceRow; token: string } | null {
  if (!appKey || m.type === 'paypal') return null;
  const reference = `pm_${rng.uuid().replace(/-/g, '').slice(0, 24)}`;
  const source: SourceRow = {
    reference,
    type: m.type,
    reusable: true,
    outcome: 'succeeds',
    // A bank source keeps its account type where a card keeps its brand (see sandbox-gateway.ts).
    brand: m.type === 'bank' ? 'checking' : m.brand,
    last4: m.last4,
    expMonth: m.expMonth,
    expYear: m.expYear,
    createdAt: at(createdAt),
  };
  return { source, token: encrypt(appKey, reference) };
}
