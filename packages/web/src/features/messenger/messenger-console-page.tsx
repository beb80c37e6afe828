import { messengerMessages as m, senderSchema } from '@almoner/contracts';
import { ActionIcon, Box, FileButton, Group, Paper, ScrollArea, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../app/session.ts';
import { ChatBubble } from './bubble.tsx';
import { type Bubble, botError, fromBot, mine } from './conversation.ts';
import { attachmentTypeOf, sendToBot } from './api.ts';

/**
 * The messenger console (spec part 3 §2.7): a phone-style chat with the text-to-give bot, as
 * any sender's phone number. Typing 'clear' empties the conversation instead of sending it (the
 * bot forgets it too).
 */
export function MessengerConsolePage() {
  const session = useSession();
  const [sender, setSender] = useState<string>(m.defaultSender);
  const [draft, setDraft] = useState('');
  const [bubbles, setBubbles] = useState<Bubble[]>([]);
  const [busy, setBusy] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const senderError = senderSchema.safeParse(sender).success ? null : m.senderFormat;

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [bubbles]);

  const send = async (message: string, options: { interactive?: boolean; file?: File | null; shown?: string } = {}) => {
    if (senderError || busy) return;
    const file = options.file ?? null;
    if (message.trim().toLowerCase() === m.clearWord && !file) {
      setBubbles([]);
      setDraft('');
      await sendToBot({ userId: sender, message: m.clearWord }).catch(() => undefined);
      return;
    }
    const attachment = file ? { type: attachmentTypeOf(file), url: URL.createObjectURL(file), name: file.name } : null;
    setBubbles((b) => [...b, mine(options.shown ?? message, attachment)]);
    setDraft('');
    setBusy(true);
    try {
      const answer = await sendToBot({ userId: sender, message, interactive: options.interactive, file });
      setBubbles((b) => [...b, ...answer.messages.map(fromBot)]);
    } catch (error) {
      setBubbles((b) => [...b, botError(error instanceof Error ? error.message : String(error))]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={2}>Messenger console</Title>
      <Group align="flex-start" gap="xl">
        <Paper withBorder radius={36} p="sm" w={380} shadow="sm" aria-label="Phone" component="section">
          <Stack gap={0} h={620} style={{ borderRadius: 28, overflow: 'hidden' }} bg="white">
            <Box bg="gray.8" c="white" py="sm" px="md">
              <Text fw={600} ta="center" size="sm">
                {session.data?.org_name ?? 'Messenger'}
              </Text>
            </Box>
            <ScrollArea flex={1} viewportRef={viewport} p="sm" aria-label="Conversation" aria-live="polite">
              <Stack gap="xs">
                {bubbles.length === 0 && (
                  <Text size="sm" c="dimmed" ta="center" mt="xl">
                    Text a keyword to start a gift.
                  </Text>
                )}
                {bubbles.map((b) => (
                  <ChatBubble key={b.id} bubble={b} disabled={busy} onAction={(value, text) => void send(value, { interactive: true, shown: text })} />
                ))}
              </Stack>
            </ScrollArea>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (draft.trim()) void send(draft);
              }}
            >
              <Group gap={6} p="xs" wrap="nowrap" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                <FileButton onChange={(file) => file && void send('', { file })} accept="image/*,video/*,audio/*,*/*">
                  {(props) => (
                    <Tooltip label="Attach an image, video, audio or file">
                      <ActionIcon {...props} variant="subtle" size="lg" aria-label="Attach a file" disabled={busy || Boolean(senderError)}>
                        <IconPaperclip size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </FileButton>
                <TextInput flex={1} radius="xl" placeholder={m.inputPlaceholder} aria-label="Message" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} maxLength={1600} />
                <ActionIcon type="submit" size="lg" radius="xl" aria-label="Send" loading={busy} disabled={!draft.trim() || Boolean(senderError)}>
                  <IconSend size={16} />
                </ActionIcon>
              </Group>
            </form>
          </Stack>
        </Paper>
        <Stack gap="sm" maw={320}>
          <TextInput label={m.senderLabel} description="A plus sign, the country digit 1, then the digits." value={sender} error={senderError} onChange={(e) => setSender(e.currentTarget.value.trim())} />
          <Text size="sm" c="dimmed">
            The bot answers as it would a text from this number. A supporter whose phone matches is greeted by name. Type {m.clearWord} to start over.
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}
