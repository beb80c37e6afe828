import { formatDate } from '@almoner/contracts';
import { Badge, Text } from '@mantine/core';
import { RowLink, SimpleListPage } from '../../components/simple-list-page.tsx';
import { useTributeTypes } from './api.ts';

/** Tribute types (issue 38 item 3): the kinds of tribute offered, in order, and how much each is used. */
export function TributeTypeListPage() {
  return (
    <SimpleListPage
      title="Tribute types"
      description="The kinds of tribute donors and staff choose from (in memory of, in honour of …), in the order they are offered, each with the e-mail and letter that tell the person named."
      add={{ to: '/tribute-types/new', label: 'Add tribute type' }}
      query={useTributeTypes()}
      maw={1000}
      empty="No tribute types yet."
      columns={[
        {
          header: 'Name',
          cell: (r) => (
            <>
              <RowLink to={`/tribute-types/${r.id}`}>{r.label}</RowLink>
              {!r.is_enabled && (
                <Badge ml="xs" color="gray" variant="light">
                  Not offered
                </Badge>
              )}
            </>
          ),
        },
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
      ]}
    />
  );
}
