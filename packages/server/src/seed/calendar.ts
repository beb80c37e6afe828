import { DAY } from './context.ts';
import type { Rng } from './prng.ts';

export const HISTORY_DAYS = 730;

export type Period = 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'biannually' | 'annually';

/** The `n`-th billing date after `start` (calendar months, so the 15th stays the 15th). */
export function addPeriods(start: number, period: Period, n: number): number {
  if (period === 'weekly') return start + 7 * n * DAY;
  if (period === 'biweekly') return start + 14 * n * DAY;
  const months = n * { monthly: 1, quarterly: 3, biannually: 6, annually: 12 }[period];
  const date = new Date(start);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

/**
 * Picks days in the last two years the way giving happens: a slow rise over time, busy
 * Decembers, Giving Tuesday and the last days of the year, quieter summers.
 */
export class DaySampler {
  private readonly cumulative: Float64Array;

  constructor(private readonly now: number) {
    this.cumulative = new Float64Array(HISTORY_DAYS);
    let total = 0;
    for (let i = 0; i < HISTORY_DAYS; i++) {
      total += dayWeight(now - (HISTORY_DAYS - i) * DAY, i);
      this.cumulative[i] = total;
    }
  }

  /** A moment (ms) on a sampled day at or after `from`, during waking hours in the Americas. */
  sample(rng: Rng, from = 0): number {
    const firstDay = Math.max(0, Math.ceil((from - (this.now - HISTORY_DAYS * DAY)) / DAY));
    const base = firstDay > 0 ? (this.cumulative[Math.min(firstDay, HISTORY_DAYS) - 1] as number) : 0;
    const total = this.cumulative[HISTORY_DAYS - 1] as number;
    const day = this.search(base + rng.next() * (total - base));
    return this.now - (HISTORY_DAYS - day) * DAY + timeOfDay(rng);
  }

  private search(target: number): number {
    let low = 0;
    let high = HISTORY_DAYS - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.cumulative[mid] as number) < target) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

function dayWeight(ms: number, index: number): number {
  const date = new Date(ms);
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  let weight = 1 + index / HISTORY_DAYS / 3;
  if (month === 11) weight *= day >= 26 ? 4 : 1.8;
  if (month === 10 && day >= 26 && date.getUTCDay() === 2) weight *= 5;
  if (month === 6 || month === 7) weight *= 0.8;
  if (date.getUTCDay() === 0 || date.getUTCDay() === 6) weight *= 0.75;
  return weight;
}

/** 13:00–04:00 UTC, i.e. roughly 8am–11pm across North America. */
export function timeOfDay(rng: Rng): number {
  return (13 * 3600 + rng.next() * 15 * 3600) * 1000;
}
