import { describe, expect, it } from 'vitest';
import { filterChanges } from './listing-state.ts';

describe('filterChanges', () => {
  it('names only what the form changed, so a newer value of another filter in the URL stays', () => {
    // Drawn before "Lifetime from" re-rendered; the form answers with the new "to" only.
    expect(filterChanges({ gave_in_year: '2026' }, { gave_in_year: '2026', lifetime_max: '50' })).toEqual({ lifetime_max: '50' });
  });

  it('names a filter the form dropped as undefined, and a changed list whole', () => {
    expect(filterChanges({ status: 'paid', type: ['a', 'b'] }, { type: ['a'] })).toEqual({ status: undefined, type: ['a'] });
  });

  it('names every filter on a reset, and nothing when nothing changed', () => {
    expect(filterChanges({ status: 'paid', from: '2026-01-01' }, {})).toEqual({ status: undefined, from: undefined });
    expect(filterChanges({ status: 'paid' }, { status: 'paid' })).toEqual({});
  });
});
