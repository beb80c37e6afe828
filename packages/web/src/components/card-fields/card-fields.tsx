import { CARD_FIELDS_MESSAGE, cardFieldsPaths, type CardToken, type PaymentGatewayName } from '@almoner/contracts';
import { Box, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { CardFieldsError, readCardFieldsMessage } from './card-fields-channel.ts';

export type CardFieldsHandle = {
  /** Sends the typed card to the gateway; resolves with a single-use capture token. */
  tokenize: () => Promise<CardToken>;
  focus: () => void;
  /**
   * Shows the card's bank challenge (3-D Secure) for a set-up or payment the server made, by its client
   * secret; resolves once the cardholder passed it. Only gateways that have challenges (Stripe).
   */
  authenticate?: (clientSecret: string) => Promise<void>;
};

type CardFieldsProps = {
  gateway?: PaymentGatewayName;
  /** Stripe's publishable key, when the gateway is Stripe. */
  publishableKey?: string | null | undefined;
  /** Enter pressed inside the card fields. */
  onSubmit?: () => void;
  ref?: Ref<CardFieldsHandle>;
};

type Pending = { resolve: (token: CardToken) => void; reject: (error: Error) => void; timer: number };

const ANSWER_TIMEOUT_MS = 20_000;
let requestCounter = 0;

// Stripe's code loads only where Stripe is the gateway.
const StripeCardFields = lazy(async () => ({ default: (await import('./stripe-card-fields.tsx')).StripeCardFields }));
const StripeKeyMissing = lazy(async () => ({ default: (await import('./stripe-card-fields.tsx')).StripeKeyMissing }));

/**
 * The gateway's card fields: Stripe Elements when Stripe is the gateway (issue 40), else the
 * sandbox's hosted card page. Either way `tokenize()` answers a token (tok_…, pm_…), never a card.
 */
export function CardFields({ gateway = 'sandbox', publishableKey, onSubmit, ref }: CardFieldsProps) {
  if (gateway !== 'stripe') return <HostedCardFields gateway={gateway} onSubmit={onSubmit} ref={ref} />;
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the card fields" />}>
      {publishableKey ? <StripeCardFields publishableKey={publishableKey} ref={ref} /> : <StripeKeyMissing />}
    </Suspense>
  );
}

/**
 * The gateway's hosted card fields in an iframe. Card numbers are typed into the gateway's own
 * page and posted to the gateway; this component (and Almoner's API) only ever sees the
 * capture token. Later screens (point of sale, payment forms) use it through `tokenize()`.
 */
function HostedCardFields({ gateway, onSubmit, ref }: { gateway: 'sandbox'; onSubmit?: (() => void) | undefined; ref?: Ref<CardFieldsHandle> | undefined }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const pending = useRef(new Map<string, Pending>());
  const ready = useRef(false);
  const submit = useRef(onSubmit);
  const [height, setHeight] = useState(170);
  const src = cardFieldsPaths[gateway];
  const origin = new URL(src, window.location.href).origin;

  useEffect(() => {
    submit.current = onSubmit;
  }, [onSubmit]);

  useEffect(() => {
    const requests = pending.current;
    function handleMessage(event: MessageEvent) {
      // Only the iframe we made, from the gateway's origin, may answer.
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const message = readCardFieldsMessage(event.data);
      if (!message) return;
      switch (message.action) {
        case 'ready':
        case 'resize':
          ready.current = true;
          setHeight(Math.max(60, Math.min(message.height, 600)));
          return;
        case 'submit':
          submit.current?.();
          return;
        case 'token':
        case 'error': {
          const request = requests.get(message.id);
          if (!request) return;
          requests.delete(message.id);
          window.clearTimeout(request.timer);
          if (message.action === 'token') request.resolve({ token: message.token, card: message.card });
          else request.reject(new CardFieldsError(message.message, message.errors));
        }
      }
    }
    window.addEventListener('message', handleMessage);
    return () => {
      window.removeEventListener('message', handleMessage);
      for (const request of requests.values()) window.clearTimeout(request.timer);
      requests.clear();
    };
  }, [origin]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: () =>
        new Promise<CardToken>((resolve, reject) => {
          const target = frame.current?.contentWindow;
          if (!ready.current || !target) {
            reject(new CardFieldsError('The card fields are still loading. Try again in a moment.'));
            return;
          }
          requestCounter += 1;
          const id = `card-${requestCounter}`;
          const timer = window.setTimeout(() => {
            pending.current.delete(id);
            reject(new CardFieldsError('The payment gateway did not answer. Try again.'));
          }, ANSWER_TIMEOUT_MS);
          pending.current.set(id, { resolve, reject, timer });
          target.postMessage({ type: CARD_FIELDS_MESSAGE, action: 'tokenize', id }, origin);
        }),
      focus: () => frame.current?.contentWindow?.postMessage({ type: CARD_FIELDS_MESSAGE, action: 'focus' }, origin),
    }),
    [origin],
  );

  return (
    <Box
      component="iframe"
      ref={frame}
      src={src}
      title="Card details"
      data-card-fields={gateway}
      h={height}
      w="100%"
      style={{ border: 0, display: 'block', colorScheme: 'normal' }}
    />
  );
}
