import { RecordListPage, recordLink, type RecordList, type SimpleColumn } from '../../components/simple-list-page.tsx';
import { usePaymentGroups } from './api.ts';

const groups: RecordList = { title: 'Payment groups', path: '/payment-groups', noun: 'payment group' };

const columns: SimpleColumn<{ id: number; name: string; options: number }>[] = [
  recordLink(groups, 'Name', (g) => ({ name: g.name })),
  { header: 'Options', align: 'right', cell: (g) => g.options },
];

/** Payment groups: named sets of ways to pay (sponsorships choose one). */
export function PaymentGroupListPage() {
  return <RecordListPage list={groups} query={usePaymentGroups()} columns={columns} />;
}
