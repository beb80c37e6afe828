import {
  paymentProviderMessages,
  paymentProviderUpdateSchema,
  sandboxProviderCredentials,
  type PaymentProvider,
  type PaymentProviderUpdate,
} from '@almoner/contracts';
import { Button, Checkbox, Group, Paper, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fieldErrors } from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { useSavePaymentProvider } from './api.ts';
import { ConnectionTestButton } from './connection-test-button.tsx';
import { StripeKeysForm } from './stripe-keys-form.tsx';

const failure = (error: unknown) => (error instanceof ApiError && error.message ? error.message : paymentProviderMessages.failed);

/** The toggle (spec part 3 §2.11): the server's word decides what it shows. */
function ProviderToggle({ provider }: { provider: PaymentProvider }) {
  const save = useSavePaymentProvider();
  const handleChange = async (enabled: boolean) => {
    try {
      const answer = await save.mutateAsync({ provider: provider.provider, enabled });
      toast.success(answer.message);
    } catch (error) {
      toast.error(failure(error));
    }
  };
  return (
    <Switch
      label={provider.enabled ? 'On' : 'Off'}
      aria-label={`${provider.label} enabled`}
      checked={provider.enabled}
      disabled={save.isPending}
      onChange={(event) => void handleChange(event.currentTarget.checked)}
    />
  );
}

type FormValues = { test_mode: boolean; client_id: string; client_secret: string; access_token: string };

/** The provider's input settings; secrets are write-only (blank keeps the saved one). */
function ProviderInputs({ provider }: { provider: PaymentProvider }) {
  const save = useSavePaymentProvider();
  const isPayPal = provider.provider === 'paypal';
  const form = useForm<FormValues>({
    initialValues: { test_mode: provider.test_mode, client_id: provider.client_id ?? '', client_secret: '', access_token: '' },
    validate: (values) => {
      const result = paymentProviderUpdateSchema.safeParse(toUpdate(values));
      return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
    },
  });
  function toUpdate(values: FormValues): PaymentProviderUpdate {
    return isPayPal
      ? { provider: 'paypal', test_mode: values.test_mode, client_id: values.client_id, client_secret: values.client_secret }
      : { provider: 'gocardless', test_mode: values.test_mode, access_token: values.access_token };
  }
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(toUpdate(values));
      toast.success(answer.message);
      form.setValues({ client_secret: '', access_token: '' });
      form.resetDirty();
    } catch (error) {
      if (error instanceof ApiError && error.errors) form.setErrors(fieldErrors(error.errors));
      toast.error(failure(error));
    }
  });
  const saved = 'Saved — leave blank to keep it';
  // Unsaved changes (or a save on its way) would make a test answer for the saved settings.
  const unsaved = save.isPending || form.isDirty();
  const hint = isPayPal
    ? `Sandbox test credentials: client ID ${sandboxProviderCredentials.paypal.client_id}, secret ${sandboxProviderCredentials.paypal.client_secret} (${sandboxProviderCredentials.paypalWithoutReferenceTransactions.client_id} has no reference transactions).`
    : `Sandbox test access token: ${sandboxProviderCredentials.gocardless.access_token}.`;
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={`${provider.label} settings`}>
      <Stack gap="sm">
      <Checkbox label="Test mode (the built-in sandbox answers instead of the live service)" {...form.getInputProps('test_mode', { type: 'checkbox' })} />
      {isPayPal ? (
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="Client ID" autoComplete="off" spellCheck={false} {...form.getInputProps('client_id')} />
          <PasswordInput label="Secret" autoComplete="new-password" placeholder={provider.has_client_secret ? saved : undefined} {...form.getInputProps('client_secret')} />
        </Group>
      ) : (
        <PasswordInput label="Access token" autoComplete="new-password" placeholder={provider.has_access_token ? saved : undefined} {...form.getInputProps('access_token')} />
      )}
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {unsaved && (
        <Text size="xs" c="dimmed">
          Save your changes to test them: the tests use the saved settings.
        </Text>
      )}
      <Group justify="space-between" wrap="wrap">
        <Group gap="md" wrap="wrap">
          {isPayPal ? (
            <>
              <ConnectionTestButton test="paypal" label="Test PayPal connection" disabled={unsaved} />
              <ConnectionTestButton test="paypal_reference_transactions" label="Test reference transactions" disabled={unsaved} />
            </>
          ) : (
            <ConnectionTestButton test="gocardless" label="Test GoCardless connection" disabled={unsaved} />
          )}
        </Group>
        <Button type="submit" loading={save.isPending}>
          Save {provider.label} settings
        </Button>
      </Group>
      </Stack>
    </form>
  );
}

export function ProviderCard({ provider }: { provider: PaymentProvider }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-provider={provider.provider}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={600} component="h3" m={0} size="md">
              {provider.label}
            </Text>
            <Text size="sm" c="dimmed">
              {provider.provider === 'sandbox'
                ? 'Takes cards and bank debits in the point of sale and for recurring payments, with test card numbers.'
                : provider.provider === 'paypal'
                  ? 'PayPal payments and PayPal billing agreements (reference transactions).'
                  : provider.provider === 'stripe'
                    ? 'Cards and US bank debits through your Stripe account, when Stripe is the payment gateway under Settings › Payments.'
                    : 'Direct debits through GoCardless.'}
            </Text>
          </div>
          <ProviderToggle provider={provider} />
        </Group>
        {provider.provider === 'stripe' ? (
          <StripeKeysForm provider={provider} />
        ) : (
          provider.provider !== 'sandbox' && <ProviderInputs provider={provider} />
        )}
      </Stack>
    </Paper>
  );
}
