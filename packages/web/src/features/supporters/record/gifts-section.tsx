import { formatAmount, formatDate } from '@almoner/contracts';
import { Anchor, Pagination, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../app/session.ts';
import { ContributionLink, ContributionStatusBadge } from '../../contributions/contribution-badges.tsx';
import { Section } from '../../contributions/page-parts.tsx';
import type { SupporterRecord } from '../api.ts';
import { useSupporterGifts } from './record-api.ts';
import { SectionBody } from './section-body.tsx';

const num = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;
const nowrap = { style: { whiteSpace: 'nowrap' } } as const;

/** Every gift of the supporter, newest first, a page at a time; "View all" opens them in the contributions list. */
export function GiftsSection({ s }: { s: SupporterRecord }) {
  const can = useCan();
  const [page, setPage] = useState(1);
  const query = useSupporterGifts(s.id, page);
  const pages = query.data ? Math.ceil(query.data.total / query.data.page_size) : 0;
  const viewAll = can('order.view') && (
    <Anchor component={Link} to={`/contributions?f.supporter_id=${s.id}`} size="sm">
      View all
    </Anchor>
  );
  return (
    <Section title="Gifts" action={viewAll}>
      <SectionBody query={query} loading="Loading gifts" empty="No gifts yet." isEmpty={(d) => d.total === 0}>
        {(data) => (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={340}>
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Contribution</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th visibleFrom="sm">Paid with</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th {...num}>Total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.map((g) => (
                    <Table.Tr key={g.id}>
                      <Table.Td>
                        <ContributionLink id={g.id} invoice={g.number} />
                      </Table.Td>
                      <Table.Td {...nowrap}>{formatDate(g.ordered_at)}</Table.Td>
                      <Table.Td visibleFrom="sm" {...nowrap}>
                        {g.payment ?? '—'}
                      </Table.Td>
                      <Table.Td>
                        <ContributionStatusBadge status={g.status} />
                      </Table.Td>
                      <Table.Td {...num}>{formatAmount(g.total_amount, g.currency_code)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} aria-label="Gift pages" getControlProps={(control) => ({ 'aria-label': `${control} page` })} getItemProps={(n) => ({ 'aria-label': `Page ${n}` })} />}
          </Stack>
        )}
      </SectionBody>
    </Section>
  );
}
