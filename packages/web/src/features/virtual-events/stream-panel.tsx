import { virtualEventMessages, type VirtualEvent } from '@almoner/contracts';
import { ActionIcon, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { toast } from '../../components/toast.ts';

function CopyField({ label, value, copied }: { label: string; value: string; copied: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} ff="monospace" />
      <CopyButton value={value}>
        {({ copied: done, copy }) => (
          <Tooltip label={`Copy ${label.toLowerCase()}`}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Copy ${label.toLowerCase()}`}
              onClick={() => {
                copy();
                toast.success(copied, { style: 'compact' });
              }}
            >
              {done ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * The live stream's ingest URL and key, with copy buttons. No video provider is connected to
 * this installation, so nothing is created here: the panel shows a stream only when one is stored.
 */
export function StreamPanel({ event }: { event: VirtualEvent }) {
  if (event.hasStream && event.streamKey) {
    return (
      <Stack gap="xs" mt="md">
        {event.streamUrl && <CopyField label="Stream URL" value={event.streamUrl} copied={virtualEventMessages.streamUrlCopied} />}
        <CopyField label="Stream key" value={event.streamKey} copied={virtualEventMessages.streamKeyCopied} />
      </Stack>
    );
  }
  if (event.video_source !== 'mux') return null;
  return (
    <Text size="sm" c="dimmed" mt="md">
      No live stream is stored for this event. This installation is not connected to a video provider, so a stream URL and key cannot be created here.
    </Text>
  );
}
