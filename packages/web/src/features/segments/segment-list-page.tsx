import { segmentTypeLabels } from '@almoner/contracts';
import { RowLink, SimpleListPage } from '../../components/simple-list-page.tsx';
import { useSegments } from './api.ts';

/** Sponsorship segments: the custom fields sponsees are described and filtered by. */
export function SegmentListPage() {
  return (
    <SimpleListPage
      title="Segments"
      add={{ to: '/segments/new', label: 'Add segment' }}
      query={useSegments()}
      empty="No segments yet."
      columns={[
        { header: 'Name', cell: (s) => <RowLink to={`/segments/${s.id}`}>{s.name}</RowLink> },
        { header: 'Type', cell: (s) => segmentTypeLabels[s.type] },
        { header: 'Options', align: 'right', cell: (s) => (s.items > 0 ? s.items : '—') },
      ]}
    />
  );
}
