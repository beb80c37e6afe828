import { formatDateTime, type MailList, type MailStatus, mailStatusLabels } from '@almoner/contracts';
import { Anchor, Badge, Center, Loader, Pagination, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTable } from '../../components/data-table/list-table.tsx';
import { api } from '../../lib/api.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';

type MailRow = MailList['data'][number];

export const mailStatusColor: Record<MailStatus, string> = { queued: 'gray', sending: 'blue', sent: 'teal', stored: 'indigo', failed: 'red' };

/** The mail outbox (issue 7 item 3): every message the app sent or kept, newest first. */
export function MailListPage() {
  const [page, setPage] = useState(1);
  const mail = useQuery({ queryKey: ['mail', page], queryFn: () => api<MailList>(`/jpanel/mail.json?page=${page}`), placeholderData: keepPreviousData, refetchInterval: 5000 });
  const pages = mail.data ? Math.max(1, Math.ceil(mail.data.total / mail.data.page_size)) : 1;
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={2}>Mail outbox</Title>
      {mail.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {mail.isError ? (
        <LoadErrorAlert error={mail.error} />
      ) : (
        mail.data && (
          <ListTable<MailRow>
            label="Mail outbox"
            rows={mail.data.data}
            empty="No messages yet."
            rowHref={(m) => `/mail/${m.id}`}
            columns={[
              {
                header: 'Subject',
                card: 'title',
                cell: (m) => (
                  <Anchor component={Link} to={`/mail/${m.id}`} fw={500}>
                    {m.subject}
                  </Anchor>
                ),
              },
              { header: 'To', cell: (m) => m.to },
              {
                header: 'Status',
                card: 'status',
                cell: (m) => (
                  <Badge color={mailStatusColor[m.status]} variant="light">
                    {mailStatusLabels[m.status]}
                  </Badge>
                ),
              },
              { header: 'Created', card: 'date', cell: (m) => formatDateTime(m.created_at) },
            ]}
          />
        )
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />}
    </Stack>
  );
}
