import { Text } from '@mantine/core';
import { RowLink, SimpleListPage } from '../../components/simple-list-page.tsx';
import { categoryPaths, useCategories } from './api.ts';

/** Product categories, each shown with its place in the tree. */
export function CategoryListPage() {
  const categories = useCategories();
  const paths = categoryPaths(categories.data?.data ?? []);
  const rows = [...(categories.data?.data ?? [])].sort((a, b) =>
    (paths.get(a.id) ?? '').localeCompare(paths.get(b.id) ?? ''),
  );
  return (
    <SimpleListPage
      title="Product categories"
      add={{ to: '/categories/new', label: 'Add category' }}
      query={categories}
      rows={rows}
      empty="No categories yet."
      columns={[
        {
          header: 'Category',
          cell: (c) => <RowLink to={`/categories/${c.id}`}>{paths.get(c.id)}</RowLink>,
        },
        {
          header: 'URL name',
          cell: (c) => (
            <Text ff="monospace" size="sm">
              {c.url_name ?? '—'}
            </Text>
          ),
        },
        { header: 'Order', align: 'right', cell: (c) => c.sequence },
        { header: 'Products', align: 'right', cell: (c) => c.products },
      ]}
    />
  );
}
