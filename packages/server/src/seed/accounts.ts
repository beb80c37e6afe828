import { sandboxSources } from '../integrations/payments/sandbox/sandbox.tables.ts';
import { paymentMethods } from '../modules/payments/payment-methods.tables.ts';
import { supporters } from '../modules/supporters/supporters.tables.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { at, type SeedContext } from './context.ts';
import { supporterRow, type SupporterRef } from './people.ts';
import type { MethodPlan } from './plan-profiles.ts';
import type { Reference } from './reference.ts';
import { sandboxMethod } from './saved-methods.ts';
import { insertRows } from './writer.ts';

const BATCH = 10_000;

/** Supporters (once the plan has dated them) and the saved payment methods of recurring donors. */
export async function insertAccounts(ctx: SeedContext, people: SupporterRef[], methods: MethodPlan[], reference: Reference): Promise<void> {
  const rng = ctx.rng.fork('accounts');
  // One real hash shared by every demo login: nobody knows the password, and hashing
  // a quarter of a million passwords would take an hour.
  const loginHash = await hashPassword(`demo-${ctx.rng.fork('login').uuid()}`);
  for (let start = 0; start < people.length; start += BATCH) {
    const rows = people.slice(start, start + BATCH).map((s) => supporterRow(ctx, s, rng, loginHash));
    await ctx.run((q) => insertRows(q, supporters, rows));
  }
  const tokens = ctx.rng.fork('sandbox-methods');
  // A donor's first saved method is their default; any later one is not (one default each).
  const defaults = new Set<number>();
  const seen = new Set<number>();
  for (const m of methods) {
    if (!seen.has(m.supporterIndex)) defaults.add(m.id);
    seen.add(m.supporterIndex);
  }
  for (let start = 0; start < methods.length; start += BATCH) {
    const batch = methods.slice(start, start + BATCH).map((m) => {
      const s = people[m.supporterIndex] as SupporterRef;
      return { row: { ...methodRow(ctx, s, m, reference), useAsDefault: defaults.has(m.id) }, saved: sandboxMethod(tokens, ctx.appKey, m, s.createdAt) };
    });
    const sources = batch.flatMap((b) => (b.saved ? [b.saved.source] : []));
    const rows = batch.map((b) => ({ ...b.row, token: b.saved?.token ?? null }));
    await ctx.run(async (q) => {
      await insertRows(q, sandboxSources, sources);
      await insertRows(q, paymentMethods, rows);
    });
  }
  ctx.log(`supporters: ${people.length.toLocaleString('en-US')}, saved payment methods: ${methods.length.toLocaleString('en-US')}`);
}

function methodRow(ctx: SeedContext, s: SupporterRef, m: MethodPlan, reference: Reference): typeof paymentMethods.$inferInsert {
  const label = m.type === 'paypal' ? `PayPal (${s.email})` : m.type === 'bank' ? `Checking ending ${m.last4}` : `${brandName(m.brand)} ending ${m.last4}`;
  return {
    id: m.id, supporterId: s.id, paymentProviderId: m.type === 'paypal' ? reference.providers.paypal : reference.providers.sandbox,
    status: m.status, currencyCode: ctx.currency, displayName: label.slice(0, 100), useAsDefault: true, type: m.type, cardBrand: m.brand, accountLastFour: m.type === 'paypal' ? null : m.last4,
    cardExpiryMonth: m.expMonth, cardExpiryYear: m.expYear, cardWallet: m.wallet, bankName: m.type === 'bank' ? 'Chase' : null,
    bankAccountType: m.type === 'bank' ? 'checking' : null, bankAccountHolderType: m.type === 'bank' ? 'personal' : null,
    billFirstName: s.firstName, billLastName: s.lastName, billEmail: s.email, billAddress01: s.address01, billCity: s.city,
    billState: s.state, billZip: s.zip, billCountry: s.country, createdAt: at(s.createdAt), updatedAt: at(s.createdAt),
  };
}

export function brandName(brand: string | null): string {
  return { visa: 'Visa', mastercard: 'MasterCard', amex: 'American Express', discover: 'Discover' }[brand ?? ''] ?? 'Card';
}
