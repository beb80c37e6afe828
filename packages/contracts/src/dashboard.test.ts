import { describe, expect, it } from 'vitest';
import { headlineRanges, sameDayLastYear } from './dashboard.ts';

describe('the headline figures\' days', () => {
  it('compare the month and the year to a day with the same days a year before', () => {
    expect(headlineRanges('2026-12-04')).toEqual({
      month: { from: '2026-12-01', to: '2026-12-04' },
      month_last_year: { from: '2025-12-01', to: '2025-12-04' },
      year: { from: '2026-01-01', to: '2026-12-04' },
      year_last_year: { from: '2025-01-01', to: '2025-12-04' },
    });
  });

  it('take the first and last day of a month and 29 February in their stride', () => {
    expect(headlineRanges('2026-03-01').month).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(headlineRanges('2026-01-31').year_last_year).toEqual({ from: '2025-01-01', to: '2025-01-31' });
    expect(sameDayLastYear('2024-02-29')).toBe('2023-02-28');
    expect(headlineRanges('2024-02-29').month_last_year).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(sameDayLastYear('2025-02-28')).toBe('2024-02-28');
    expect(sameDayLastYear('2026-12-31')).toBe('2025-12-31');
  });
});
