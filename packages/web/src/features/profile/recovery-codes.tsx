import { Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';

type Props = {
  codes: string[] | null;
  onShow: () => void;
  onHide: () => void;
  onRegenerate: () => void;
  busy: boolean;
};

/** The recovery codes, shown on request (they are as good as the phone). */
export function RecoveryCodes({ codes, onShow, onHide, onRegenerate, busy }: Props) {
  if (!codes) {
    return (
      <Group>
        <Button variant="default" onClick={onShow} loading={busy}>
          Show recovery codes
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">
        Store these recovery codes in a password manager. Each one signs you in once if you lose your phone.
      </Text>
      <Paper bg="gray.0" p="md" withBorder>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6} aria-label="Recovery codes" role="list">
          {codes.map((code) => (
            <Text key={code} ff="monospace" size="sm" role="listitem" data-testid="recovery-code">
              {code}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onRegenerate} loading={busy} leftSection={<IconRefresh size={16} />}>
          Regenerate recovery codes
        </Button>
        <Button variant="subtle" color="gray" onClick={onHide}>
          Hide codes
        </Button>
      </Group>
    </Stack>
  );
}
