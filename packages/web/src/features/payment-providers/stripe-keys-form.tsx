import {
  paymentProviderMessages,
  paymentProviderUpdateSchema,
  stripeKeyEnvironment,
  stripeMessages,
  type PaymentProvider,
  type PaymentProviderUpdate,
  type StripeKeyName,
} from '@almoner/contracts';
import { Button, Checkbox, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useFormPage, validateWith } from '../../components/form-page/index.ts';
import { useSavePaymentProvider } from './api.ts';
import { ConnectionTestButton } from './connection-test-button.tsx';

type Values = { test_mode: boolean; secret_key: string; publishable_key: string; webhook_secret: string };

const blank = (provider: PaymentProvider): Values => ({ test_mode: provider.test_mode, secret_key: '', publishable_key: '', webhook_secret: '' });

const toUpdate = (values: Values): PaymentProviderUpdate => ({ provider: 'stripe', ...values });

const fields: { key: StripeKeyName; label: string; example: string }[] = [
  { key: 'secret_key', label: 'Secret key', example: 'sk_test_…' },
  { key: 'publishable_key', label: 'Publishable key', example: 'pk_test_…' },
  { key: 'webhook_secret', label: 'Webhook signing secret', example: 'whsec_…' },
];

/**
 * Stripe's keys (issue 40): write-only, shown by their last 4 (blank keeps the saved one); a key
 * the server's environment sets wins and is shown as such, not editable here.
 */
export function StripeKeysForm({ provider }: { provider: PaymentProvider }) {
  const save = useSavePaymentProvider();
  const page = useFormPage<Values, PaymentProvider>({
    initialValues: blank(provider),
    validate: validateWith(paymentProviderUpdateSchema, toUpdate),
    save: async (values) => (await save.mutateAsync(toUpdate(values))).provider,
    savedMessage: paymentProviderMessages.updated,
    valuesAfterSave: (saved) => blank(saved),
    createdPath: null,
  });
  const keys = provider.stripe_keys;
  // The test answers for the saved keys: not while changes are unsaved or on their way.
  const unsaved = page.form.submitting || page.form.isDirty();
  return (
    <form onSubmit={page.handleSubmit} noValidate aria-label="Stripe settings">
      <Stack gap="sm">
        <Checkbox
          label="Test mode (test keys: Stripe takes test cards only, no real money moves)"
          {...page.form.getInputProps('test_mode', { type: 'checkbox' })}
        />
        {fields.map(({ key, label, example }) => {
          const view = keys?.[key];
          return view?.from_env ? (
            <div key={key} data-stripe-key={key}>
              <Text size="sm" fw={500}>
                {label}
              </Text>
              <Text size="sm">•••• {view.last4}</Text>
              <Text size="xs" c="dimmed">
                {stripeMessages.fromEnvironment(stripeKeyEnvironment[key])}
              </Text>
            </div>
          ) : (
            <PasswordInput
              key={key}
              label={label}
              autoComplete="new-password"
              spellCheck={false}
              placeholder={view?.last4 ? `Saved, ending ${view.last4} — leave blank to keep it` : example}
              description={view?.last4 ? `•••• ${view.last4}` : undefined}
              {...page.form.getInputProps(key)}
            />
          );
        })}
        <Text size="xs" c="dimmed">
          Find the keys in Stripe’s dashboard under Developers → API keys; the signing secret is shown on the webhook endpoint you add there.
        </Text>
        <Group justify="space-between" wrap="wrap">
          <ConnectionTestButton test="stripe" label="Test Stripe connection" disabled={unsaved} />
          <Button type="submit" loading={page.form.submitting}>
            Save Stripe settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
