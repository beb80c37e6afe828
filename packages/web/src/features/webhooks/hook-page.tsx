import {
  WEBHOOK_SECRET_MAX,
  WEBHOOK_URL_MAX,
  domainEventCatalogue,
  formatDateTime,
  webhookMessages,
  webhookEventTypes,
  webhookInputSchema,
  type Webhook,
  type WebhookDetail,
  type WebhookInput,
} from '@almoner/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconPlayerPause } from '@tabler/icons-react';
import { useState } from 'react';
import { confirm } from '../../components/dialogs.tsx';
import {
  FormPageLayout,
  type FormPage,
  useFormPage,
  useRouteRecord,
} from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { useDeleteWebhook, useSaveWebhook, useToggleInsecureSsl, useWebhook } from './api.ts';
import { HookDeliveries } from './hook-deliveries.tsx';

type Values = {
  payload_url: string;
  content_type: 'application/json' | 'application/x-www-form-urlencoded';
  events: string[];
  secret: string;
  active: boolean;
};

const toValues = (h: Webhook | undefined): Values => ({
  payload_url: h?.payload_url ?? '',
  content_type: h?.content_type ?? 'application/json',
  events: h?.events ?? [],
  secret: '',
  active: h?.active ?? true,
});

/** A list's error ('events.0') shows on the list: the form has no field per row. */
const fieldOf = (key: string) => key.split('.')[0] ?? key;

/** /settings/hooks/new and /settings/hooks/:id (the form, insecure SSL and the deliveries). */
export function HookPage() {
  const { record, gate, key } = useRouteRecord(useWebhook);
  return gate ?? <HookForm key={key} hook={record} />;
}

function HookForm({ hook }: { hook: WebhookDetail | undefined }) {
  const save = useSaveWebhook(hook?.id ?? null);
  const remove = useDeleteWebhook();
  const [replacingSecret, setReplacingSecret] = useState(!hook?.secret_set);
  const page = useFormPage({
    initialValues: toValues(hook),
    schema: webhookInputSchema,
    toInput: (values) => values as WebhookInput,
    save: (values: Values) =>
      save.mutateAsync({
        ...values,
        events: values.events as WebhookInput['events'],
        secret: replacingSecret && values.secret ? values.secret : null,
      }),
    savedMessage: (saved) => saved.message,
    // The secret is never shown again: the field empties and the form says it is set.
    valuesAfterSave: (_saved, values) => ({ ...values, secret: '' }),
    onSaved: () => setReplacingSecret(false),
    createdPath: hook ? null : (saved) => `/settings/hooks/${saved.hook_id}`,
    errorField: fieldOf,
    // Spec §8: a failed save shows the first message of the errors object.
    onInvalid: (error) => toast.error(Object.values(error.errors ?? {})[0]?.[0] ?? error.message),
    remove: hook && {
      title: 'Delete webhook',
      message: `Delete the webhook to ${hook.payload_url}? Deliveries still waiting for a retry are dropped.`,
      run: () => remove.mutateAsync(hook.id),
      listPath: '/settings/hooks',
    },
  });
  const { form } = page;

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/settings/hooks', label: 'Webhooks' }}
      title={hook ? 'Edit webhook' : 'Add webhook'}
      crumb={hook ? `Webhook #${hook.id}` : 'Add webhook'}
      above={hook && <HookStatusAlerts hook={hook} />}
      below={
        hook && (
          <>
            <InsecureSslSwitch hook={hook} />
            <HookDeliveries deliveries={hook.deliveries} />
          </>
        )
      }
      submitLabel={hook ? 'Save' : 'Create webhook'}
    >
      <Paper withBorder p="lg">
        <Stack>
          <TextInput
            label="Payload URL"
            description="A public http:// or https:// address."
            required
            maxLength={WEBHOOK_URL_MAX}
            {...form.getInputProps('payload_url')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="hook-content-type">
              Content type
            </Text>
            <SegmentedControl
              aria-labelledby="hook-content-type"
              data={[
                { value: 'application/json', label: 'JSON' },
                { value: 'application/x-www-form-urlencoded', label: 'Form (payload=…)' },
              ]}
              {...form.getInputProps('content_type')}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          {replacingSecret ? (
            <PasswordInput
              label="Secret"
              description={
                hook?.secret_set
                  ? 'The new secret replaces the old one when you save.'
                  : 'Signs every delivery. Leave blank and a random one is made.'
              }
              maxLength={WEBHOOK_SECRET_MAX}
              autoComplete="new-password"
              {...form.getInputProps('secret')}
            />
          ) : (
            <Group gap="sm">
              <Text size="sm">
                <Text span fw={500}>
                  Secret:
                </Text>{' '}
                set (never shown)
              </Text>
              <Button variant="light" size="xs" onClick={() => setReplacingSecret(true)}>
                Replace secret
              </Button>
            </Group>
          )}
          <Switch
            label="Active: deliver events"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
        </Stack>
      </Paper>
      <HookEventsSection form={form} />
    </FormPageLayout>
  );
}

/** Why deliveries are not going out: paused after failures in a row, or switched off. */
function HookStatusAlerts({ hook }: { hook: WebhookDetail }) {
  return (
    <>
      {hook.active && hook.paused_until && (
        <Alert
          color="orange"
          icon={<IconPlayerPause size={18} />}
          title={webhookMessages.pausedTitle}
        >
          {webhookMessages.paused(
            hook.failures_in_a_row,
            `at ${formatDateTime(hook.paused_until)}`,
          )}
        </Alert>
      )}
      {hook.disabled_reason && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="This webhook was switched off"
        >
          {hook.disabled_reason}
        </Alert>
      )}
    </>
  );
}

/** The events a delivery is sent for. */
function HookEventsSection({ form }: { form: FormPage<Values>['form'] }) {
  return (
    <Paper withBorder p="lg">
      <Checkbox.Group
        label="Events"
        description="A delivery is sent for each of these events."
        required
        {...form.getInputProps('events')}
      >
        <Stack gap="xs" mt="sm">
          {webhookEventTypes.map((type) => (
            <Checkbox
              key={type}
              value={type}
              label={type}
              description={domainEventCatalogue[type].description}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </Paper>
  );
}

/** Skipping certificate checks needs a confirmed warning; switching it back off does not. */
function InsecureSslSwitch({ hook }: { hook: Webhook }) {
  const toggle = useToggleInsecureSsl(hook.id);
  const change = async (insecure: boolean) => {
    if (insecure) {
      const ok = await confirm({
        title: 'Skip certificate checks?',
        message:
          'Deliveries will be sent even when the receiver’s TLS certificate is invalid, so anyone able to intercept the connection can read and change them. Use this only for a receiver you control while its certificate is being fixed.',
        confirmLabel: 'Skip certificate checks',
        danger: true,
      });
      if (!ok) return;
    }
    try {
      await toggle.mutateAsync(insecure);
      toast.success(
        insecure ? 'Certificate checks are off for this webhook.' : 'Certificate checks are on.',
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Paper withBorder p="lg">
      <Switch
        label="Insecure SSL: skip TLS certificate checks"
        description="Only the certificate check is skipped; private and local addresses are still refused."
        checked={hook.insecure_ssl}
        disabled={toggle.isPending}
        color="red"
        onChange={(event) => void change(event.currentTarget.checked)}
      />
    </Paper>
  );
}
