import { formatDate } from '@almoner/contracts';
import { Code } from '@mantine/core';
import { useCan } from '../../app/session.ts';
import { RowLink, SimpleListPage } from '../../components/simple-list-page.tsx';
import { useVirtualEvents } from './api.ts';

const sourceLabels: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo', mux: 'Mux' };

/** /virtual-events: every event with its start date (UTC) and Public URL slug. */
export function VirtualEventListPage() {
  const can = useCan();
  return (
    <SimpleListPage
      title="Virtual Events"
      description="Live-streamed fundraising events: the stream, chat, tally and donation tabs shown on the event's public page."
      {...(can('virtualevents.edit') ? { add: { to: '/virtual-events/create', label: 'Create virtual event' } } : {})}
      query={useVirtualEvents()}
      maw={1000}
      empty="No virtual events yet."
      columns={[
        { header: 'Name', cell: (r) => <RowLink to={`/virtual-events/${r.id}/edit`}>{r.name}</RowLink> },
        { header: 'Start date (UTC)', cell: (r) => (r.start_date ? formatDate(r.start_date.slice(0, 10)) : '—') },
        { header: 'Video', cell: (r) => (r.video_source ? (sourceLabels[r.video_source] ?? r.video_source) : '—') },
        { header: 'Public URL', cell: (r) => <Code>{r.slug}</Code> },
      ]}
    />
  );
}
