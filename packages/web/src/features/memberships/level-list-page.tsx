import { formatAmount, formatDate, renewalRuleLabels, type MembershipLevel } from '@almoner/contracts';
import { RecordListPage, recordLink, type RecordList, type SimpleColumn } from '../../components/simple-list-page.tsx';
import { useMembershipLevels } from './api.ts';

const levels: RecordList = {
  title: 'Membership levels',
  description: "The memberships the charity offers: how long each lasts, its price and how a renewal is counted. Staff grant them from a supporter's page; the point of sale sells them through products.",
  path: '/membership-levels',
  noun: 'membership level',
  maw: 1000,
};

const columns: SimpleColumn<MembershipLevel>[] = [
  recordLink(levels, 'Name', (r) => ({ name: r.name, badge: !r.is_public && 'Not offered' })),
  { header: 'Length', cell: (r) => (r.duration_days === null ? 'No expiry' : `${r.duration_days.toLocaleString('en-US')} days`) },
  { header: 'Price', align: 'right', cell: (r) => (r.price === null ? '—' : formatAmount(r.price, r.currency_code)) },
  { header: 'Renewal counted', cell: (r) => renewalRuleLabels[r.renewal_rule] },
  { header: 'Active', align: 'right', cell: (r) => r.active.toLocaleString('en-US') },
  { header: 'Last changed', cell: (r) => formatDate(r.updated_at) },
];

/** Membership levels (issue 38 item 1): what a membership lasts and costs, and how many are held now. */
export function MembershipLevelListPage() {
  return <RecordListPage list={levels} query={useMembershipLevels()} columns={columns} />;
}
