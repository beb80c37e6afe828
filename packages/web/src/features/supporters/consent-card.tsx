import { CONSENT_CHANNELS, type ConsentChange, type ConsentState, consentSourceLabels, consentTopicLabels, formatDate, formatDateTime } from '@almoner/contracts';
import { Badge, Button, Center, Divider, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { Section } from '../contributions/page-parts.tsx';
import { useConsent } from './consent-api.ts';
import { ConsentModal } from './consent-modal.tsx';

/** How one topic's state reads: a channel is Yes/No, the stops are On/Off. */
function stateWord(change: Pick<ConsentChange, 'topic'>, on: boolean): string {
  if (change.topic === 'deceased') return on ? 'Deceased' : 'Not deceased';
  if (change.topic === 'do_not_contact') return on ? 'On' : 'Off';
  return on ? 'Yes' : 'No';
}

function Current({ consent }: { consent: ConsentState }) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
        {CONSENT_CHANNELS.map((channel) => (
          <Group key={channel} gap={6} wrap="nowrap">
            <Text size="sm" w={56}>
              {consentTopicLabels[channel]}
            </Text>
            <Badge size="sm" variant="light" color={consent[channel] ? 'teal' : 'gray'}>
              {consent[channel] ? 'Yes' : 'No'}
            </Badge>
          </Group>
        ))}
      </SimpleGrid>
      {(consent.do_not_contact || consent.deceased_on) && (
        <Text size="sm" fw={500} c="red.8">
          {consent.deceased_on ? `Deceased ${formatDate(consent.deceased_on)}` : 'Do not contact'}: nothing is sent to them.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {consent.can_email ? 'Can be e-mailed.' : 'Cannot be e-mailed about appeals or news.'}
      </Text>
    </Stack>
  );
}

function Change({ change }: { change: ConsentChange }) {
  return (
    <Stack gap={2}>
      <Text size="sm">
        <Text span fw={500}>
          {consentTopicLabels[change.topic]}
        </Text>
        : {stateWord(change, change.previous)} → {stateWord(change, change.granted)}
        {change.topic === 'deceased' && change.granted ? ` (died ${formatDate(change.changed_on)})` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {change.topic === 'deceased' && change.granted ? '' : `${formatDate(change.changed_on)} · `}
        {consentSourceLabels[change.source]} · recorded {formatDateTime(change.recorded_at)} by {change.recorded_by?.name ?? 'the system'}
      </Text>
      {change.note && (
        <Text size="xs" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          “{change.note}”
        </Text>
      )}
    </Stack>
  );
}

/** The supporter's contact preferences now, every change with its date, source, who and note, and "Record a change". */
export function ConsentCard({ supporterId, name }: { supporterId: number; name: string }) {
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const query = useConsent(supporterId);
  const action =
    can('member.edit') && query.data ? (
      <Button size="xs" variant="light" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing(true)}>
        Record a change
      </Button>
    ) : undefined;
  return (
    <Section title="Contact preferences" action={action}>
      {query.isPending && (
        <Center h={60}>
          <Loader size="sm" aria-label="Loading contact preferences" />
        </Center>
      )}
      {query.error && <LoadErrorAlert error={query.error} />}
      {query.data && (
        <Stack gap="sm">
          <Current consent={query.data.consent} />
          <Divider label="History" labelPosition="left" />
          {query.data.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No change recorded yet.
            </Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Contact preference changes">
              {query.data.data.map((change) => (
                <li key={change.id}>
                  <Change change={change} />
                </li>
              ))}
            </Stack>
          )}
          <ConsentModal supporterId={supporterId} name={name} consent={query.data.consent} opened={editing} onClose={() => setEditing(false)} />
        </Stack>
      )}
    </Section>
  );
}
