import {
  WEBHOOK_SECRET_MAX,
  WEBHOOK_URL_MAX,
  domainEventCatalogue,
  formatDateTime,
  webhookMessages,
  webhookEventTypes,
  webhookInputSchema,
  type Webhook,
  type WebhookInput,
} from '@almoner/contracts';
import { Alert, Anchor, Breadcrumbs, Button, Center, Checkbox, Group, Loader, Paper, PasswordInput, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconPlayerPause, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { LEAVE_WITHOUT_ASKING, useUnsavedChanges } from '../../components/use-unsaved-changes.ts';
import { ApiError } from '../../lib/api.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useDeleteWebhook, useSaveWebhook, useToggleInsecureSsl, useWebhook } from './api.ts';
import { HookDeliveries } from './hook-deliveries.tsx';

type Values = { payload_url: string; content_type: 'application/json' | 'application/x-www-form-urlencoded'; events: string[]; secret: string; active: boolean };

const toValues = (h: Webhook | undefined): Values => ({
  payload_url: h?.payload_url ?? '',
  content_type: h?.content_type ?? 'application/json',
  events: h?.events ?? [],
  secret: '',
  active: h?.active ?? true,
});

/** The server's rules, so most mistakes show before a round trip. */
function validate(values: Values): Record<string, string> {
  const parsed = webhookInputSchema.safeParse(values as WebhookInput);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** /settings/hooks/new and /settings/hooks/:id (the form, insecure SSL and the deliveries). */
export function HookPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const query = useWebhook(id);
  if (id !== null && query.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (id !== null && !query.data) return <LoadErrorAlert error={query.error} />;
  return (
    <Stack gap="lg" maw={1000}>
      <HookForm key={id ?? 'new'} hook={query.data} />
      {query.data && <InsecureSslSwitch hook={query.data} />}
      {query.data && <HookDeliveries deliveries={query.data.deliveries} />}
    </Stack>
  );
}

function HookForm({ hook }: { hook: Webhook | undefined }) {
  const navigate = useNavigate();
  const save = useSaveWebhook(hook?.id ?? null);
  const remove = useDeleteWebhook();
  const [replacingSecret, setReplacingSecret] = useState(!hook?.secret_set);
  const form = useForm<Values>({ initialValues: toValues(hook), validate });
  useUnsavedChanges(form.isDirty());

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ ...values, events: values.events as WebhookInput['events'], secret: replacingSecret && values.secret ? values.secret : null });
      toast.success(saved.message);
      form.resetDirty({ ...values, secret: '' });
      form.setFieldValue('secret', '');
      setReplacingSecret(false);
      if (!hook) void navigate(`/settings/hooks/${saved.hook_id}`, { replace: true, state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, m]) => [k.split('.')[0], m[0]])));
        // Spec §8: a failed save shows the first message of the errors object.
        toast.error(Object.values(error.errors)[0]?.[0] ?? error.message);
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  const handleDelete = async () => {
    if (!hook || !(await confirm({ title: 'Delete webhook', message: `Delete the webhook to ${hook.payload_url}? Deliveries still waiting for a retry are dropped.`, confirmLabel: 'Delete', danger: true }))) return;
    try {
      toast.success((await remove.mutateAsync(hook.id)).message);
      void navigate('/settings/hooks', { state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Breadcrumbs>
            <Anchor component={Link} to="/settings/hooks" size="sm">
              Webhooks
            </Anchor>
            <Text size="sm">{hook ? `Webhook #${hook.id}` : 'Add webhook'}</Text>
          </Breadcrumbs>
          <Title order={2}>{hook ? 'Edit webhook' : 'Add webhook'}</Title>
        </Stack>
        {hook && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => void handleDelete()}>
            Delete
          </Button>
        )}
      </Group>
      {hook?.active && hook.paused_until && (
        <Alert color="orange" icon={<IconPlayerPause size={18} />} title={webhookMessages.pausedTitle}>
          {webhookMessages.paused(hook.failures_in_a_row, `at ${formatDateTime(hook.paused_until)}`)}
        </Alert>
      )}
      {hook?.disabled_reason && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This webhook was switched off">
          {hook.disabled_reason}
        </Alert>
      )}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Paper withBorder p="lg">
            <Stack>
              <TextInput label="Payload URL" description="A public http:// or https:// address." required maxLength={WEBHOOK_URL_MAX} {...form.getInputProps('payload_url')} />
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
                  description={hook?.secret_set ? 'The new secret replaces the old one when you save.' : 'Signs every delivery. Leave blank and a random one is made.'}
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
              <Switch label="Active: deliver events" {...form.getInputProps('active', { type: 'checkbox' })} />
            </Stack>
          </Paper>
          <Paper withBorder p="lg">
            <Checkbox.Group label="Events" description="A delivery is sent for each of these events." required {...form.getInputProps('events')}>
              <Stack gap="xs" mt="sm">
                {webhookEventTypes.map((type) => (
                  <Checkbox key={type} value={type} label={type} description={domainEventCatalogue[type].description} />
                ))}
              </Stack>
            </Checkbox.Group>
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {hook ? 'Save' : 'Create webhook'}
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}

/** Skipping certificate checks needs a confirmed warning; switching it back off does not. */
function InsecureSslSwitch({ hook }: { hook: Webhook }) {
  const toggle = useToggleInsecureSsl(hook.id);
  const change = async (insecure: boolean) => {
    if (insecure) {
      const ok = await confirm({
        title: 'Skip certificate checks?',
        message: 'Deliveries will be sent even when the receiver’s TLS certificate is invalid, so anyone able to intercept the connection can read and change them. Use this only for a receiver you control while its certificate is being fixed.',
        confirmLabel: 'Skip certificate checks',
        danger: true,
      });
      if (!ok) return;
    }
    try {
      await toggle.mutateAsync(insecure);
      toast.success(insecure ? 'Certificate checks are off for this webhook.' : 'Certificate checks are on.');
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
