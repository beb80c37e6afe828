import { describe, expect, it } from 'vitest';
import { contributionIdFromSearch, contributionNumber } from './contribution-number.ts';

describe('contribution numbers', () => {
  it('names a contribution by its id, with a hash', () => {
    expect(contributionNumber(2401)).toBe('#2401');
    expect(contributionNumber(7)).toBe('#7');
  });

  it('reads a short number back from a search, with or without the hash', () => {
    expect(contributionIdFromSearch('2401')).toBe(2401);
    expect(contributionIdFromSearch('#2401')).toBe(2401);
    expect(contributionIdFromSearch('  #2401 ')).toBe(2401);
    // What the formatter writes, the search reads.
    expect(contributionIdFromSearch(contributionNumber(98765))).toBe(98765);
  });

  it('reads nothing else as an id', () => {
    for (const term of ['', '#', 'smith', '24 01', '#-5', '2401a', 'F4B886E7-90E5-419E-A014-4DFDEFED7D17', '0', '#0', '2147483648', '99999999999', '1e3', '0x10']) {
      expect(contributionIdFromSearch(term), term).toBeUndefined();
    }
    expect(contributionIdFromSearch('2147483647')).toBe(2 ** 31 - 1);
  });
});
