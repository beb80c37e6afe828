import { formatAmount, formatDate } from '@almoner/contracts';
import { Badge, Table } from '@mantine/core';
import { PermittedLink } from '../../../components/permitted-link.tsx';
import { Section } from '../../contributions/page-parts.tsx';
import type { SupporterRecord } from '../api.ts';
import { useSupporterReceipts } from './record-api.ts';
import { SectionBody } from './section-body.tsx';

const num = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;

/** Tax receipts issued to the supporter, each opening in the receipts screen. */
export function ReceiptsSection({ s }: { s: SupporterRecord }) {
  const query = useSupporterReceipts(s.id);
  return (
    <Section title="Tax receipts">
      <SectionBody query={query} loading="Loading receipts" empty="No tax receipts issued." isEmpty={(d) => d.length === 0}>
        {(rows) => (
          <Table.ScrollContainer minWidth={380}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Receipt</Table.Th>
                  <Table.Th>Issued</Table.Th>
                  <Table.Th {...num}>Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <PermittedLink permission="taxreceipt.view" to={`/tax-receipts/${r.id}`} size="sm">
                        {r.number ?? `Draft #${r.id}`}
                      </PermittedLink>{' '}
                      {r.status !== 'issued' && (
                        <Badge size="xs" variant="light" color="gray">
                          {r.status}
                        </Badge>
                      )}
                      {r.receipt_type === 'consolidated' && (
                        <Badge size="xs" variant="light" color="grape">
                          Year-end
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.issued_at ? formatDate(r.issued_at) : '—'}</Table.Td>
                    <Table.Td {...num}>{formatAmount(r.amount, r.currency_code)}</Table.Td>
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
