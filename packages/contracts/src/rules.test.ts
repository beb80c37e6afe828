import { describe, expect, it } from 'vitest';
import { isoDaySchema } from './exchange-rates.ts';
import { listingSearchSchema } from './listing.ts';
import { messages } from './messages.ts';
import { optionalSpecDate, parseSpecDate, parseSpecDateTime, requiredText, specDate, text } from './rules.ts';

describe('text never holds NUL', () => {
  it.each([text(), requiredText(), listingSearchSchema])('refuses NUL with a readable message', (schema) => {
    const result = schema.safeParse('a\u0000b');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.invalidCharacter);
  });

  it('accepts ordinary text, accents and emoji', () => {
    expect(requiredText(45).parse('  Zoë 💙 ')).toBe('Zoë 💙');
  });
});

describe('dates are real days', () => {
  it.each(['2024-02-30', '2024-04-31', '0000-01-01', '2023-02-29', '2024-13-01', '2024-00-10', '2024-01-00', '02/30/2024', '2024-1-1', 'Feb 30, 2024', 'Jux 1, 2024', '2024-02-30T10:00:00Z', 'Jun 1 2030'])(
    'refuses %s',
    (value) => {
      expect(parseSpecDate(value)).toBeNull();
      expect(specDate().safeParse(value).error?.issues[0]?.message).toBe(messages.date);
    },
  );

  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2000-02-29', '2000-02-29'],
    ['0001-01-01', '0001-01-01'],
    ['0099-12-31', '0099-12-31'],
    ['12/31/2024', '2024-12-31'],
    // The display format and ISO 8601 date-times, as every date the API reads (issue 39).
    ['Jun 1, 2030', '2030-06-01'],
    ['june 1, 2030', '2030-06-01'],
    ['Feb 29, 2024', '2024-02-29'],
    ['2030-06-01T18:00:00.000Z', '2030-06-01'],
    ['2030-06-01T23:30:00-05:00', '2030-06-01'],
  ])('accepts %s as %s', (value, iso) => {
    expect(parseSpecDate(value)).toBe(iso);
  });

  it.each([
    ['2030-06-01T18:00', '2030-06-01T18:00'],
    ['2030-06-01T18:00:00.000Z', '2030-06-01T18:00'],
    ['2030-06-01T18:00:59Z', '2030-06-01T18:00'],
    ['2030-06-01T20:00:00+02:00', '2030-06-01T18:00'],
    ['2030-06-01T23:30:00-05:00', '2030-06-02T04:30'],
    ['2030-06-01', '2030-06-01T00:00'],
    ['Jun 1, 2030', '2030-06-01T00:00'],
  ])('reads the moment %s as %s', (value, moment) => {
    expect(parseSpecDateTime(value)).toBe(moment);
  });

  it.each(['2030-06-01T24:00', '2030-02-30T10:00:00Z', '2030-06-01T18:60:00Z', '2030-06-01 18:00', 'soon'])('refuses the moment %s', (value) => {
    expect(parseSpecDateTime(value)).toBeNull();
  });

  it("takes the same forms for an exchange rate's day", () => {
    expect(isoDaySchema.parse('Jun 1, 2030')).toBe('2030-06-01');
    expect(isoDaySchema.parse('2030-06-01T00:00:00.000Z')).toBe('2030-06-01');
    expect(isoDaySchema.safeParse('2030-02-30').success).toBe(false);
  });

  it('treats a blank filter as no filter', () => {
    expect(optionalSpecDate().parse('')).toBeUndefined();
    expect(optionalSpecDate().parse(undefined)).toBeUndefined();
    expect(optionalSpecDate().safeParse('1900-02-29').success).toBe(false);
  });
});
