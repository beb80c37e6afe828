import { formatDateTime, type Webhook } from '@almoner/contracts';
import { Badge } from '@mantine/core';
import { RecordListPage, recordLink, type RecordList, type SimpleColumn } from '../../components/simple-list-page.tsx';
import { useWebhooks } from './api.ts';

const hooks: RecordList = {
  title: 'Webhooks',
  description: 'Webhooks send a signed POST to another system each time one of the chosen events happens.',
  path: '/settings/hooks',
  noun: 'webhook',
  maw: 1100,
};

function HookStatus({ hook: h }: { hook: Webhook }) {
  return (
    <Badge
      color={h.active ? (h.paused_until ? 'orange' : 'green') : h.disabled_reason ? 'red' : 'gray'}
      variant="light"
      miw="max-content"
    >
      {h.active ? (h.paused_until ? 'Paused' : 'Active') : h.disabled_reason ? 'Switched off' : 'Inactive'}
    </Badge>
  );
}

const columns: SimpleColumn<Webhook>[] = [
  recordLink(hooks, 'Payload URL', (h) => ({ name: h.payload_url, breakAll: true })),
  { header: 'Events', cell: (h) => h.events.join(', ') },
  { header: 'Status', cell: (h) => <HookStatus hook={h} /> },
  { header: 'Last changed', cell: (h) => formatDateTime(h.updated_at) },
];

/** Settings › Webhooks: each hook with its address, events and whether it is on. */
export function HookListPage() {
  return <RecordListPage list={hooks} query={useWebhooks()} columns={columns} />;
}
