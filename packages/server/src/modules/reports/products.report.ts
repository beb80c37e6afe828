import {
  PRODUCT_ORDERS_DEFAULT_SORT,
  PRODUCT_SALES_DEFAULT_SORT,
  type ProductOrderFilters,
  type ProductSalesFilters,
  REPORT_PAGE_SIZE,
  productOrderColumns,
  productOrderFiltersSchema,
  productSalesColumns,
  productSalesFiltersSchema,
  toDecimal,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type ListingDefinition, type ListingQuery, queryRows, whereClause } from '../../listing/engine.ts';
import { shortNumberSql, statusSql } from '../contributions/contributions.status.ts';
import { amountRange, apiMoney, csvOrgMoney, dayRange, orgCurrencySql } from './report-sql.ts';
import { orgMinorSql, type TotalsSpec, wordsSearch } from './reports.totals.ts';
import { digitsSql, decimalSql } from '../money/money.sql.ts';

/** A contribution that counts as an order: paid, live, not spam. */
const PAID = sql`c.paid_at is not null and c.deleted_at is null and not c.is_spam`;
const orgDigits = digitsSql(orgCurrencySql);
const lineOrg = orgMinorSql(sql`i.total`, sql`c.functional_exchange_rate`, sql`c.currency_code`, orgDigits);

const salesWhere = (f: ProductSalesFilters) => sql.join([PAID, ...dayRange(sql`c.ordered_at`, f).filter((p): p is SQL => p !== undefined)], sql` and `);

/**
 * Orders by product: each product's paid lines in the period, grouped. The date range is applied
 * before grouping, so the listing is built per request from its filters.
 */
export function productSalesReport(f: ProductSalesFilters): ListingDefinition<ProductSalesFilters> {
  const byCurrency = sql`(select string_agg(x.cur || ' ' || x.amount, ' · ' order by x.cur) from (
      select c.currency_code as cur, ${decimalSql(sql`sum(i.total)`, sql`c.currency_code`)}::text as amount
        from contribution_items i join contributions c on c.id = i.contribution_id
       where i.product_id = p.id and ${salesWhere(f)} group by c.currency_code) x)`;
  return {
    columns: productSalesColumns,
    fields: {
      code: { select: sql`p.code`, sort: sql`lower(p.code)` },
      name: { select: sql`p.name`, sort: sql`lower(p.name)` },
      first_purchase: { select: sql`g.first_purchase` },
      last_purchase: { select: sql`g.last_purchase` },
      contributions: { select: sql`g.contributions` },
      qty: { select: sql`g.qty` },
      org_amount: { select: sql`${decimalSql(sql`g.org_amount`, orgCurrencySql)}::float8`, sort: sql`g.org_amount` },
    },
    rowExtras: { id: sql`p.id`, _url: sql`'/jpanel/reports/products/' || p.id`, org_currency: orgCurrencySql, by_currency: sql`coalesce(${byCurrency}, '')` },
    from: sql`(select i.product_id, count(distinct c.id)::int as contributions, sum(i.qty)::int as qty,
                      min(c.ordered_at) as first_purchase, max(c.ordered_at) as last_purchase, sum(${lineOrg}) as org_amount
                 from contribution_items i join contributions c on c.id = i.contribution_id
                where i.product_id is not null and ${salesWhere(f)} group by i.product_id) g
              join products p on p.id = g.product_id`,
    baseWhere: sql`true`,
    filters: productSalesFiltersSchema,
    where: (filters) => [
      filters.category_id ? sql`exists (select 1 from product_category_links pc where pc.product_id = p.id and pc.category_id = ${filters.category_id})` : undefined,
      filters.include_deleted === '1' ? undefined : sql`p.deleted_at is null`,
    ],
    search: (term) => wordsSearch(sql`lower(concat_ws(' ', p.name, p.code))`, term),
    tiebreak: sql`p.id`,
    defaultOrder: [...PRODUCT_SALES_DEFAULT_SORT],
    pageSize: REPORT_PAGE_SIZE,
    csv: () => [
      { header: 'Code', value: sql`p.code`, kind: 'text' },
      { header: 'Name', value: sql`p.name`, kind: 'text' },
      { header: 'First Purchase', value: sql`to_char(g.first_purchase, 'YYYY-MM-DD HH24:MI:SS')`, kind: 'text' },
      { header: 'Last Purchase', value: sql`to_char(g.last_purchase, 'YYYY-MM-DD HH24:MI:SS')`, kind: 'text' },
      { header: 'Contributions', value: sql`g.contributions`, kind: 'number' },
      { header: 'Qty', value: sql`g.qty`, kind: 'number' },
      { header: 'Amount', value: csvOrgMoney(sql`g.org_amount`), kind: 'number' },
      { header: 'Amount by Currency', value: sql`coalesce(${byCurrency}, '')`, kind: 'text' },
    ],
  };
}

/** The lines the orders-by-product totals add: the same lines the groups hold. */
export function productSalesTotals(def: ListingDefinition<ProductSalesFilters>, query: ListingQuery<ProductSalesFilters>): TotalsSpec {
  return {
    currency: sql`c.currency_code`,
    rate: sql`c.functional_exchange_rate`,
    measures: [{ key: 'amount', label: 'Amount', amount: sql`i.total` }],
    source: {
      from: sql`contribution_items i join contributions c on c.id = i.contribution_id join products p on p.id = i.product_id`,
      where: sql`${salesWhere(query.filters)} and ${whereClause(def, query.filters, query.page.search)}`,
    },
  };
}

/** Product orders: the paid contributions holding product `productId`, with its lines' qty and amount. */
export function productOrdersReport(productId: number): ListingDefinition<ProductOrderFilters> {
  const cur = sql`c.currency_code`;
  return {
    columns: productOrderColumns,
    fields: {
      number: { select: shortNumberSql, sort: sql`c.id` },
      supporter: { select: sql`c.supporter_name`, sort: sql`lower(c.supporter_name)` },
      ordered_at: { select: sql`c.ordered_at` },
      status: { select: statusSql },
      qty: { select: sql`x.qty` },
      amount: { select: apiMoney(sql`x.amount`, cur), sort: sql`x.amount` },
    },
    rowExtras: { id: sql`c.id`, _url: sql`'/jpanel/contributions/' || c.id`, currency_code: cur },
    from: sql`contributions c join (select i.contribution_id, sum(i.qty)::int as qty, sum(i.total)::bigint as amount
                                      from contribution_items i where i.product_id = ${productId} group by i.contribution_id) x
              on x.contribution_id = c.id`,
    baseWhere: PAID,
    filters: productOrderFiltersSchema,
    where: (f) => [
      ...dayRange(sql`c.ordered_at`, f),
      f.status ? sql`${statusSql} = ${f.status}` : undefined,
      f.currency ? sql`c.currency_code = ${f.currency}` : undefined,
      ...amountRange(sql`c.total_amount`, cur, f.amount_min, f.amount_max),
    ],
    search: (term) => wordsSearch(sql`c.searchable_text`, term),
    tiebreak: sql`c.id`,
    defaultOrder: [...PRODUCT_ORDERS_DEFAULT_SORT],
    pageSize: REPORT_PAGE_SIZE,
    csv: () => [],
  };
}

export const productOrdersTotals: TotalsSpec = {
  currency: sql`c.currency_code`,
  rate: sql`c.functional_exchange_rate`,
  measures: [{ key: 'amount', label: 'Amount', amount: sql`x.amount` }],
};

/** The product-orders stats: orders, quantity and sales (all and recurring) in the organisation currency. */
export async function productOrderStats(q: Queryable, def: ListingDefinition<ProductOrderFilters>, query: ListingQuery<ProductOrderFilters>) {
  const [org] = await queryRows(q, sql`select ${orgCurrencySql} as cur`);
  const currency = String(org?.cur);
  const sales = orgMinorSql(sql`x.amount`, sql`c.functional_exchange_rate`, sql`c.currency_code`, orgDigits);
  const [row] = await queryRows(
    q,
    sql`select count(*)::int as order_count, coalesce(sum(x.qty), 0)::int as total_qty,
               coalesce(sum(${sales}), 0)::text as total_sales,
               coalesce(sum(${sales}) filter (where c.is_recurring), 0)::text as total_sales_recurring
          from ${def.from} where ${whereClause(def, query.filters, query.page.search)}`,
  );
  return {
    order_count: Number(row?.order_count ?? 0),
    total_qty: Number(row?.total_qty ?? 0),
    total_sales: toDecimal(String(row?.total_sales ?? 0), currency),
    total_sales_recurring: toDecimal(String(row?.total_sales_recurring ?? 0), currency),
    org_currency: currency,
  };
}
