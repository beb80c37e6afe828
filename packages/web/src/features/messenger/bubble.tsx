import { Anchor, Box, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { Bubble } from './conversation.ts';

/** Links in bot text (the gift link) are clickable. */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((p, i) => (/^https?:\/\//.test(p) ? <Anchor key={i} href={p} target="_blank" rel="noopener noreferrer" size="sm" c="inherit" td="underline">{p}</Anchor> : p))}
    </Text>
  );
}

function Attachment({ attachment }: { attachment: NonNullable<Bubble['attachment']> }) {
  const { type, url, name } = attachment;
  if (type === 'image') return <Image src={url} alt={name ?? 'Attached image'} maw={200} radius="sm" />;
  if (type === 'video') return <video src={url} controls style={{ maxWidth: 200 }} aria-label={name ?? 'Attached video'} />;
  if (type === 'audio') return <audio src={url} controls aria-label={name ?? 'Attached audio'} />;
  return <Anchor href={url} size="sm" target="_blank" rel="noopener noreferrer">{name ?? 'Attached file'}</Anchor>;
}

type Props = { bubble: Bubble; onAction: (value: string, text: string) => void; disabled: boolean };

export function ChatBubble({ bubble, onAction, disabled }: Props) {
  const me = bubble.from === 'me';
  return (
    <Group justify={me ? 'flex-end' : 'flex-start'} data-from={bubble.from} className="messenger-bubble">
      <Stack gap={6} maw="80%">
        <Paper px="sm" py={6} radius="lg" bg={me ? 'blue.9' : 'gray.1'} c={me ? 'white' : 'dark'}>
          <Stack gap={6}>
            {bubble.attachment && <Attachment attachment={bubble.attachment} />}
            {bubble.text && <Linked text={bubble.text} />}
          </Stack>
        </Paper>
        {bubble.actions.length > 0 && (
          <Box>
            <Group gap={6}>
              {bubble.actions.map((a) => (
                <Button key={a.value} size="xs" variant="light" radius="xl" disabled={disabled} onClick={() => onAction(a.value, a.text)}
                  leftSection={a.image_url ? <Image src={a.image_url} alt="" w={16} h={16} /> : undefined}>
                  {a.text}
                </Button>
              ))}
            </Group>
          </Box>
        )}
      </Stack>
    </Group>
  );
}
