import { describe, expect, it } from 'vitest';
import { fallbackHistoryField, formatHistoryValue } from './fields.ts';

describe('formatHistoryValue', () => {
  it('formats the API\'s decimal text as money in its currency, never dividing by 100', () => {
    expect(formatHistoryValue({ kind: 'money', currency: 'USD' }, '1234.50')).toBe('$1,234.50');
    expect(formatHistoryValue({ kind: 'money', currency: 'EUR' }, '0.00')).toBe('€0.00');
    expect(formatHistoryValue({ kind: 'money', currency: 'JPY' }, '1500')).toBe('¥1,500');
    expect(formatHistoryValue({ kind: 'money', currency: 'KWD' }, '1.250')).toBe('KWD\u00a01.250');
  });

  it('shows the bare amount when the currency is unknown, and a dash for no value', () => {
    expect(formatHistoryValue({ kind: 'money', currency: null }, '12.00')).toBe('12.00');
    expect(formatHistoryValue({ kind: 'money', currency: 'USD' }, null)).toBe('—');
  });

  it('labels a column no catalogue names from its words', () => {
    expect(fallbackHistoryField('gift_aid_status')).toEqual({ label: 'Gift aid status', kind: 'text' });
  });
});
