import { formatDateTime, type MailMessage, mailStatusLabels } from '@almoner/contracts';
import { Alert, Anchor, Badge, Group, List, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { mailStatusColor } from './mail-list-page.tsx';

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * One outbox message. The HTML body is shown in a sandboxed frame (no scripts, no same-origin
 * access, no forms), so a message that carries markup from a supporter cannot act in the app.
 */
export function MailMessagePage() {
  const { id } = useParams();
  const mail = useQuery({ queryKey: ['mail', 'message', id], queryFn: () => api<MailMessage>(`/jpanel/mail/messages/${id}`) });
  if (mail.isError) return <LoadErrorAlert error={mail.error} />;
  const m = mail.data;
  if (!m) return null;
  const headers: [string, string][] = [
    ['From', m.from ?? ''],
    ['To', m.to],
    ...(m.cc ? ([['Cc', m.cc]] as [string, string][]) : []),
    ['Created', formatDateTime(m.created_at)],
    ['Sent', m.sent_at ? formatDateTime(m.sent_at) : 'Not yet'],
    ['Attempts', String(m.attempts)],
  ];
  return (
    <Stack gap="lg" maw={1000}>
      <Anchor component={Link} to="/mail" size="sm">
        Back to the mail outbox
      </Anchor>
      <Group gap="sm">
        <Title order={2}>{m.subject}</Title>
        <Badge color={mailStatusColor[m.status]} variant="light">
          {mailStatusLabels[m.status]}
        </Badge>
      </Group>
      {m.error && (
        <Alert color="red" title="Not sent">
          {m.error}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Table aria-label="Message details" withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {headers.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={120} scope="row">
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Tabs defaultValue={m.html ? 'html' : 'text'}>
        <Tabs.List>
          {m.html && <Tabs.Tab value="html">HTML</Tabs.Tab>}
          <Tabs.Tab value="text">Text</Tabs.Tab>
        </Tabs.List>
        {m.html && (
          <Tabs.Panel value="html" pt="sm">
            <iframe title="Message as HTML" sandbox="" srcDoc={m.html} style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-4)', background: 'white' }} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="text" pt="sm">
          <Paper withBorder p="md">
            <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {m.text ?? ''}
            </Text>
          </Paper>
        </Tabs.Panel>
      </Tabs>
      <Stack gap={4}>
        <Title order={3} size="h4">
          Attachments
        </Title>
        {m.attachments.length ? (
          <List>
            {m.attachments.map((a) => (
              <List.Item key={a.filename}>
                {a.filename} ({a.content_type}, {kilobytes(a.size)})
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">None</Text>
        )}
      </Stack>
    </Stack>
  );
}
