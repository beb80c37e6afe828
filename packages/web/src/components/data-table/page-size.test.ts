import { describe, expect, it } from 'vitest';
import { pageSizeChoices } from './page-size.ts';

describe('pageSizeChoices', () => {
  it("offers the list's own size among the usual ones, in order", () => {
    expect(pageSizeChoices(50)).toEqual([10, 25, 50, 100]);
    expect(pageSizeChoices(40)).toEqual([10, 25, 40, 50, 100]);
    expect(pageSizeChoices(10)).toEqual([10, 25, 50, 100]);
  });
});
