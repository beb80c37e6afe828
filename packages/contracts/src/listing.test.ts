import { describe, expect, it } from 'vitest';
import { COUNT_CAP, type ListingResponse, withKnownCounts } from './listing.ts';

const page = (over: Partial<ListingResponse>): ListingResponse => ({
  draw: 1, recordsTotal: 61, recordsFiltered: 61, capped: false, counts: 'reused', data: [], ...over,
});

describe('withKnownCounts', () => {
  it('puts back the counts the client holds when the server reused them', () => {
    const merged = withKnownCounts(page({ recordsFiltered: 61 }), { recordsTotal: 900, recordsFiltered: 420, capped: false });
    expect(merged).toMatchObject({ recordsTotal: 900, recordsFiltered: 420, capped: false });
  });

  it('keeps a counted answer as it is', () => {
    const fresh = page({ counts: 'fresh', recordsTotal: 5, recordsFiltered: 3 });
    expect(withKnownCounts(fresh, { recordsTotal: 900, recordsFiltered: 420, capped: false })).toBe(fresh);
  });

  it('past the cap, grows the lower bound with the pages reached', () => {
    const known = { recordsTotal: COUNT_CAP, recordsFiltered: COUNT_CAP, capped: true };
    expect(withKnownCounts(page({ recordsFiltered: 12_051 }), known).recordsFiltered).toBe(12_051);
    expect(withKnownCounts(page({ recordsFiltered: 51 }), known).recordsFiltered).toBe(COUNT_CAP);
  });
});
