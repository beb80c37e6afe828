import { posMessages } from '@almoner/contracts';
import { useRef, useState } from 'react';
import type { CardFieldsHandle } from '../../../components/card-fields/index.ts';
import { completeBody, validateBank, type PaymentState } from './payment-state.ts';

export type Receipt = { id: number; invoicenumber: string };

export type PaymentScreen =
  { kind: 'pay'; error?: string } | { kind: 'loading' } | { kind: 'finished'; receipt: Receipt };

type Options = {
  state: PaymentState;
  dueMinor: number;
  currency: string;
  onComplete: (body: Record<string, unknown>) => Promise<Receipt>;
  onFinished: () => void;
};

/**
 * Complete, as one hook: builds the body, checks bank details and tokenises the card before
 * anything is sent, then walks the dialog through 'Processing Payment' to the receipt. The
 * dialog only draws the screen this returns.
 */
export function usePaymentComplete({ state, dueMinor, currency, onComplete, onFinished }: Options) {
  const [screen, setScreen] = useState<PaymentScreen>({ kind: 'pay' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const card = useRef<CardFieldsHandle>(null);
  // One click, one request: a second click while the first is in flight is ignored.
  const inFlight = useRef(false);
  const free = dueMinor === 0;

  /** The card's token, or undefined once the failure is on screen (the hosted fields show theirs). */
  async function cardToken(): Promise<string | undefined> {
    try {
      const token = await card.current?.tokenize();
      if (!token) throw new Error(posMessages.paymentUnknownError);
      return token.token;
    } catch (error) {
      setScreen({
        kind: 'pay',
        error: error instanceof Error ? error.message : posMessages.paymentUnknownError,
      });
      return undefined;
    }
  }

  async function send() {
    const body: Record<string, unknown> = free
      ? {
          payment_type: 'free',
          send_confirmation_emails: state.send_confirmation_emails,
          mark_as_complete: state.mark_as_complete,
        }
      : completeBody(state, dueMinor, currency);
    if (!free && state.type === 'bank_account') {
      const bankErrors = validateBank(state, currency);
      setErrors(bankErrors);
      if (Object.keys(bankErrors).length) return;
    }
    if (!free && state.type === 'credit_card') {
      const token = await cardToken();
      if (token === undefined) return;
      body.token = token;
    }
    setScreen({ kind: 'loading' });
    const receipt = await onComplete(body);
    setScreen({ kind: 'finished', receipt });
    onFinished();
  }

  async function complete() {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await send();
    } catch (error) {
      setScreen({
        kind: 'pay',
        error: (error instanceof Error && error.message) || posMessages.paymentUnknownError,
      });
    } finally {
      inFlight.current = false;
    }
  }

  /** A field's message goes once it is edited; the rest stay until Complete. */
  function clearErrors(keys: string[]) {
    setErrors((all) => Object.fromEntries(Object.entries(all).filter(([key]) => !keys.includes(key))));
  }

  return { screen, errors, clearErrors, card, complete };
}
