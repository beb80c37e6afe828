import { paymentMethods } from '../modules/payments/payment-methods.tables.ts';
import { recurringPaymentProfiles } from '../modules/contributions/contributions.tables.ts';
import { addPeriods, HISTORY_DAYS, timeOfDay, type Period } from './calendar.ts';
import type { Catalog, VariantRef } from './catalog.ts';
import { DAY, type SeedContext } from './context.ts';
import { dccFor } from './money.ts';
import { WeightedPicker, type SupporterRef } from './people.ts';
import type { Rng } from './prng.ts';
import type { SponseeRef } from './sponsee-ref.ts';

export type MethodPlan = {
  id: number;
  supporterIndex: number;
  type: 'card' | 'bank' | 'paypal';
  brand: string | null;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  wallet: string | null;
  status: 'ACTIVE' | 'EXPIRED';
};

export type ProfilePlan = {
  id: number;
  code: string;
  supporterIndex: number;
  kind: 'donation' | 'sponsorship';
  variant: VariantRef | null;
  sponseeIndex: number;
  amount: number;
  dccAmount: number;
  period: Period;
  startAt: number;
  status: 'Active' | 'Suspended' | 'Cancelled' | 'Expired';
  /** When it was cancelled, suspended or expired. */
  endAt: number | null;
  cycles: number | null;
  chargeTimes: number[];
  failed: boolean[];
  cancelReason: string | null;
  method: MethodPlan;
  /** Set once events are sorted: the contribution that started it. */
  contributionId: number;
};

const CANCEL_REASONS = ['Financial reasons', 'No longer interested', 'Prefers one-time gifts', 'Moved away', 'Duplicate profile', 'Other'];
const BRANDS = [['visa', 48], ['mastercard', 28], ['amex', 14], ['discover', 10]] as const;

/** Recurring profiles until their starts and charges reach `budget` contributions. */
export function planProfiles(
  ctx: SeedContext, rng: Rng, people: SupporterRef[], sponsees: SponseeRef[], catalog: Catalog, budget: number,
): { profiles: ProfilePlan[]; methods: MethodPlan[] } {
  const picker = new WeightedPicker(people);
  const profiles: ProfilePlan[] = [];
  const methods: MethodPlan[] = [];
  let used = 0;
  while (used < budget && profiles.length < people.length) {
    let supporterIndex = picker.pick(rng);
    // Spam accounts do not set up recurring gifts.
    while (people[supporterIndex]?.isSpam) supporterIndex = picker.pick(rng);
    const method = planMethod(ctx, rng, supporterIndex);
    const sponsorship = sponsees.length > 0 && rng.chance(0.4);
    const profile = sponsorship
      ? sponsorshipProfile(ctx, rng, sponsees, profiles.length, method)
      : donationProfile(ctx, rng, catalog, method);
    schedule(ctx, rng, profile);
    profiles.push(profile);
    methods.push(method);
    used += 1 + profile.chargeTimes.length;
  }
  const second = secondCard(ctx, people, methods);
  if (second) methods.push(second);
  return { profiles, methods };
}

/**
 * One demo donor keeps a second card beside the one their recurring gift uses, so their page
 * shows a default and another card to make default or remove. The first donor paying by card
 * with one saved method gets it; a forked generator leaves the rest of the demo as it was.
 */
function secondCard(ctx: SeedContext, people: SupporterRef[], methods: MethodPlan[]): MethodPlan | null {
  const held = new Map<number, number>();
  for (const m of methods) held.set(m.supporterIndex, (held.get(m.supporterIndex) ?? 0) + 1);
  const first = methods.find((m) => m.type === 'card' && held.get(m.supporterIndex) === 1 && !people[m.supporterIndex]?.isSpam);
  if (!first) return null;
  const rng = ctx.rng.fork('second-card');
  const card = planMethod(ctx, rng, first.supporterIndex);
  return { ...card, type: 'card', brand: first.brand === 'visa' ? 'mastercard' : 'visa', expMonth: card.expMonth ?? 6, expYear: card.expYear ?? new Date(ctx.now).getUTCFullYear() + 2, wallet: null };
}

function planMethod(ctx: SeedContext, rng: Rng, supporterIndex: number): MethodPlan {
  const type = rng.weighted([['card', 80], ['bank', 14], ['paypal', 6]] as const);
  const year = new Date(ctx.now).getUTCFullYear();
  return {
    id: ctx.ids.next(paymentMethods), supporterIndex, type, brand: type === 'card' ? rng.weighted(BRANDS) : null,
    last4: String(rng.int(0, 9999)).padStart(4, '0'), expMonth: type === 'card' ? rng.int(1, 12) : null,
    expYear: type === 'card' ? year + rng.int(0, 4) : null, wallet: type === 'card' && rng.chance(0.15) ? 'apple_pay' : null, status: 'ACTIVE',
  };
}

function baseProfile(ctx: SeedContext, rng: Rng, method: MethodPlan): Omit<ProfilePlan, 'kind' | 'variant' | 'sponseeIndex' | 'amount' | 'period' | 'dccAmount'> {
  const startAt = ctx.now - rng.int(2, HISTORY_DAYS - 1) * DAY - DAY + timeOfDay(rng);
  const id = ctx.ids.next(recurringPaymentProfiles);
  return {
    id, code: `RP-${String(id).padStart(7, '0')}`, supporterIndex: method.supporterIndex, startAt, status: 'Active', endAt: null, cycles: null,
    chargeTimes: [], failed: [], cancelReason: null, method, contributionId: 0,
  };
}

function donationProfile(ctx: SeedContext, rng: Rng, catalog: Catalog, method: MethodPlan): ProfilePlan {
  const weights: Record<string, number> = { monthly: 10, quarterly: 2, weekly: 1, annually: 2 };
  const variant = rng.weighted(catalog.byKind.recurring_donation.map((v) => [v, weights[v.billingPeriod] ?? 1] as const));
  const amount = donationAmount(rng, variant);
  return {
    ...baseProfile(ctx, rng, method), kind: 'donation', variant, sponseeIndex: -1, amount, period: variant.billingPeriod as Period,
    dccAmount: rng.chance(0.3) ? dccFor(amount, 'minimum_costs') : 0,
  };
}

function sponsorshipProfile(ctx: SeedContext, rng: Rng, sponsees: SponseeRef[], index: number, method: MethodPlan): ProfilePlan {
  // Round-robin, so sponsors spread over sponsees instead of piling on a few.
  const sponseeIndex = index % sponsees.length;
  const sponsee = sponsees[sponseeIndex] as SponseeRef;
  const annual = rng.chance(0.1);
  return {
    ...baseProfile(ctx, rng, method), kind: 'sponsorship', variant: null, sponseeIndex,
    amount: annual ? sponsee.monthlyAmount * 12 : sponsee.monthlyAmount, period: annual ? 'annually' : 'monthly', dccAmount: 0,
  };
}

/** Presets most of the time (the middle ones most), otherwise a round custom amount. */
export function donationAmount(rng: Rng, variant: VariantRef): number {
  const presets = variant.presets;
  if (presets.length > 0 && rng.chance(0.8)) {
    return rng.weighted(presets.map((p, i) => [p, i === 0 || i === presets.length - 1 ? 1 : 3] as const));
  }
  const median = presets[Math.floor(presets.length / 2)] ?? 5000;
  return Math.max(variant.minimum, Math.round(rng.logNormal(median, 0.8) / 100) * 100);
}

/** Status, end and charge dates; the start order itself is cycle 1. */
function schedule(ctx: SeedContext, rng: Rng, p: ProfilePlan): void {
  p.status = rng.weighted([['Active', 60], ['Cancelled', 22], ['Suspended', 9], ['Expired', 9]] as const);
  if (p.status === 'Cancelled' || p.status === 'Suspended') p.endAt = p.startAt + (0.15 + rng.next() * 0.8) * (ctx.now - p.startAt);
  if (p.status === 'Expired') p.cycles = rng.int(3, 12);
  if (p.status === 'Cancelled') p.cancelReason = rng.pick(CANCEL_REASONS);
  for (let n = 1; ; n++) {
    const t = addPeriods(p.startAt, p.period, n);
    if (t >= ctx.now - DAY / 2 || (p.endAt !== null && t >= p.endAt) || (p.cycles !== null && n >= p.cycles)) break;
    p.chargeTimes.push(t);
    p.failed.push(rng.chance(0.03));
  }
  if (p.status === 'Expired' && p.chargeTimes.length + 1 < (p.cycles as number)) p.status = 'Active';
  if (p.status === 'Expired') p.endAt = p.chargeTimes.at(-1) ?? p.startAt;
  if (p.status === 'Suspended') suspendAfterFailures(p);
}

/** A suspended profile ends on a run of declined charges. */
function suspendAfterFailures(p: ProfilePlan): void {
  const n = p.failed.length;
  for (let i = Math.max(0, n - 3); i < n; i++) p.failed[i] = true;
  p.endAt = p.chargeTimes.at(-1) ?? p.startAt;
  p.method.status = 'EXPIRED';
}
