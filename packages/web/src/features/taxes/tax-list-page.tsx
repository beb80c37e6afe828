import { formatDate, formatRate, type TaxRate } from '@almoner/contracts';
import { RecordListPage, recordLink, type RecordList, type SimpleColumn } from '../../components/simple-list-page.tsx';
import { useTaxRates } from './api.ts';

const taxes: RecordList = {
  title: 'Taxes',
  description: "A tax is charged on the products it is linked to when the order's tax address is in one of its regions.",
  path: '/settings/taxes',
  noun: 'tax',
  maw: 1100,
};

const columns: SimpleColumn<TaxRate>[] = [
  recordLink(taxes, 'Code', (r) => ({ name: r.code, note: r.description })),
  { header: 'Rate', align: 'right', cell: (r) => formatRate(r.rate) },
  { header: 'Applies in', cell: (r) => `${r.city ? `${r.city} — ` : ''}${r.regions.map((g) => g.name).join('; ')}` },
  { header: 'Products', align: 'right', cell: (r) => r.product_ids.length },
  { header: 'Last changed', cell: (r) => formatDate(r.updated_at) },
];

/** Settings › Taxes: each rate with where it applies and to how many products. */
export function TaxListPage() {
  return <RecordListPage list={taxes} query={useTaxRates()} columns={columns} />;
}
