import { posMessages } from '@almoner/contracts';
import { useRef, useState, type RefObject } from 'react';
import type { CardFieldsHandle } from '../../../components/card-fields/index.ts';
import { completeBody, validateBank, type PaymentState } from './payment-state.ts';

export type Receipt = { id: number; invoicenumber: string; /** What became of a guest's donor: saved as a supporter, or linked to one. */ supporterMessage?: string | null };

export type PaymentScreen =
  { kind: 'pay'; error?: string } | { kind: 'loading' } | { kind: 'finished'; receipt: Receipt };

type SubmitInput = {
  state: PaymentState;
  dueMinor: number;
  currency: string;
  card: RefObject<CardFieldsHandle | null>;
  /** Only a guest's sale says whether its donor is kept as a supporter. */
  saveAsSupporter: boolean | undefined;
  setErrors: (errors: Record<string, string>) => void;
  onComplete: (body: Record<string, unknown>) => Promise<Receipt>;
  onFinished: () => void;
};

const failure = (error: unknown) => (error instanceof Error && error.message) || posMessages.paymentUnknownError;

/**
 * Complete's one path: the body for the chosen tab (a bank account checked here first, a card
 * tokenised by the hosted fields), then the request, then the receipt. One click, one request: a
 * second click while the first is in flight is ignored.
 */
export function usePaymentSubmit(input: SubmitInput) {
  const [screen, setScreen] = useState<PaymentScreen>({ kind: 'pay' });
  const inFlight = useRef(false);
  const { state, dueMinor, currency } = input;
  const free = dueMinor === 0;

  async function body(): Promise<Record<string, unknown> | null> {
    if (free) return { payment_type: 'free', send_confirmation_emails: state.send_confirmation_emails, mark_as_complete: state.mark_as_complete };
    const out: Record<string, unknown> = completeBody(state, dueMinor, currency);
    if (state.type === 'bank_account') {
      const bankErrors = validateBank(state, currency);
      input.setErrors(bankErrors);
      if (Object.keys(bankErrors).length) return null;
    }
    if (state.type === 'credit_card') {
      try {
        const token = await input.card.current?.tokenize();
        if (!token) throw new Error(posMessages.paymentUnknownError);
        out.token = token.token;
      } catch (error) {
        // The hosted fields show their own messages beside the card details.
        setScreen({ kind: 'pay', error: failure(error) });
        return null;
      }
    }
    return out;
  }

  async function complete() {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const payload = await body();
      if (!payload) return;
      if (input.saveAsSupporter !== undefined) payload.save_as_supporter = input.saveAsSupporter;
      setScreen({ kind: 'loading' });
      const receipt = await input.onComplete(payload);
      setScreen({ kind: 'finished', receipt });
      input.onFinished();
    } catch (error) {
      setScreen({ kind: 'pay', error: failure(error) });
    } finally {
      inFlight.current = false;
    }
  }

  return { screen, complete };
}
