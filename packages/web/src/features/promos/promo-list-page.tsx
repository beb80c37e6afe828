import { discountTypeLabels, formatDate } from '@almoner/contracts';
import { RowLink, SimpleListPage } from '../../components/simple-list-page.tsx';
import { usePromos } from './api.ts';

const day = (iso: string | null) => (iso ? formatDate(`${iso}T12:00:00Z`) : '—');

/** Promo codes with what each does, when it runs and how often it was used. */
export function PromoListPage() {
  return (
    <SimpleListPage
      title="Promo codes"
      add={{ to: '/promos/new', label: 'Add promo code' }}
      query={usePromos()}
      maw={1100}
      empty="No promo codes yet."
      columns={[
        {
          header: 'Code',
          cell: (p) => (
            <RowLink to={`/promos/${p.id}`} mono>
              {p.code}
            </RowLink>
          ),
        },
        { header: 'Discount', cell: (p) => p.summary },
        { header: 'Type', cell: (p) => discountTypeLabels[p.discount_type] },
        { header: 'Runs', cell: (p) => `${day(p.starts_on)} – ${day(p.ends_on)}` },
        {
          header: 'Used',
          align: 'right',
          cell: (p) => `${p.usage_count}${p.usage_limit !== null ? ` / ${p.usage_limit}` : ''}`,
        },
      ]}
    />
  );
}
