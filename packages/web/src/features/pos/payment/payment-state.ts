import {
  bankAccountFormSchema,
  cashChangeMinor,
  cashReceivedMinor,
  fieldErrors,
  forcedPaymentType,
  toDecimalString,
  type PosTabPaymentType,
} from '@almoner/contracts';
import type { PosPaymentMethod } from '../pos-types.ts';

/**
 * The payment dialog's form, as one reducer (ARCHITECTURE: screens with real state keep it in
 * one tested unit). Changing the type clears every other type's fields (spec §4).
 */
export type BankFields = {
  account_holder_name: string;
  account_holder_type: string;
  account_type: string;
  routing_number: string;
  transit_number: string;
  institution_number: string;
  account_number: string;
  ach_agree_tos: boolean;
  save_payment_method: boolean;
};

export type PaymentFields = {
  cash_received: string;
  check_number: string;
  /** ISO day (yyyy-mm-dd); shown as 'M d, yyyy'. */
  check_date: string | null;
  check_amt: string;
  payment_other_reference: string;
  payment_other_note: string;
  payment_method: number | null;
  /** Card tab: keep the card as one of the supporter's saved methods. */
  save_card: boolean;
  bank: BankFields;
};

export type PaymentState = {
  type: PosTabPaymentType;
  fields: PaymentFields;
  send_confirmation_emails: boolean;
  mark_as_complete: boolean;
};

const emptyBank: BankFields = {
  account_holder_name: '',
  account_holder_type: 'personal',
  account_type: 'checking',
  routing_number: '',
  transit_number: '',
  institution_number: '',
  account_number: '',
  ach_agree_tos: false,
  save_payment_method: false,
};

export const emptyFields: PaymentFields = {
  cash_received: '',
  check_number: '',
  check_date: null,
  check_amt: '',
  payment_other_reference: '',
  payment_other_note: '',
  payment_method: null,
  save_card: false,
  bank: emptyBank,
};

/** Saved methods the dialog may charge: only ACTIVE ones are listed (spec §3). */
export const activeMethods = (methods: PosPaymentMethod[] | undefined) =>
  (methods ?? []).filter((method) => method.status === 'ACTIVE');

export function initialPaymentState(options: {
  first: PosTabPaymentType;
  requiresAch: boolean;
}): PaymentState {
  return {
    type: forcedPaymentType(options.first, options.requiresAch),
    fields: emptyFields,
    send_confirmation_emails: true,
    mark_as_complete: false,
  };
}

export type PaymentAction =
  | { kind: 'type'; type: PosTabPaymentType; methods: PosPaymentMethod[] }
  | { kind: 'field'; patch: Partial<Omit<PaymentFields, 'bank'>> }
  | { kind: 'bank'; patch: Partial<BankFields> }
  | {
      kind: 'flags';
      patch: Partial<Pick<PaymentState, 'send_confirmation_emails' | 'mark_as_complete'>>;
    };

export function paymentReducer(state: PaymentState, action: PaymentAction): PaymentState {
  switch (action.kind) {
    case 'type':
      if (action.type === state.type) return state;
      // A new type starts blank; My Methods preselects the first active method.
      return {
        ...state,
        type: action.type,
        fields: {
          ...emptyFields,
          payment_method:
            action.type === 'payment_method'
              ? (activeMethods(action.methods)[0]?.id ?? null)
              : null,
        },
      };
    case 'field':
      return { ...state, fields: { ...state.fields, ...action.patch } };
    case 'bank':
      return {
        ...state,
        fields: { ...state.fields, bank: { ...state.fields.bank, ...action.patch } },
      };
    case 'flags':
      return { ...state, ...action.patch };
  }
}

/** Change shown on the Cash tab, in minor units (negative while too little was received). */
export const cashChange = (state: PaymentState, dueMinor: number, currency: string) =>
  cashChangeMinor(state.fields.cash_received, dueMinor, currency);

/** Client checks before finishing: only card and bank are validated here (spec §5). */
export function validateBank(state: PaymentState, currency: string): Record<string, string> {
  if (state.type !== 'bank_account') return {};
  const result = bankAccountFormSchema.safeParse({ currency, ...state.fields.bank });
  return result.success ? {} : fieldErrors(result.error);
}

/** The body of POST /jpanel/pos/{id}/complete (contracts `posCompleteSchema`) for the chosen type. */
export function completeBody(state: PaymentState, dueMinor: number, currency: string) {
  const f = state.fields;
  const base = {
    payment_type: state.type,
    send_confirmation_emails: state.send_confirmation_emails,
    mark_as_complete: state.mark_as_complete,
  };
  switch (state.type) {
    case 'cash':
      return {
        ...base,
        cash_received: toDecimalString(cashReceivedMinor(f.cash_received, currency), currency),
        cash_change: toDecimalString(
          Math.max(0, cashChangeMinor(f.cash_received, dueMinor, currency)),
          currency,
        ),
      };
    case 'check':
      return {
        ...base,
        check_number: f.check_number,
        check_date: f.check_date ?? '',
        check_amt: f.check_amt,
      };
    case 'other':
      return {
        ...base,
        payment_other_reference: f.payment_other_reference,
        payment_other_note: f.payment_other_note,
      };
    case 'payment_method':
      return { ...base, payment_method: f.payment_method };
    case 'bank_account': {
      const bank = f.bank;
      const account =
        currency === 'CAD'
          ? { transit_number: bank.transit_number, institution_number: bank.institution_number }
          : { routing_number: bank.routing_number };
      return {
        ...base,
        account_holder_name: bank.account_holder_name,
        account_holder_type: bank.account_holder_type,
        account_type: bank.account_type,
        account_number: bank.account_number,
        ach_agree_tos: bank.ach_agree_tos,
        save_payment_method: bank.save_payment_method,
        ...account,
      };
    }
    case 'credit_card':
      // The capture token is added by the dialog once the hosted fields answer.
      return { ...base, save_payment_method: f.save_card };
  }
}
