import { contributions } from '../modules/contributions/contributions.tables.ts';
import { DaySampler, HISTORY_DAYS } from './calendar.ts';
import type { Catalog } from './catalog.ts';
import { DAY, type SeedContext } from './context.ts';
import { WeightedPicker, type SupporterRef } from './people.ts';
import { planProfiles, type MethodPlan, type ProfilePlan } from './plan-profiles.ts';
import type { Rng } from './prng.ts';
import type { SponseeRef } from './sponsee-ref.ts';

export const EVENT = { order: 0, guest: 1, abandoned: 2, start: 3, charge: 4 } as const;

/**
 * Every contribution to write, in time order (ids follow time, as in a real system). Kept in
 * typed arrays: a million events cost a few megabytes, not a million objects.
 */
export type Plan = {
  count: number;
  times: Float64Array;
  kinds: Uint8Array;
  /** Supporter index (order, abandoned; -1 = guest) or profile index (start, charge). */
  refs: Int32Array;
  /** The charge number for charges. */
  extra: Int32Array;
  firstContributionId: number;
  profiles: ProfilePlan[];
  methods: MethodPlan[];
};

const ABANDONED_SHARE = 0.03;
const RECURRING_SHARE = 0.26;
const GUEST_SHARE = 0.07;

/** Decides who gives what and when; also fixes each supporter's `createdAt`. */
export function planContributions(ctx: SeedContext, people: SupporterRef[], sponsees: SponseeRef[], catalog: Catalog): Plan {
  const rng = ctx.rng.fork('plan');
  const sampler = new DaySampler(ctx.now);
  const total = ctx.scale.contributions;
  const { profiles, methods } = planProfiles(ctx, rng, people, sponsees, catalog, Math.round(total * RECURRING_SHARE));
  const recurring = profiles.reduce((sum, p) => sum + 1 + p.chargeTimes.length, 0);
  const abandoned = Math.round(total * ABANDONED_SHARE);
  const oneTime = Math.max(0, total - recurring - abandoned);
  const guests = Math.round(oneTime * GUEST_SHARE);
  const events = new EventList(recurring + abandoned + oneTime);
  for (const [index, p] of profiles.entries()) {
    events.push(p.startAt, EVENT.start, index, 0);
    p.chargeTimes.forEach((t, n) => events.push(t, EVENT.charge, index, n));
  }
  const picker = new WeightedPicker(people);
  for (let i = 0; i < oneTime; i++) {
    const guest = i < guests;
    events.push(sampler.sample(rng), guest ? EVENT.guest : EVENT.order, guest ? -1 : picker.pick(rng), 0);
  }
  for (let i = 0; i < abandoned; i++) events.push(sampler.sample(rng), EVENT.abandoned, rng.chance(0.4) ? picker.pick(rng) : -1, 0);
  const plan = events.sorted(ctx.ids.peek(contributions), profiles, methods);
  fixCreatedAt(ctx, rng, people, plan);
  return plan;
}

/** A supporter exists from shortly before their first gift; people who never gave signed up at some point. */
function fixCreatedAt(ctx: SeedContext, rng: Rng, people: SupporterRef[], plan: Plan): void {
  const first = new Float64Array(people.length).fill(Infinity);
  for (let i = 0; i < plan.count; i++) {
    const kind = plan.kinds[i];
    const ref = plan.refs[i] as number;
    const who = kind === EVENT.start || kind === EVENT.charge ? (plan.profiles[ref] as ProfilePlan).supporterIndex : ref;
    if (who >= 0 && (plan.times[i] as number) < (first[who] as number)) first[who] = plan.times[i] as number;
  }
  for (const [i, person] of people.entries()) {
    const firstGift = first[i] as number;
    person.createdAt = Number.isFinite(firstGift)
      ? firstGift - rng.next() * (rng.chance(0.3) ? 400 : 0.02) * DAY
      : ctx.now - rng.next() * (HISTORY_DAYS + 365) * DAY;
  }
}

class EventList {
  private length = 0;
  private readonly times: Float64Array;
  private readonly kinds: Uint8Array;
  private readonly refs: Int32Array;
  private readonly extra: Int32Array;

  constructor(capacity: number) {
    this.times = new Float64Array(capacity);
    this.kinds = new Uint8Array(capacity);
    this.refs = new Int32Array(capacity);
    this.extra = new Int32Array(capacity);
  }

  push(time: number, kind: number, ref: number, extra: number): void {
    this.times[this.length] = time;
    this.kinds[this.length] = kind;
    this.refs[this.length] = ref;
    this.extra[this.length] = extra;
    this.length += 1;
  }

  /** Time order; ties keep insertion order so the result never depends on the sort algorithm. */
  sorted(firstContributionId: number, profiles: ProfilePlan[], methods: MethodPlan[]): Plan {
    const order = new Uint32Array(this.length);
    for (let i = 0; i < this.length; i++) order[i] = i;
    order.sort((a, b) => (this.times[a] as number) - (this.times[b] as number) || a - b);
    const plan: Plan = {
      count: this.length, times: new Float64Array(this.length), kinds: new Uint8Array(this.length), refs: new Int32Array(this.length),
      extra: new Int32Array(this.length), firstContributionId, profiles, methods,
    };
    for (let i = 0; i < this.length; i++) {
      const from = order[i] as number;
      plan.times[i] = this.times[from] as number;
      plan.kinds[i] = this.kinds[from] as number;
      plan.refs[i] = this.refs[from] as number;
      plan.extra[i] = this.extra[from] as number;
      if (plan.kinds[i] === EVENT.start) (profiles[plan.refs[i] as number] as ProfilePlan).contributionId = firstContributionId + i;
    }
    return plan;
  }
}
