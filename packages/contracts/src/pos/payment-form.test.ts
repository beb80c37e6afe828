import { describe, expect, it } from 'vitest';
import {
  availablePaymentTabs,
  bankAccountFormSchema,
  bankTabHint,
  canTakeAch,
  cashChangeMinor,
  fieldErrors,
  forcedPaymentType,
  maskCardNumber,
  maskDigits,
  maskExpiry,
  paymentFormMessages,
  showsFulfillmentCheckbox,
} from './payment-form.ts';

const usBank = {
  currency: 'USD',
  account_holder_name: 'Ada Lovelace',
  account_holder_type: 'personal',
  account_type: 'checking',
  routing_number: '110000000',
  account_number: '000123456789',
  ach_agree_tos: true,
} as const;

describe('bank account form', () => {
  it('accepts a US account with a valid routing number', () => {
    expect(bankAccountFormSchema.safeParse(usBank).success).toBe(true);
  });

  it('names every missing or malformed field', () => {
    const result = bankAccountFormSchema.safeParse({ ...usBank, account_holder_name: ' ', account_holder_type: '', routing_number: '123456789', account_number: '12', ach_agree_tos: false });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      account_holder_name: paymentFormMessages.accountHolderName,
      account_holder_type: paymentFormMessages.accountHolderType,
      routing_number: paymentFormMessages.routingNumber,
      account_number: paymentFormMessages.accountNumber,
      ach_agree_tos: paymentFormMessages.achAgreement,
    });
  });

  it('asks Canadian accounts for transit (5), institution (3) and account (4 to 17) digits', () => {
    const cad = { ...usBank, currency: 'CAD', routing_number: undefined, transit_number: '12345', institution_number: '001', account_number: '1234' };
    expect(bankAccountFormSchema.safeParse(cad).success).toBe(true);
    const bad = bankAccountFormSchema.safeParse({ ...cad, transit_number: '1234', institution_number: '01', account_number: '123456789012345678' });
    expect(fieldErrors(bad.error!)).toEqual({
      transit_number: paymentFormMessages.transitNumber,
      institution_number: paymentFormMessages.institutionNumber,
      account_number: paymentFormMessages.accountNumber,
    });
  });
});

describe('masks', () => {
  it('groups card digits by four up to 19 characters and writes expiry as MM / YY', () => {
    expect(maskCardNumber('4242a42424242424299')).toBe('4242 4242 4242 4242');
    expect(maskExpiry('1')).toBe('1');
    expect(maskExpiry('123')).toBe('12 / 3');
    expect(maskExpiry('12/299')).toBe('12 / 29');
    expect(maskDigits('12-345-6', 5)).toBe('12345');
  });
});

describe('cash change', () => {
  it('is received minus due, a non-numeric entry counting as 0', () => {
    expect(cashChangeMinor('50', 4250, 'USD')).toBe(750);
    expect(cashChangeMinor('$1,000.10', 100000, 'USD')).toBe(10);
    expect(cashChangeMinor('abc', 4250, 'USD')).toBe(-4250);
    expect(cashChangeMinor('', 0, 'USD')).toBe(0);
  });
});

describe('tabs', () => {
  it('offers Bank only when the gateway takes ACH in the currency', () => {
    expect(availablePaymentTabs({ achAvailable: true, requiresAch: false })).toEqual(['credit_card', 'bank_account', 'payment_method', 'cash', 'check', 'other']);
    expect(availablePaymentTabs({ achAvailable: false, requiresAch: false })).not.toContain('bank_account');
  });

  it('keeps only Bank and My Methods when an item requires ACH, forcing bank_account', () => {
    expect(availablePaymentTabs({ achAvailable: true, requiresAch: true })).toEqual(['bank_account', 'payment_method']);
    expect(forcedPaymentType('cash', true)).toBe('bank_account');
    expect(forcedPaymentType('payment_method', true)).toBe('payment_method');
    expect(forcedPaymentType('cash', false)).toBe('cash');
  });

  it('shows the fulfilment checkbox for always, or for shipping with shippable items', () => {
    expect(showsFulfillmentCheckbox('always', 0)).toBe(true);
    expect(showsFulfillmentCheckbox('never', 3)).toBe(false);
    expect(showsFulfillmentCheckbox('shipping', 0)).toBe(false);
    expect(showsFulfillmentCheckbox('shipping', 1)).toBe(true);
  });
});

describe('the Bank tab by gateway and currency (issue 40)', () => {
  it('offers Stripe bank debits in USD only, and says why a CAD sale has no Bank tab', () => {
    expect(canTakeAch('stripe', 'usd')).toBe(true);
    expect(canTakeAch('stripe', 'CAD')).toBe(false);
    expect(canTakeAch('sandbox', 'CAD')).toBe(true);
    expect(bankTabHint('stripe', 'USD')).toBeNull();
    expect(bankTabHint('sandbox', 'EUR')).toBeNull();
    expect(bankTabHint('stripe', 'cad')).toBe('Bank debits through Stripe take US bank accounts in USD only, so CAD sales have no Bank tab.');
  });
});
