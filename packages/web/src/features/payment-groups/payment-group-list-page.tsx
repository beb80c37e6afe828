import { RowLink, SimpleListPage } from '../../components/simple-list-page.tsx';
import { usePaymentGroups } from './api.ts';

/** Payment groups: named sets of ways to pay (sponsorships choose one). */
export function PaymentGroupListPage() {
  return (
    <SimpleListPage
      title="Payment groups"
      add={{ to: '/payment-groups/new', label: 'Add payment group' }}
      query={usePaymentGroups()}
      empty="No payment groups yet."
      columns={[
        { header: 'Name', cell: (g) => <RowLink to={`/payment-groups/${g.id}`}>{g.name}</RowLink> },
        { header: 'Options', align: 'right', cell: (g) => g.options },
      ]}
    />
  );
}
