import type { CardToken } from '@almoner/contracts';
import { Box, Text } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useImperativeHandle, type Ref } from 'react';
import { CardFieldsError } from './card-fields-channel.ts';
import type { CardFieldsHandle } from './card-fields.tsx';
import { stripeFor } from './stripe-loader.ts';

type Props = { publishableKey: string; ref?: Ref<CardFieldsHandle> };

/** The Card Element and `tokenize()`: the card becomes a PaymentMethod at Stripe; Almoner sees only its id. */
function StripeCard({ ref }: { ref?: Ref<CardFieldsHandle> | undefined }) {
  const stripe = useStripe();
  const elements = useElements();
  useImperativeHandle(
    ref,
    () => ({
      tokenize: async (): Promise<CardToken> => {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) throw new CardFieldsError('The card fields are still loading. Try again in a moment.');
        const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
        if (error || !paymentMethod) throw new CardFieldsError(error?.message ?? 'The card could not be checked. Try again.');
        const details = paymentMethod.card;
        return {
          token: paymentMethod.id,
          card: { brand: details?.brand ?? 'unknown', last4: details?.last4 ?? '', exp_month: details?.exp_month ?? 0, exp_year: details?.exp_year ?? 0 },
        };
      },
      focus: () => elements?.getElement(CardElement)?.focus(),
      authenticate: async (clientSecret: string) => {
        if (!stripe) throw new CardFieldsError('The card fields are still loading. Try again in a moment.');
        const { error } = await stripe.handleNextAction({ clientSecret });
        if (error) throw new CardFieldsError(error.message ?? 'Your bank did not confirm this card. Try again, or use another card.');
      },
    }),
    [stripe, elements],
  );
  return (
    <Box
      role="group"
      aria-label="Card details"
      data-card-fields="stripe"
      p="sm"
      style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <CardElement options={{ style: { base: { fontSize: '16px' } } }} />
    </Box>
  );
}

/**
 * Stripe Elements in place of the sandbox's card page (issue 40): the card number is typed into
 * Stripe's own frame and sent to Stripe, which answers a PaymentMethod id (pm_…) that the
 * server charges.
 */
export function StripeCardFields({ publishableKey, ref }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCard ref={ref} />
    </Elements>
  );
}

/** Stripe is chosen but its publishable key is missing: say where to enter it. */
export function StripeKeyMissing() {
  return (
    <Text size="sm" c="red" role="alert">
      Stripe’s publishable key is not set. Enter it under Settings › Payment providers.
    </Text>
  );
}
