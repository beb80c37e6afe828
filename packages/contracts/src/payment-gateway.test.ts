import { describe, expect, it } from 'vitest';
import { cardBrand, cardTokenRequestSchema, gatewayMessages, isCardExpired, isValidRoutingNumber, parseCardExpiry, passesLuhn, sandboxTestCards } from './payment-gateway.ts';
import { formatByteLimit } from './storage.ts';

describe('card checks', () => {
  it('passes every test card and well-known numbers through Luhn, and fails a changed digit', () => {
    for (const { number } of sandboxTestCards) expect(passesLuhn(number), number).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
  });

  it('reads expiry dates and treats a card as good through its expiry month', () => {
    expect(parseCardExpiry('04 / 27')).toEqual({ month: 4, year: 2027 });
    expect(parseCardExpiry('4/2031')).toEqual({ month: 4, year: 2031 });
    expect(parseCardExpiry('13/27')).toBeNull();
    expect(parseCardExpiry('0427')).toBeNull();
    const may2026 = new Date(Date.UTC(2026, 4, 31));
    expect(isCardExpired({ month: 5, year: 2026 }, may2026)).toBe(false);
    expect(isCardExpired({ month: 4, year: 2026 }, may2026)).toBe(true);
    expect(isCardExpired({ month: 1, year: 2027 }, may2026)).toBe(false);
  });

  it('knows the brands and asks American Express for four digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    const future = `12/${new Date().getUTCFullYear() + 2}`;
    expect(cardTokenRequestSchema.safeParse({ number: '3782 822463 10005', expiry: future, cvc: '1234' }).success).toBe(true);
    const threeDigits = cardTokenRequestSchema.safeParse({ number: '378282246310005', expiry: future, cvc: '123' });
    expect(threeDigits.error?.issues.map((i) => i.message)).toEqual([gatewayMessages.cvc]);
  });

  it('checks ABA routing numbers with their checksum', () => {
    for (const valid of ['110000000', '021000021', '011401533', '091000019']) expect(isValidRoutingNumber(valid), valid).toBe(true);
    for (const invalid of ['110000001', '021000022', '12345678', '1100000000', 'abcdefghi']) expect(isValidRoutingNumber(invalid), invalid).toBe(false);
  });
});

describe('upload limits', () => {
  it('shows limits in the largest whole unit', () => {
    expect(formatByteLimit(64)).toBe('64 bytes');
    expect(formatByteLimit(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatByteLimit(1536)).toBe('1536 bytes');
  });
});
