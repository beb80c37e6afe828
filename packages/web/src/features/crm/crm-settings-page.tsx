import { CRM_PROVIDERS, type CrmConnection, type CrmConnectionUpdate, crmConnectionUpdateSchema, crmMessages, crmProviderLabels, messages, SANDBOX_CRM_CREDENTIALS } from '@almoner/contracts';
import { Alert, Badge, Box, Button, Center, Group, Loader, Paper, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useEditionFlags } from '../../app/edition.ts';
import { useCan } from '../../app/session.ts';
import { saveForm } from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { BackLink } from '../contributions/page-parts.tsx';
import { useCrmConnection, useSaveCrmConnection, useVerifyCrm } from './api.ts';

type Values = { provider: CrmConnection['provider']; api_url: string; web_url: string; username: string; password: string; apikey: string };

function ConnectionForm({ connection }: { connection: CrmConnection }) {
  const save = useSaveCrmConnection();
  const verify = useVerifyCrm();
  const [result, setResult] = useState<boolean | null>(null);
  const form = useForm<Values>({
    initialValues: { provider: connection.provider, api_url: connection.api_url, web_url: connection.web_url, username: connection.username, password: '', apikey: '' },
    validate: schemaResolver(crmConnectionUpdateSchema, { sync: true }),
    onValuesChange: () => setResult(null),
  });
  const handleSubmit = form.onSubmit((values) =>
    saveForm(form, () => save.mutateAsync(values satisfies CrmConnectionUpdate), {
      after: () => {
        form.setValues({ password: '', apikey: '' });
        form.resetDirty();
      },
      failed: messages.settingsFailed,
    }),
  );
  const test = async () => {
    const v = form.getValues();
    try {
      setResult(await verify.mutateAsync({ username: v.username, password: v.password, apikey: v.apikey, provider: v.provider, api_url: v.api_url }));
    } catch (error) {
      setResult(null);
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  const dp = form.getValues().provider === 'donorperfect';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={handleSubmit} aria-label="Donor CRM connection" noValidate>
      <Stack gap="md" maw={560}>
        <Select label="Donor CRM" data={CRM_PROVIDERS.map((p) => ({ value: p, label: crmProviderLabels[p] }))} allowDeselect={false} {...form.getInputProps('provider')} />
        {dp ? (
          <>
            <TextInput label="API address" placeholder="https://www.donorperfect.net/prod/xmlrequest.asp" description="Leave blank for DonorPerfect's own address." {...form.getInputProps('api_url')} />
            <TextInput label="Donor page address" placeholder="https://…?donor_id={donor_id}" description="Where the donor and gift modals link out to; {donor_id} is replaced by the donor's id." {...form.getInputProps('web_url')} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            The sandbox keeps donors and gifts in Almoner's own database. Its test works with the API key {SANDBOX_CRM_CREDENTIALS.apikey} (or the user name {SANDBOX_CRM_CREDENTIALS.username} and password {SANDBOX_CRM_CREDENTIALS.password}) and fails with any other.
          </Text>
        )}
        <PasswordInput
          label="API key"
          autoComplete="off"
          description={connection.has_apikey ? 'A key is stored. Leave blank to keep it.' : 'No key is stored.'}
          {...form.getInputProps('apikey')}
        />
        <Group grow align="flex-start">
          <TextInput label="User name" autoComplete="off" {...form.getInputProps('username')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description={connection.has_password ? 'Stored. Leave blank to keep it.' : undefined}
            {...form.getInputProps('password')}
          />
        </Group>
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          <Button variant="default" leftSection={<IconPlugConnected size={16} aria-hidden />} loading={verify.isPending} onClick={() => void test()}>
            Test
          </Button>
          {result !== null && (
            <Badge size="lg" variant="light" color={result ? 'teal' : 'red'} role="status">
              {result ? crmMessages.works : crmMessages.failed}
            </Badge>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Settings › Donor CRM: which CRM, its address and credentials, and the connection test (spec part 2 §7, §8). */
export function CrmSettingsPage() {
  const can = useCan();
  const flags = useEditionFlags();
  const allowed = can('admin.dpo');
  const connection = useCrmConnection();
  return (
    <Stack gap="lg">
      <BackLink to="/settings#editions">Settings</BackLink>
      <Box>
        <Title order={2}>Donor CRM</Title>
        <Text size="sm" c="dimmed">
          Paid contributions and refunds are sent to the donor CRM in the background while the DP edition is on.
        </Text>
      </Box>
      {!flags.dp && (
        <Alert color="yellow" title="The DP edition is off">
          {crmMessages.disabled}{' '}
          <Link to="/settings#editions">Open the editions settings</Link>
        </Alert>
      )}
      {!allowed ? (
        <Alert color="gray">You need the "Donor CRM settings" permission to change this connection.</Alert>
      ) : connection.isPending ? (
        <Center h={160}>
          <Loader aria-label="Loading the donor CRM connection" />
        </Center>
      ) : connection.isError ? (
        <Alert color="red" role="alert">{connection.error.message}</Alert>
      ) : (
        <ConnectionForm connection={connection.data} />
      )}
    </Stack>
  );
}
