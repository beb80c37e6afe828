import { segmentTypeLabels } from '@almoner/contracts';
import { RecordListPage, recordLink, type RecordList, type SimpleColumn } from '../../components/simple-list-page.tsx';
import { type SegmentRow, useSegments } from './api.ts';

const segments: RecordList = { title: 'Segments', path: '/segments', noun: 'segment' };

const columns: SimpleColumn<SegmentRow>[] = [
  recordLink(segments, 'Name', (s) => ({ name: s.name })),
  { header: 'Type', cell: (s) => segmentTypeLabels[s.type] },
  { header: 'Options', align: 'right', cell: (s) => (s.items > 0 ? s.items : '—') },
];

/** Sponsorship segments: the custom fields sponsees are described and filtered by. */
export function SegmentListPage() {
  return <RecordListPage list={segments} query={useSegments()} columns={columns} />;
}
