import { describe, expect, it } from 'vitest';
import type { PosPaymentMethod } from '../pos-types.ts';
import {
  cashChange,
  completeBody,
  initialPaymentState,
  paymentReducer,
  validateBank,
} from './payment-state.ts';

const method = (id: number, status = 'ACTIVE'): PosPaymentMethod => ({
  id,
  status,
  display_name: 'Visa',
  account_number: '•••• 4242',
  fa_icon: 'fa-cc-visa',
  use_as_default: false,
  is_expired: false,
  currency_code: 'USD',
});

describe('payment dialog state', () => {
  it('starts on the first tab, forced to bank_account when an item requires ACH', () => {
    expect(initialPaymentState({ first: 'credit_card', requiresAch: false }).type).toBe(
      'credit_card',
    );
    expect(initialPaymentState({ first: 'credit_card', requiresAch: true }).type).toBe(
      'bank_account',
    );
    expect(
      initialPaymentState({ first: 'credit_card', requiresAch: false }).send_confirmation_emails,
    ).toBe(true);
  });

  it('clears the other types’ fields when the type changes, and preselects the first ACTIVE method', () => {
    let state = initialPaymentState({ first: 'cash', requiresAch: false });
    state = paymentReducer(state, { kind: 'field', patch: { cash_received: '50' } });
    state = paymentReducer(state, {
      kind: 'type',
      type: 'payment_method',
      methods: [method(3, 'EXPIRED'), method(7), method(9)],
    });
    expect(state.fields.cash_received).toBe('');
    expect(state.fields.payment_method).toBe(7);
    state = paymentReducer(state, { kind: 'type', type: 'check', methods: [] });
    expect(state.fields.payment_method).toBeNull();
  });

  it('counts change as received minus due, non-numeric as 0', () => {
    let state = initialPaymentState({ first: 'cash', requiresAch: false });
    state = paymentReducer(state, { kind: 'field', patch: { cash_received: '60.00' } });
    expect(cashChange(state, 4250, 'USD')).toBe(1750);
    expect(completeBody(state, 4250, 'USD')).toMatchObject({
      payment_type: 'cash',
      cash_received: '60.00',
      cash_change: '17.50',
    });
    state = paymentReducer(state, { kind: 'field', patch: { cash_received: 'abc' } });
    expect(cashChange(state, 4250, 'USD')).toBe(-4250);
  });

  it('validates the bank form and sends routing or Canadian numbers by currency', () => {
    let state = initialPaymentState({ first: 'bank_account', requiresAch: false });
    expect(Object.keys(validateBank(state, 'USD')).sort()).toEqual([
      'account_holder_name',
      'account_number',
      'ach_agree_tos',
      'routing_number',
    ]);
    state = paymentReducer(state, {
      kind: 'bank',
      patch: {
        account_holder_name: 'Ada',
        routing_number: '110000000',
        account_number: '000123456789',
        ach_agree_tos: true,
      },
    });
    expect(validateBank(state, 'USD')).toEqual({});
    expect(completeBody(state, 1000, 'USD')).toMatchObject({
      payment_type: 'bank_account',
      routing_number: '110000000',
      account_number: '000123456789',
    });
    expect(completeBody(state, 1000, 'CAD')).not.toHaveProperty('routing_number');
  });

  it('sends the check fields and the other reference', () => {
    let state = initialPaymentState({ first: 'check', requiresAch: false });
    state = paymentReducer(state, {
      kind: 'field',
      patch: { check_number: '1001', check_date: '2026-11-27', check_amt: '25.00' },
    });
    expect(completeBody(state, 2500, 'USD')).toEqual({
      payment_type: 'check',
      send_confirmation_emails: true,
      mark_as_complete: false,
      check_number: '1001',
      check_date: '2026-11-27',
      check_amt: '25.00',
    });
    state = paymentReducer(state, { kind: 'type', type: 'other', methods: [] });
    state = paymentReducer(state, { kind: 'field', patch: { payment_other_reference: 'WIRE-1' } });
    expect(completeBody(state, 2500, 'USD')).toMatchObject({
      payment_type: 'other',
      payment_other_reference: 'WIRE-1',
    });
  });
});
