import { sandboxTestCards, type CardToken } from '@almoner/contracts';
import { Alert, Anchor, Box, Button, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconCircleCheck, IconCreditCard } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { CardFields, CardFieldsError, type CardFieldsHandle } from '../../components/card-fields/index.ts';
import { useSettings } from './api.ts';

const brandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/**
 * Lets an administrator try the gateway's card fields: a card typed here becomes a capture
 * token at the gateway. Nothing is charged; the token simply expires unused.
 */
export function CardFieldsCheck() {
  const settings = useSettings();
  const fields = useRef<CardFieldsHandle>(null);
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<{ ok: true; token: CardToken } | { ok: false; message: string } | null>(null);
  const gateway = settings.data?.payment_gateway ?? 'sandbox';
  if (gateway === 'stripe') return <StripeKeysPointer />;

  async function handleCheck() {
    if (!fields.current || checking) return;
    setChecking(true);
    setResult(null);
    try {
      setResult({ ok: true, token: await fields.current.tokenize() });
    } catch (error) {
      setResult({ ok: false, message: error instanceof CardFieldsError ? error.message : 'The card could not be checked. Try again.' });
    } finally {
      setChecking(false);
    }
  }

  return (
    <Paper withBorder radius="md" data-section="card-fields-check">
      <Box px={{ base: 'md', sm: 'lg' }} py="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Text fw={600}>Check the card fields</Text>
        <Text size="sm" c="dimmed">
          Type a card to see the gateway turn it into a capture token, as the point of sale will. Nothing is charged.
          {gateway === 'sandbox' && ` Try ${sandboxTestCards[0].number.replace(/(\d{4})(?=\d)/g, '$1 ')} with any future date.`}
        </Text>
      </Box>
      <Box px={{ base: 'md', sm: 'lg' }} py="md" maw={520}>
        <CardFields key={gateway} gateway={gateway} ref={fields} onSubmit={() => void handleCheck()} />
        <Group mt="sm">
          <Button variant="light" leftSection={<IconCreditCard size={16} aria-hidden />} loading={checking} onClick={() => void handleCheck()}>
            Check card
          </Button>
        </Group>
        <Box mt="sm" aria-live="polite">
          {result?.ok === true && (
            <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} title="Card accepted by the gateway">
              {brandNames[result.token.card.brand] ?? 'Card'} ending {result.token.card.last4}, expires{' '}
              {String(result.token.card.exp_month).padStart(2, '0')}/{result.token.card.exp_year}. Capture token{' '}
              <Text span ff="monospace" size="sm">
                {result.token.token}
              </Text>
            </Alert>
          )}
          {result?.ok === false && (
            <Text size="sm" c="red.7" role="alert">
              {result.message}
            </Text>
          )}
        </Box>
      </Box>
    </Paper>
  );
}

/** With Stripe chosen, its card fields are Stripe Elements in the point of sale; its keys are tested where they are entered. */
function StripeKeysPointer() {
  return (
    <Paper withBorder radius="md" px={{ base: 'md', sm: 'lg' }} py="md" data-section="card-fields-check">
      <Text fw={600}>Stripe</Text>
      <Text size="sm" c="dimmed">
        Cards are typed into Stripe’s own fields (Stripe Elements) and go straight to Stripe. Enter and test the keys under{' '}
        <Anchor component={Link} to="/settings/payment-providers">
          Settings › Payment providers
        </Anchor>
        .
      </Text>
    </Paper>
  );
}
