import { describe, expect, it } from 'vitest';
import { listingSearchSchema } from './listing.ts';
import { messages } from './messages.ts';
import { optionalSpecDate, parseSpecDate, requiredText, specDate, text } from './rules.ts';

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
  it.each(['2024-02-30', '2024-04-31', '0000-01-01', '2023-02-29', '2024-13-01', '2024-00-10', '2024-01-00', '02/30/2024', '2024-1-1'])(
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
  ])('accepts %s as %s', (value, iso) => {
    expect(parseSpecDate(value)).toBe(iso);
  });

  it('treats a blank filter as no filter', () => {
    expect(optionalSpecDate().parse('')).toBeUndefined();
    expect(optionalSpecDate().parse(undefined)).toBeUndefined();
    expect(optionalSpecDate().safeParse('1900-02-29').success).toBe(false);
  });
});
