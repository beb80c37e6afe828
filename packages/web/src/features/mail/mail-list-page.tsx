import { formatDateTime, type MailList, type MailStatus, mailStatusLabels } from '@almoner/contracts';
import { Anchor, Badge, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';

export const mailStatusColor: Record<MailStatus, string> = { queued: 'gray', sending: 'blue', sent: 'teal', stored: 'indigo', failed: 'red' };

/** The mail outbox (issue 7 item 3): every message the app sent or kept, newest first. */
export function MailListPage() {
  const [page, setPage] = useState(1);
  const mail = useQuery({ queryKey: ['mail', page], queryFn: () => api<MailList>(`/jpanel/mail.json?page=${page}`), placeholderData: keepPreviousData, refetchInterval: 5000 });
  const pages = mail.data ? Math.max(1, Math.ceil(mail.data.total / mail.data.page_size)) : 1;
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={2}>Mail outbox</Title>
      {mail.isError ? (
        <LoadErrorAlert error={mail.error} />
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={700}>
            <Table verticalSpacing="sm" aria-label="Mail outbox">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mail.data?.data.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/mail/${m.id}`} fw={500}>
                        {m.subject}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{m.to}</Table.Td>
                    <Table.Td>
                      <Badge color={mailStatusColor[m.status]} variant="light">
                        {mailStatusLabels[m.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(m.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
                {mail.data && mail.data.data.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dark.3" ta="center" py="md">
                        No messages yet.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />}
    </Stack>
  );
}
