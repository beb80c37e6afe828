import type { UserDetail } from '@almoner/contracts';
import { ActionIcon, Alert, Anchor, Button, Code, CopyButton, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { confirm } from '../../components/dialogs.tsx';
import { useRegenerateApiToken } from './api.ts';
import { toast } from '../../components/toast.ts';

/** API token with Regenerate (spec part 3 §2.11): the new token is shown once, here. */
export function ApiTokenPanel({ user }: { user: UserDetail }) {
  const regenerate = useRegenerateApiToken();
  const [token, setToken] = useState<string | null>(null);

  const run = async () => {
    try {
      setToken((await regenerate.mutateAsync(user.id)).api_token);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  const handleRegenerate = () => {
    if (!user.api_token_last_four) {
      void run();
      return;
    }
    void confirm({
      title: 'Regenerate API token?',
      message: 'The current token stops working at once. Anything that uses it will need the new one.',
      confirmLabel: 'Regenerate',
      danger: true,
    }).then((ok) => (ok ? run() : undefined));
  };

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          API token
        </Title>
        <Text size="sm" c="dimmed">
          Lets scripts and integrations call <Code>/jpanel/api/v1</Code> as this user, sent as{' '}
          <Code>Authorization: Bearer …</Code>. Every operation and its fields are in the{' '}
          <Anchor href="/jpanel/api/docs" target="_blank" rel="noopener" underline="always">
            API reference
          </Anchor>
          .
        </Text>
        {token ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Copy this token now">
            <Stack gap="xs">
              <Text size="sm">It will not be shown again. Store it somewhere safe.</Text>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Code block data-testid="api-token" style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {token}
                </Code>
                <CopyButton value={token}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy token'}>
                      <ActionIcon
                        variant="light"
                        color={copied ? 'teal' : 'gray'}
                        aria-label="Copy token"
                        onClick={() => {
                          copy();
                          toast.success('Copied to clipboard.', { style: 'compact' });
                        }}
                      >
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Text size="sm">
            {user.api_token_last_four ? (
              <>
                Current token ends in <Code>{user.api_token_last_four}</Code>.
              </>
            ) : (
              'No token yet.'
            )}
          </Text>
        )}
        <Group>
          <Button variant="default" onClick={handleRegenerate} loading={regenerate.isPending}>
            {user.api_token_last_four || token ? 'Regenerate' : 'Generate token'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
