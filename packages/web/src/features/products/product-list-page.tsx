import {
  PRODUCTS_DEFAULT_SORT,
  PRODUCTS_PAGE_SIZE,
  formatAmount,
  formatDate,
  formatDateTime,
  productColumns,
  type ListingRow,
} from '@almoner/contracts';
import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useEditionFlags } from '../../app/edition.ts';
import { useCan } from '../../app/session.ts';
import { DataTable, type FilterFormProps } from '../../components/data-table/index.ts';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';
import { SavedViews, useHiddenColumns } from '../lists/saved-views.tsx';

export type ProductRow = ListingRow & {
  id: number;
  name: string;
  code: string;
  variants: number;
  price: number | null;
  stock: number | null;
  is_enabled: boolean;
  updated_at: string;
  currency_code: string;
  is_donation: boolean;
};

const statuses = [
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabled', label: 'Disabled' },
];

function ProductFilters({ values, onChange }: FilterFormProps) {
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <Select
        label="Status"
        placeholder="Any"
        data={statuses}
        value={one(values.status) ?? null}
        onChange={(status) => onChange({ ...values, status: status ?? undefined })}
        clearable
        w={{ base: '100%', sm: 150 }}
      />
    </FilterPanel>
  );
}

const render: Partial<Record<string, (row: ProductRow) => ReactNode>> = {
  name: (r) => (
    <Text size="sm" fw={500} span>
      {r.name}
    </Text>
  ),
  code: (r) => (
    <Text size="sm" ff="monospace" span>
      {r.code}
    </Text>
  ),
  price: (r) =>
    r.is_donation
      ? 'Donation'
      : r.price === null
        ? ''
        : r.price === 0
          ? 'Free'
          : formatAmount(r.price, r.currency_code),
  stock: (r) =>
    r.stock === null ? (
      <Text size="sm" c="dimmed" span>
        Unlimited
      </Text>
    ) : (
      String(r.stock)
    ),
  is_enabled: (r) => (
    <Badge color={r.is_enabled ? 'teal' : 'gray'} variant="light">
      {r.is_enabled ? 'Enabled' : 'Disabled'}
    </Badge>
  ),
  updated_at: (r) => (
    <Text size="sm" title={formatDateTime(r.updated_at)} span>
      {formatDate(r.updated_at)}
    </Text>
  ),
};

/** The catalogue's products; a row opens the product form. */
export function ProductListPage() {
  const hidden = useHiddenColumns();
  const flags = useEditionFlags();
  const can = useCan();
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2}>Products</Title>
        {can('product.add') && (
          <Button component={Link} to="/products/new" leftSection={<IconPlus size={16} />}>
            Add product
          </Button>
        )}
      </Group>
      <SavedViews list="products" columns={productColumns} />
      <DataTable<ProductRow>
        endpoint="/jpanel/products.listing"
        columns={productColumns}
        hiddenColumns={hidden}
        flags={flags}
        pageSize={PRODUCTS_PAGE_SIZE}
        defaultOrder={PRODUCTS_DEFAULT_SORT}
        render={render}
        exports={{ csv: { url: '/jpanel/products.csv', permission: 'product.view' }, job: { list: 'products', permission: 'product.view' } }}
        filters={(props) => <ProductFilters {...props} />}
        searchLabel="Search products"
        emptyText="No products match."
        rowLabel={(r) => r.name}
      />
    </Stack>
  );
}
