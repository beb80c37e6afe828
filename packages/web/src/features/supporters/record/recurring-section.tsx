import { formatAmount, formatDate } from '@almoner/contracts';
import { Table } from '@mantine/core';
import { PermittedLink } from '../../../components/permitted-link.tsx';
import { Section } from '../../contributions/page-parts.tsx';
import { type SupporterRecord, useSupporter } from '../api.ts';
import { RecurringBadge } from '../supporter-badges.tsx';
import { SectionBody } from './section-body.tsx';

const num = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;
const nowrap = { style: { whiteSpace: 'nowrap' } } as const;
const period: Record<string, string> = { monthly: 'month', weekly: 'week', biweekly: '2 weeks', quarterly: 'quarter', biannually: '6 months', annually: 'year', yearly: 'year' };

/** The supporter's recurring profiles, each opening its own page. */
export function RecurringSection({ s }: { s: SupporterRecord }) {
  const query = useSupporter(s.id);
  return (
    <Section title="Recurring profiles">
      <SectionBody query={query} loading="Loading recurring profiles" empty="No recurring profiles." isEmpty={(d) => d.recurring.length === 0}>
        {(data) => (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Profile</Table.Th>
                  <Table.Th {...num}>Amount</Table.Th>
                  <Table.Th>Next bill</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.recurring.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <PermittedLink permission="recurringpaymentprofile.view" to={`/recurring/${p.id}`} size="sm">
                        {p.description ?? `Profile #${p.id}`}
                      </PermittedLink>
                    </Table.Td>
                    <Table.Td {...num}>
                      {formatAmount(p.amount, p.currency_code)}
                      {p.billing_period ? ` / ${period[p.billing_period] ?? p.billing_period}` : ''}
                    </Table.Td>
                    <Table.Td {...nowrap}>{p.next_billing_date ? formatDate(p.next_billing_date) : '—'}</Table.Td>
                    <Table.Td>
                      <RecurringBadge status={p.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </SectionBody>
    </Section>
  );
}
