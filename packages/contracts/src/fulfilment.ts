/**
 * What "Mark fulfilled" / "Mark unfulfilled" did to each selected row. A row is marked only
 * when its status then reads the mark, so the Fulfilled and Unfulfilled filters list exactly
 * what was marked; every other row is counted under the reason it was left alone.
 */
export type FulfilmentMark = 'fulfilled' | 'unfulfilled';

/** Why a row was left alone: its status, or that it has nothing to ship. */
const skipped: Record<string, (n: number, mark: FulfilmentMark) => string> = {
  nothing_to_ship: (n) => `${n} ${n === 1 ? 'has' : 'have'} nothing to ship`,
  fulfilled: (n) => `${n} ${n === 1 ? 'was' : 'were'} already fulfilled`,
  unfulfilled: (n) => `${n} ${n === 1 ? 'was' : 'were'} already unfulfilled`,
  pending: (n) => `${n} ${n === 1 ? 'is' : 'are'} awaiting payment`,
  failed: (n) => `${n} ${n === 1 ? 'has' : 'have'} a failed payment`,
  refunded: (n) => `${n} ${n === 1 ? 'is' : 'are'} refunded`,
  partially_refunded: (n) => `${n} ${n === 1 ? 'is' : 'are'} partially refunded`,
  spam: (n) => `${n} ${n === 1 ? 'is' : 'are'} spam`,
};

/** "2 marked fulfilled; 3 have nothing to ship." — `counts` by the row's reason before marking. */
export function fulfilmentMessage(mark: FulfilmentMark, marked: number, counts: Record<string, number>): string {
  const parts = [`${marked} marked ${mark}`];
  for (const [reason, describe] of Object.entries(skipped)) {
    const n = counts[reason] ?? 0;
    if (n > 0) parts.push(describe(n, mark));
  }
  return `${parts.join('; ')}.`;
}
