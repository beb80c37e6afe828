import { formatDateTime } from '@almoner/contracts';
import { Badge } from '@mantine/core';
import { RowLink, SimpleListPage } from '../../components/simple-list-page.tsx';
import { useWebhooks } from './api.ts';

/** Settings › Webhooks: each hook with its address, events and whether it is on. */
export function HookListPage() {
  return (
    <SimpleListPage
      title="Webhooks"
      description="Webhooks send a signed POST to another system each time one of the chosen events happens."
      add={{ to: '/settings/hooks/new', label: 'Add webhook' }}
      query={useWebhooks()}
      maw={1100}
      empty="No webhooks yet."
      columns={[
        {
          header: 'Payload URL',
          cell: (h) => (
            <RowLink to={`/settings/hooks/${h.id}`} breakAll>
              {h.payload_url}
            </RowLink>
          ),
        },
        { header: 'Events', cell: (h) => h.events.join(', ') },
        {
          header: 'Status',
          cell: (h) => (
            <Badge
              color={h.active ? (h.paused_until ? 'orange' : 'green') : h.disabled_reason ? 'red' : 'gray'}
              variant="light"
              miw="max-content"
            >
              {h.active ? (h.paused_until ? 'Paused' : 'Active') : h.disabled_reason ? 'Switched off' : 'Inactive'}
            </Badge>
          ),
        },
        { header: 'Last changed', cell: (h) => formatDateTime(h.updated_at) },
      ]}
    />
  );
}
