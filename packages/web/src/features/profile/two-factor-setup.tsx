import { twoFactorCodeSchema } from '@almoner/contracts';
import { ActionIcon, Alert, Box, Button, Center, Code, CopyButton, Group, Loader, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ApiError } from '../../lib/api.ts';
import { useTwoFactorSetup } from './api.ts';

/** "ABCD EFGH …": easier to read and type; authenticator apps ignore the spaces. */
const groupsOfFour = (key: string) => key.replace(/(.{4})/g, '$1 ').trim();

type Props = {
  ask: () => Promise<boolean>;
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
};

/** Pending setup: scan the QR code (or type the key), then prove it with a current code. */
export function TwoFactorSetup({ ask, onConfirm, onCancel }: Props) {
  const setup = useTwoFactorSetup(true);
  const form = useForm({ initialValues: { code: '' }, validate: schemaResolver(twoFactorCodeSchema, { sync: true }) });

  const handleSubmit = form.onSubmit(async ({ code }) => {
    try {
      await onConfirm(code);
    } catch (error) {
      form.setFieldError('code', error instanceof ApiError ? (error.errors?.code?.[0] ?? error.message) : String(error));
    }
  });

  if (setup.isPending) {
    return (
      <Center h={120}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (setup.error instanceof ApiError && setup.error.status === 423) {
    const handleUnlock = async () => {
      if (await ask()) await setup.refetch();
    };
    return (
      <Group>
        <Text size="sm">Confirm your password to see the setup code.</Text>
        <Button variant="light" onClick={() => void handleUnlock()}>
          Continue
        </Button>
      </Group>
    );
  }
  if (!setup.data) return <Alert color="red">{setup.error?.message}</Alert>;

  return (
    <Stack gap="md">
      <Text size="sm" fw={500}>
        Finish turning on two-factor authentication.
      </Text>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Box p={6} bg="white" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.svg)}`}
            alt="QR code for your authenticator app"
            width={184}
            height={184}
            style={{ display: 'block' }}
          />
        </Box>
        <Stack gap="sm" style={{ flex: 1, minWidth: 260 }}>
          <Text size="sm">
            <b>1.</b> Scan the QR code with your authenticator app (Google Authenticator, 1Password, Authy …).
          </Text>
          <Text size="sm" c="dimmed">
            Can’t scan it? Enter this setup key instead:
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="sm" data-testid="two-factor-secret-key" aria-label="Setup key">
              {groupsOfFour(setup.data.secretKey)}
            </Code>
            <CopyButton value={setup.data.secretKey}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy key'}>
                  <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label="Copy setup key">
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">
            <b>2.</b> Enter the 6-digit code the app shows.
          </Text>
          <form onSubmit={handleSubmit} noValidate>
            <Group align="flex-start" gap="sm">
              <TextInput
                label="Code"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="123456"
                w={160}
                {...form.getInputProps('code')}
              />
              <Button type="submit" mt={25} loading={form.submitting}>
                Confirm
              </Button>
              <Button variant="subtle" color="gray" mt={25} onClick={onCancel}>
                Cancel
              </Button>
            </Group>
          </form>
        </Stack>
      </Group>
    </Stack>
  );
}
