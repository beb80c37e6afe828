import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysInMonth, nextBillingDate } from './recurring.schedule.ts';

const MONTHS = { monthly: 1, quarterly: 3, biannually: 6, annually: 12 } as const;
const DAYS = { weekly: 7, biweekly: 14 } as const;
const periods = [...Object.keys(MONTHS), ...Object.keys(DAYS)];

const ymd = (day: string) => day.split('-').map(Number) as [number, number, number];
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

describe('billing dates', () => {
  it('the 31st falls on the last day of shorter months and comes back to the 31st', () => {
    const dates = ['2027-01-31'];
    for (let i = 0; i < 6; i += 1) dates.push(nextBillingDate(dates.at(-1) as string, 'monthly', 31));
    expect(dates).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31']);
    expect(nextBillingDate('2027-11-30', 'quarterly', 31)).toBe('2028-02-29');
    expect(nextBillingDate('2028-02-29', 'annually', 29)).toBe('2029-02-28');
    expect(addDays('2027-12-30', 3)).toBe('2028-01-02');
  });

  it('always advances by exactly one period: never skips one, never repeats one (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...periods),
        fc.integer({ min: 1, max: 31 }),
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true }),
        (period, anchor, start) => {
          const first = start.toISOString().slice(0, 10);
          let day = first;
          for (let n = 1; n <= 30; n += 1) {
            const next = nextBillingDate(day, period, anchor);
            expect(dayNumber(next)).toBeGreaterThan(dayNumber(day));
            const step = DAYS[period as keyof typeof DAYS];
            if (step !== undefined) {
              expect(dayNumber(next) - dayNumber(first)).toBe(step * n);
            } else {
              // Month n periods after the start, on the anchor day or the month's last day.
              const [y0, m0] = ymd(first);
              const [y, m, d] = ymd(next);
              expect(y * 12 + m - (y0 * 12 + m0)).toBe(MONTHS[period as keyof typeof MONTHS] * n);
              expect(d).toBe(Math.min(anchor, daysInMonth(y, m)));
            }
            day = next;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
