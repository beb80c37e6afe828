/** Whether the bounded form runs (CI): fewer requests, the same checks. */
export const SHORT = process.env.RELIABILITY_SHORT === '1';

/** The suite's seed: RELIABILITY_SEED=n replays a run. */
export const SEED = Number(process.env.RELIABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** Prints a suite's figures as one block, so a CI log shows them together. */
export function printFigures(suite: string, figures: Record<string, string | number>): void {
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  const lines = Object.entries(figures).map(([k, v]) => `  ${k.padEnd(width)}  ${v}`);
  process.stdout.write(`\n[reliability] ${suite}${SHORT ? ' (short form)' : ''}\n${lines.join('\n')}\n`);
}

/** A seeded generator (mulberry32): the same seed gives the same requests. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof prng>;

/** The p-th percentile (0–100) of the values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
