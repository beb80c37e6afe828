import { atOrgRate } from './money.ts';
import { contributionItems } from '../modules/contributions/contributions.tables.ts';
import { recurringTransactions } from '../modules/recurring/recurring.tables.ts';
import { type recurringPaymentProfiles } from '../modules/contributions/contributions.tables.ts';
import { sponsors } from '../modules/sponsorships/sponsors.tables.ts';
import { addPeriods } from './calendar.ts';
import type { ChunkRows } from './chunk.ts';
import { at, isoDay } from './context.ts';
import { finishContribution, newDraft, supporterBuyer } from './contribution-rows.ts';
import { paymentColumns, paymentDetails, recordPayment } from './payments.ts';
import type { SupporterRef } from './people.ts';
import type { ProfilePlan } from './plan-profiles.ts';
import type { Rng } from './prng.ts';
import { addReceipt } from './receipts.ts';
import type { SponseeRef } from './sponsee-ref.ts';
import type { Channel, Draft, Line, World } from './world.ts';

/** The order that starts a recurring profile: the profile, its first payment, and for sponsorships the sponsor. */
export function startRecurring(world: World, chunk: ChunkRows, rng: Rng, id: number, t: number, index: number): void {
  const p = world.plan.profiles[index] as ProfilePlan;
  const source = rng.weighted([['Web', 85], ['Phone', 10], ['POS', 5]] as const);
  world.profileSources[index] = source;
  const isPos = source !== 'Web';
  const channel: Channel = { source, isPos, web: !isPos, createdBy: isPos ? rng.pick(world.ctx.staff) : null, paymentType: p.method.type };
  const d = newDraft(world, chunk, rng, { id, t, buyer: supporterBuyer(world.people[p.supporterIndex] as SupporterRef), channel, paid: true });
  chunk.profiles.push(profileRow(world, p));
  const line = recurringLine(d, p);
  d.lines = [line];
  const c = finishContribution(d, { isRecurring: true, recurringPaymentProfileId: p.id });
  const details = paymentDetails(d, p.method);
  Object.assign(c, paymentColumns(d, details, c.totalAmount as number));
  recordPayment(d, c, details, { profileId: p.id }, true);
  chunk.profileLinks.push({ id: p.id, contributionId: id, contributionItemId: line.row.id as number });
  const sponsor = p.kind === 'sponsorship' ? sponsorRow(world, p, line, source) : null;
  if (sponsor) chunk.sponsors.push(sponsor);
  addReceipt(d, c, `Contribution #${c.clientUuid}`);
}

/** One scheduled charge: a contribution (for the listings) and its recurring transaction. */
export function charge(world: World, chunk: ChunkRows, rng: Rng, id: number, t: number, index: number, n: number): void {
  const p = world.plan.profiles[index] as ProfilePlan;
  const source = world.profileSources[index] ?? 'Web';
  const channel: Channel = { source, isPos: false, web: false, createdBy: null, paymentType: p.method.type };
  const paid = !p.failed[n];
  const d = newDraft(world, chunk, rng, { id, t, buyer: supporterBuyer(world.people[p.supporterIndex] as SupporterRef), channel, paid });
  d.lines = [recurringLine(d, p)];
  const c = finishContribution(d, { isRecurring: true, recurringPaymentProfileId: p.id });
  const transactionId = world.ctx.ids.next(recurringTransactions);
  const details = paymentDetails(d, p.method);
  Object.assign(c, paymentColumns(d, details, c.totalAmount as number));
  recordPayment(d, c, details, { profileId: p.id, transactionId }, true);
  chunk.transactions.push({
    id: transactionId, recurringPaymentProfileId: p.id, contributionId: id, transactionReference: c.confirmationNumber ?? null,
    paymentStatus: c.paymentStatus as string, reasonCode: paid ? null : (c.responseText ?? null), paymentMethodId: p.method.id,
    paymentMethodType: p.method.type, paymentMethodDescription: methodLabel(p), orderedAt: at(t), amount: p.amount,
    currencyCode: world.ctx.currency, ...atOrgRate(world.ctx, p.amount, t),
    dccType: p.dccAmount > 0 ? 'minimum_costs' : null, dccAmount: p.dccAmount, refundedAt: c.refundedAt ?? null,
    refundedAmount: c.refundedAmount ?? 0, refundedBy: c.refundedBy ?? null, refundReference: c.refundReference ?? null,
    giftId: c.giftId ?? null, crmSyncEnabled: c.crmSyncEnabled ?? false, createdAt: at(t), updatedAt: at(t),
  });
  addReceipt(d, c, `Recurring Payment #${p.code}-${transactionId}`);
}

/** The line of a recurring gift: a donation-form variant or a sponsee. */
function recurringLine(d: Draft, p: ProfilePlan): Line {
  const sponsee = p.kind === 'sponsorship' ? (d.world.sponsees[p.sponseeIndex] as SponseeRef) : null;
  const v = p.variant;
  const row = {
    id: d.world.ctx.ids.next(contributionItems), contributionId: d.id, variantId: v?.id ?? null, productId: v?.productId ?? null,
    sponsorshipId: sponsee?.id ?? null, description: sponsee ? `Sponsorship: ${sponsee.firstName} ${sponsee.lastName}` : `${v?.productName} \u2013 ${v?.variantName}`,
    code: sponsee?.reference ?? v?.code ?? null, qty: 1, price: p.amount, originalPrice: p.amount, total: p.amount, isDonation: true,
    glCode: sponsee?.glCode ?? v?.glCode ?? null, dccEligible: p.dccAmount > 0, dccAmount: p.dccAmount, dccRecurringAmount: p.dccAmount,
    recurringAmount: p.amount, recurringFrequency: p.period, recurringWithInitialCharge: true,
    recurringCycles: p.cycles, recurringStartsOn: isoDay(p.startAt), createdAt: at(d.t), updatedAt: at(d.t),
  };
  Object.assign(row, recurringDay(p));
  return { row, variant: v, receiptable: true, shippableUnits: 0 };
}

function recurringDay(p: ProfilePlan): { recurringDay: number | null; recurringDayOfWeek: number | null } {
  const start = new Date(p.startAt);
  if (p.period === 'weekly' || p.period === 'biweekly') return { recurringDay: null, recurringDayOfWeek: start.getUTCDay() || 7 };
  return { recurringDay: Math.min(28, start.getUTCDate()), recurringDayOfWeek: null };
}

function methodLabel(p: ProfilePlan): string {
  if (p.method.type === 'paypal') return 'PayPal';
  if (p.method.type === 'bank') return `Bank account ending ${p.method.last4}`;
  return `${p.method.brand ?? 'Card'} ending ${p.method.last4}`;
}

function profileRow(world: World, p: ProfilePlan): typeof recurringPaymentProfiles.$inferInsert {
  const s = world.people[p.supporterIndex] as SupporterRef;
  const sponsee = p.kind === 'sponsorship' ? (world.sponsees[p.sponseeIndex] as SponseeRef) : null;
  const charges = p.chargeTimes.length;
  const trailingFailures = p.failed.length - (p.failed.lastIndexOf(false) + 1);
  const ended = p.status === 'Cancelled' || p.status === 'Expired';
  return {
    id: p.id, profileId: p.code, status: p.status, supporterId: s.id, productId: p.variant?.productId ?? null, variantId: p.variant?.id ?? null,
    sponsorshipId: sponsee?.id ?? null, paymentMethodId: p.method.id,
    paymentProviderId: p.method.type === 'paypal' ? world.reference.providers.paypal : world.reference.providers.sandbox,
    subscriberName: s.displayName, glCode: sponsee?.glCode ?? p.variant?.glCode ?? null,
    description: sponsee ? `Sponsorship of ${sponsee.firstName} ${sponsee.lastName} (${sponsee.reference})` : `${p.variant?.productName} (${p.period})`,
    currencyCode: world.ctx.currency, startDate: isoDay(p.startAt), billingPeriod: p.period, ...recurringDay(p), totalBillingCycles: p.cycles, amount: p.amount, initialAmount: p.amount,
    dccEnabledByCustomer: p.dccAmount > 0, dccType: p.dccAmount > 0 ? 'minimum_costs' : null, dccAmount: p.dccAmount,
    nextBillingDate: p.status === 'Active' ? isoDay(addPeriods(p.startAt, p.period, charges + 1)) : null,
    nextAttemptDate: p.status === 'Active' ? isoDay(addPeriods(p.startAt, p.period, charges + 1)) : null,
    finalPaymentDueDate: ended && p.endAt !== null ? isoDay(p.endAt) : null,
    numCyclesRemaining: p.cycles === null ? null : Math.max(0, p.cycles - charges - 1), failedPaymentCount: trailingFailures,
    cancelReason: p.cancelReason, cancelledAt: p.status === 'Cancelled' && p.endAt ? at(p.endAt) : null,
    cancelledBy: p.status === 'Cancelled' && p.id % 3 === 0 ? (world.ctx.staff[0] ?? null) : null,
    suspendedAt: p.status === 'Suspended' && p.endAt ? at(p.endAt) : null, createdAt: at(p.startAt), updatedAt: at(p.endAt ?? p.chargeTimes.at(-1) ?? p.startAt),
  };
}

/** Per seed run: supporter and sponsee pairs with an open sponsor record (the table allows one). */
const openSponsors = new WeakMap<World, Set<string>>();

/** The sponsor record a sponsorship profile starts; none when that supporter already sponsors that sponsee. */
function sponsorRow(world: World, p: ProfilePlan, line: Line, source: string): typeof sponsors.$inferInsert | null {
  const ended = (p.status === 'Cancelled' || p.status === 'Expired') && p.endAt !== null;
  const open = openSponsors.get(world) ?? new Set<string>();
  openSponsors.set(world, open);
  const pair = `${p.supporterIndex}:${p.sponseeIndex}`;
  if (!ended && open.has(pair)) return null;
  if (!ended) open.add(pair);
  return {
    id: world.ctx.ids.next(sponsors), supporterId: (world.people[p.supporterIndex] as SupporterRef).id,
    sponsorshipId: (world.sponsees[p.sponseeIndex] as SponseeRef).id, contributionItemId: line.row.id as number, currencyCode: world.ctx.currency,
    source: source === 'Web' ? 'Website' : 'POS', startedAt: isoDay(p.startAt), endedAt: ended ? isoDay(Math.max(p.startAt, p.endAt as number)) : null,
    endedReason: ended ? (p.cancelReason ?? 'Sponsorship completed') : null, createdAt: at(p.startAt), updatedAt: at(p.endAt ?? p.startAt),
  };
}
