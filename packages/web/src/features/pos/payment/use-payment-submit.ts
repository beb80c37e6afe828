import { posMessages } from '@almoner/contracts';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CardFieldsHandle } from '../../../components/card-fields/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { completeBody, validateBank, type PaymentState } from './payment-state.ts';
import { createStripeBankMethod, StripeBankError, stripeBankBody } from './stripe-bank.ts';

export type Receipt = { id: number; invoicenumber: string; /** What became of a guest's donor: saved as a supporter, or linked to one. */ supporterMessage?: string | null };

/**
 * What a completion came to: paid, or the card's bank asks the donor to confirm the payment
 * first (3-D Secure), with what its challenge needs: the payment's intent, or (a card being
 * saved for the supporter) its set-up's.
 */
export type Completion =
  | { kind: 'paid'; receipt: Receipt }
  | { kind: 'authenticate'; message: string; clientSecret: string; paymentIntent: string | null; setupIntent: string | null };

export type PaymentScreen =
  { kind: 'pay'; error?: string } | { kind: 'loading' } | { kind: 'finished'; receipt: Receipt };

type SubmitInput = {
  state: PaymentState;
  dueMinor: number;
  currency: string;
  card: RefObject<CardFieldsHandle | null>;
  /** Stripe's publishable key when Stripe is the gateway: the Bank tab's account then goes to Stripe, not Almoner. */
  stripeKey: string | null;
  /** Only a guest's sale says whether its donor is kept as a supporter. */
  saveAsSupporter: boolean | undefined;
  setErrors: (errors: Record<string, string>) => void;
  onComplete: (body: Record<string, unknown>) => Promise<Completion>;
  /** Gives up on a payment the donor's bank still asks about: the server cancels it at the gateway. */
  onAbandon?: ((paymentIntent: string) => Promise<unknown>) | undefined;
  onFinished: () => void;
};

const failure = (error: unknown) => (error instanceof Error && error.message) || posMessages.paymentUnknownError;

type Authenticate = CardFieldsHandle['authenticate'];

/**
 * The bank's challenge shown to the donor (Stripe.js), then the same completion naming the
 * payment. Whether it went through is the server's to say: it reads the payment from the
 * gateway, and words (and records) a failed or cancelled challenge itself. A card being saved
 * may be challenged at its set-up first: the completion naming the set-up saves it only if the
 * bank confirmed it, and may then answer the payment's own challenge, taken the same way.
 */
async function afterChallenge(
  challenge: Extract<Completion, { kind: 'authenticate' }>,
  payload: Record<string, unknown>,
  authenticate: Authenticate,
  onComplete: SubmitInput['onComplete'],
  pending: { current: string | null },
): Promise<Receipt> {
  // Open at the gateway until the server has had its answer: left behind, it is abandoned (below).
  pending.current = challenge.paymentIntent;
  if (!authenticate) throw new Error(challenge.message);
  await authenticate(challenge.clientSecret).catch(() => undefined);
  const again = challenge.setupIntent ? { ...payload, setup_intent: challenge.setupIntent } : { ...payload, payment_intent: challenge.paymentIntent };
  const done = await onComplete(again);
  if (done.kind === 'authenticate' && challenge.setupIntent && done.paymentIntent) return afterChallenge(done, again, authenticate, onComplete, pending);
  if (done.kind !== 'paid') throw new Error(challenge.message);
  pending.current = null;
  return done.receipt;
}

/**
 * Complete's one path: the body for the chosen tab (a bank account checked here first, a card
 * tokenised by the hosted fields), then the request (and the bank's challenge, if it asks for
 * one), then the receipt. One click, one request: a
 * second click while the first is in flight is ignored.
 */
export function usePaymentSubmit(input: SubmitInput) {
  const [screen, setScreen] = useState<PaymentScreen>({ kind: 'pay' });
  const inFlight = useRef(false);
  /**
   * A payment the donor's bank still asks about (the challenge not finished when its completion
   * answered). It is given up on, and the server cancels it at Stripe, before another card is
   * tried (the server would otherwise refuse the new card under the same attempt) and when the
   * dialog goes away. A failed challenge needs nothing here: the completion cancels it.
   */
  const pending = useRef<string | null>(null);
  const onAbandon = useRef(input.onAbandon);
  useEffect(() => {
    onAbandon.current = input.onAbandon;
  });
  const abandon = async () => {
    const intent = pending.current;
    pending.current = null;
    if (intent) await onAbandon.current?.(intent).catch(() => undefined);
  };
  // Unmounting is the dialog closing, however it closes.
  useEffect(() => () => void abandon(), []);
  const { state, dueMinor, currency } = input;
  const free = dueMinor === 0;

  async function body(): Promise<Record<string, unknown> | null> {
    if (free) return { payment_type: 'free', send_confirmation_emails: state.send_confirmation_emails, mark_as_complete: state.mark_as_complete };
    const out: Record<string, unknown> = completeBody(state, dueMinor, currency);
    if (state.type === 'bank_account') {
      const bankErrors = validateBank(state, currency);
      input.setErrors(bankErrors);
      if (Object.keys(bankErrors).length) return null;
      if (input.stripeKey) return stripeBank(input.stripeKey);
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

  /** The Bank tab's account made a PaymentMethod at Stripe; Stripe's refusal shown on its field, or above the tabs. */
  async function stripeBank(publishableKey: string): Promise<Record<string, unknown> | null> {
    try {
      return stripeBankBody(state, await createStripeBankMethod(publishableKey, state.fields.bank));
    } catch (error) {
      if (error instanceof StripeBankError && error.field) input.setErrors({ [error.field]: error.message });
      else setScreen({ kind: 'pay', error: failure(error) });
      return null;
    }
  }

  async function complete() {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const payload = await body();
      if (!payload) return;
      if (input.saveAsSupporter !== undefined) payload.save_as_supporter = input.saveAsSupporter;
      // Taken before the card fields make way for the spinner: the bank's challenge may need them.
      const authenticate = input.card.current?.authenticate;
      setScreen({ kind: 'loading' });
      await abandon();
      const done = await input.onComplete(payload);
      const receipt = done.kind === 'paid' ? done.receipt : await afterChallenge(done, payload, authenticate, input.onComplete, pending);
      setScreen({ kind: 'finished', receipt });
      input.onFinished();
    } catch (error) {
      // A refusal of the confirmed payment (422) means the server has recorded and cancelled it.
      if (error instanceof ApiError && error.status === 422) pending.current = null;
      setScreen({ kind: 'pay', error: failure(error) });
    } finally {
      inFlight.current = false;
    }
  }

  return { screen, complete };
}
