import { formatDate, formatRate } from '@almoner/contracts';
import { Text } from '@mantine/core';
import { RowLink, SimpleListPage } from '../../components/simple-list-page.tsx';
import { useTaxRates } from './api.ts';

/** Settings › Taxes: each rate with where it applies and to how many products. */
export function TaxListPage() {
  return (
    <SimpleListPage
      title="Taxes"
      description="A tax is charged on the products it is linked to when the order's tax address is in one of its regions."
      add={{ to: '/settings/taxes/new', label: 'Add tax' }}
      query={useTaxRates()}
      maw={1100}
      empty="No taxes yet."
      columns={[
        {
          header: 'Code',
          cell: (r) => (
            <>
              <RowLink to={`/settings/taxes/${r.id}`}>{r.code}</RowLink>
              {r.description && (
                <Text size="xs" c="dimmed">
                  {r.description}
                </Text>
              )}
            </>
          ),
        },
        { header: 'Rate', align: 'right', cell: (r) => formatRate(r.rate) },
        {
          header: 'Applies in',
          cell: (r) => `${r.city ? `${r.city} — ` : ''}${r.regions.map((g) => g.name).join('; ')}`,
        },
        { header: 'Products', align: 'right', cell: (r) => r.product_ids.length },
        { header: 'Last changed', cell: (r) => formatDate(r.updated_at) },
      ]}
    />
  );
}
