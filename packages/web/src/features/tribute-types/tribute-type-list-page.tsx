import { formatDate, type TributeType } from '@almoner/contracts';
import { Text } from '@mantine/core';
import { RecordListPage, recordLink, type RecordList, type SimpleColumn } from '../../components/simple-list-page.tsx';
import { useTributeTypes } from './api.ts';

const tributeTypes: RecordList = {
  title: 'Tribute types',
  description:
    'The kinds of tribute donors and staff choose from (in memory of, in honour of …), in the order they are offered, each with the e-mail and letter that tell the person named.',
  path: '/tribute-types',
  noun: 'tribute type',
  maw: 1000,
};

const columns: SimpleColumn<TributeType>[] = [
  recordLink(tributeTypes, 'Name', (r) => ({ name: r.label, badge: !r.is_enabled && 'Not offered' })),
  { header: 'Order', align: 'right', cell: (r) => r.sequence },
  {
    header: 'Notices',
    cell: (r) => (
      <Text size="sm">
        {[r.email_template ? 'Own e-mail' : 'Standard e-mail', r.letter_template ? 'own letter' : 'standard letter'].join(', ')}
      </Text>
    ),
  },
  { header: 'Tributes', align: 'right', cell: (r) => r.tributes.toLocaleString('en-US') },
  { header: 'Last changed', cell: (r) => formatDate(r.updated_at) },
];

/** Tribute types (issue 38 item 3): the kinds of tribute offered, in order, and how much each is used. */
export function TributeTypeListPage() {
  return <RecordListPage list={tributeTypes} query={useTributeTypes()} columns={columns} />;
}
