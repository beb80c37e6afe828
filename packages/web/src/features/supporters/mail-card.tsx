import { type SupporterMail, formatDateTime, mailKindLabels, mailStatusLabels } from '@almoner/contracts';
import { Accordion, Badge, Center, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { Section } from '../contributions/page-parts.tsx';
import { useSupporterMail } from './consent-api.ts';

const statusColor = { queued: 'gray', sending: 'blue', sent: 'teal', stored: 'teal', failed: 'red' } as const;

function Message({ mail }: { mail: SupporterMail }) {
  return (
    <Accordion.Item value={String(mail.id)}>
      <Accordion.Control>
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={500} truncate>
            {mail.subject}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {mail.kind ? mailKindLabels[mail.kind] : 'E-mail'} · {formatDateTime(mail.created_at)}
              {mail.sent_by ? ` · by ${mail.sent_by}` : ''}
            </Text>
            <Badge size="xs" variant="light" color={statusColor[mail.status]}>
              {mailStatusLabels[mail.status]}
            </Badge>
          </Group>
        </Stack>
      </Accordion.Control>
      <Accordion.Panel>
        <Text size="xs" c="dimmed">
          To {mail.to}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {mail.text ?? 'This message has no plain-text part.'}
        </Text>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** Every message Almoner sent the supporter (receipts, notices, e-mails from staff), newest first. */
export function MailCard({ supporterId }: { supporterId: number }) {
  const [page, setPage] = useState(1);
  const query = useSupporterMail(supporterId, page);
  const pages = query.data ? Math.ceil(query.data.total / query.data.page_size) : 0;
  return (
    <Section title="Mail">
      {query.isPending && (
        <Center h={60}>
          <Loader size="sm" aria-label="Loading mail" />
        </Center>
      )}
      {query.error && <LoadErrorAlert error={query.error} />}
      {query.data && query.data.total === 0 && (
        <Text size="sm" c="dimmed">
          Nothing sent yet.
        </Text>
      )}
      {query.data && query.data.total > 0 && (
        <Stack gap="sm">
          <Accordion variant="separated" chevronPosition="right" aria-label="Messages sent">
            {query.data.data.map((mail) => (
              <Message key={mail.id} mail={mail} />
            ))}
          </Accordion>
          {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />}
        </Stack>
      )}
    </Section>
  );
}
