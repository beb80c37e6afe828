import { formatDateTime, type WebhookDeliverySummary } from '@almoner/contracts';
import { Badge, Button, Code, Group, Loader, Paper, Stack, Table, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { toast } from '../../components/toast.ts';
import { useDelivery, useRedeliver } from './api.ts';

const stateBadge = (d: WebhookDeliverySummary) =>
  d.state === 'delivered' ? (
    <Badge color="green" variant="light">
      {d.response_status}
    </Badge>
  ) : d.state === 'failed' ? (
    <Badge color="red" variant="light">
      Failed{d.response_status !== null ? ` (${d.response_status})` : ''}
    </Badge>
  ) : (
    <Badge color="yellow" variant="light">
      {d.attempt > 1 ? `Retrying (try ${d.attempt})` : 'Pending'}
    </Badge>
  );

/** The hook's last 100 deliveries; a row opens to show the request and the response. */
export function HookDeliveries({ deliveries }: { deliveries: WebhookDeliverySummary[] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Paper withBorder p="lg">
      <Title order={3} size="h4" mb="md">
        Recent deliveries
      </Title>
      {deliveries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No deliveries yet.
        </Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Delivery</Table.Th>
              <Table.Th>Event</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Sent</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.map((d) => (
              <Fragment key={d.id}>
                <Table.Tr>
                  <Table.Td>
                    <UnstyledButton onClick={() => setOpen(open === d.id ? null : d.id)} aria-expanded={open === d.id} aria-controls={`delivery-${d.id}`}>
                      <Group gap={4} wrap="nowrap">
                        {open === d.id ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
                        <Text size="sm" ff="monospace">
                          {d.guid}
                        </Text>
                      </Group>
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{d.event}</Table.Td>
                  <Table.Td>{stateBadge(d)}</Table.Td>
                  <Table.Td>{formatDateTime(d.delivered_at ?? d.created_at)}</Table.Td>
                </Table.Tr>
                {open === d.id && (
                  <Table.Tr>
                    <Table.Td colSpan={4} id={`delivery-${d.id}`}>
                      <DeliveryDetail id={d.id} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

const headerText = (headers: Record<string, string> | null) => Object.entries(headers ?? {}).map(([k, v]) => `${k}: ${v}`).join('\n');

const prettyBody = (body: string) => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

function DeliveryDetail({ id }: { id: number }) {
  const delivery = useDelivery(id, true);
  const redeliver = useRedeliver();
  if (!delivery.data) return <Loader size="sm" aria-label="Loading delivery" />;
  const d = delivery.data;
  const handleRedeliver = async () => {
    try {
      toast.success((await redeliver.mutateAsync(d.id)).message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {d.duration_ms !== null ? `Completed in ${(d.duration_ms / 1000).toFixed(2)} seconds` : 'Not sent yet'}
          {d.next_retry_at ? ` · next try ${formatDateTime(d.next_retry_at)}` : ''}
        </Text>
        <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} loading={redeliver.isPending} onClick={() => void handleRedeliver()}>
          Redeliver
        </Button>
      </Group>
      <Tabs defaultValue="request">
        <Tabs.List>
          <Tabs.Tab value="request">Request</Tabs.Tab>
          <Tabs.Tab value="response">Response {d.response_status !== null ? d.response_status : ''}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="request" pt="sm">
          <Text size="xs" fw={500}>
            POST {d.request_url}
          </Text>
          <Code block>{headerText(d.request_headers)}</Code>
          <Code block mt="xs">
            {prettyBody(d.request_body)}
          </Code>
        </Tabs.Panel>
        <Tabs.Panel value="response" pt="sm">
          <Code block>{headerText(d.response_headers) || 'No headers'}</Code>
          <Code block mt="xs">
            {d.response_body ? prettyBody(d.response_body) : 'No body'}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
