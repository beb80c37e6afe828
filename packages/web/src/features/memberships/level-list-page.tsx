import { formatAmount, formatDate, renewalRuleLabels } from '@almoner/contracts';
import { Badge } from '@mantine/core';
import { RowLink, SimpleListPage } from '../../components/simple-list-page.tsx';
import { useMembershipLevels } from './api.ts';

/** Membership levels (issue 38 item 1): what a membership lasts and costs, and how many are held now. */
export function MembershipLevelListPage() {
  return (
    <SimpleListPage
      title="Membership levels"
      description="The memberships the charity offers: how long each lasts, its price and how a renewal is counted. Staff grant them from a supporter's page; the point of sale sells them through products."
      add={{ to: '/membership-levels/new', label: 'Add membership level' }}
      query={useMembershipLevels()}
      maw={1000}
      empty="No membership levels yet."
      columns={[
        {
          header: 'Name',
          cell: (r) => (
            <>
              <RowLink to={`/membership-levels/${r.id}`}>{r.name}</RowLink>
              {!r.is_public && (
                <Badge ml="xs" color="gray" variant="light">
                  Not offered
                </Badge>
              )}
            </>
          ),
        },
        { header: 'Length', cell: (r) => (r.duration_days === null ? 'No expiry' : `${r.duration_days.toLocaleString('en-US')} days`) },
        { header: 'Price', align: 'right', cell: (r) => (r.price === null ? '—' : formatAmount(r.price, r.currency_code)) },
        { header: 'Renewal counted', cell: (r) => renewalRuleLabels[r.renewal_rule] },
        { header: 'Active', align: 'right', cell: (r) => r.active.toLocaleString('en-US') },
        { header: 'Last changed', cell: (r) => formatDate(r.updated_at) },
      ]}
    />
  );
}
