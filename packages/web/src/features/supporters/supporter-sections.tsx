import { formatDate, formatAmount } from '@almoner/contracts';
import { Anchor, Badge, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';
import { ContributionLink, ContributionStatusBadge } from '../contributions/contribution-badges.tsx';
import { Section } from '../contributions/page-parts.tsx';
import type { RecurringProfile, SupporterContribution, SupporterMembership, SupporterRecord } from './api.ts';
import { RecurringBadge } from './supporter-badges.tsx';

const num = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;
const nowrap = { style: { whiteSpace: 'nowrap' } } as const;

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      {/* A figure, not a heading: a block rather than a <p> styled larger than its neighbours. */}
      <Text component="div" size="lg" fw={650}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Paper>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Lifetime giving: what the supporter donated, bought and raised, and when they last paid. */
export function LifetimeFigures({ s }: { s: SupporterRecord }) {
  const money = (amount: number) => formatAmount(amount, s.currency_code);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" role="group" aria-label="Lifetime figures">
      <Figure label="Donations" value={money(s.lifetime_donation_amount)} note={count(s.lifetime_donation_count, 'gift', 'gifts')} />
      <Figure label="Purchases" value={money(s.lifetime_purchase_amount)} note={count(s.lifetime_purchase_count, 'purchase', 'purchases')} />
      <Figure label="Fundraising" value={money(s.lifetime_fundraising_amount)} note={count(s.lifetime_fundraising_count, 'gift raised', 'gifts raised')} />
      <Figure
        label="Last payment"
        value={s.last_payment_at ? formatDate(s.last_payment_at) : 'Never'}
        note={s.first_payment_at ? `First ${formatDate(s.first_payment_at)}` : 'No payments yet'}
      />
    </SimpleGrid>
  );
}

/** How many recent contributions the page lists before "View all". */
const RECENT_SHOWN = 10;

export function RecentContributions({ supporterId, rows }: { supporterId: number; rows: SupporterContribution[] }) {
  const can = useCan();
  const viewAll = can('order.view') && (
    <Anchor component={Link} to={`/contributions?f.supporter_id=${supporterId}`} size="sm">
      View all
    </Anchor>
  );
  return (
    <Section title="Recent contributions" action={viewAll}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No contributions yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Contribution</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th {...num}>Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.slice(0, RECENT_SHOWN).map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <ContributionLink id={c.id} invoice={c.number} />
                  </Table.Td>
                  <Table.Td {...nowrap}>{formatDate(c.ordered_at)}</Table.Td>
                  <Table.Td>
                    <ContributionStatusBadge status={c.status} />
                  </Table.Td>
                  <Table.Td {...num}>{formatAmount(c.total_amount, c.currency_code)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

const period: Record<string, string> = { monthly: 'month', weekly: 'week', biweekly: '2 weeks', quarterly: 'quarter', annually: 'year', yearly: 'year' };

export function RecurringProfiles({ rows }: { rows: RecurringProfile[] }) {
  return (
    <Section title="Recurring profiles">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No recurring profiles.
        </Text>
      ) : (
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
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.description ?? `Profile #${p.id}`}</Table.Td>
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
    </Section>
  );
}

export function Memberships({ rows }: { rows: SupporterMembership[] }) {
  return (
    <Section title="Memberships">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No memberships.
        </Text>
      ) : (
        <Stack gap="xs">
          {rows.map((m) => (
            <Stack key={m.id} gap={0}>
              <Text size="sm" fw={500}>
                {m.name}{' '}
                <Badge size="xs" color={m.is_expired ? 'yellow' : 'teal'} variant="light">
                  {m.is_expired ? 'Expired' : 'Active'}
                </Badge>
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(m.starts_on)} – {m.expires_on ? formatDate(m.expires_on) : 'no expiry'}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}
