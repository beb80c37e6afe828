import { formatDate, pageTypeLabels, type PageRow } from '@almoner/contracts';
import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';
import { SimpleListPage } from '../../components/simple-list-page.tsx';
import { usePages } from './api.ts';

/** The site's pages and menus. */
export function PageListPage() {
  const can = useCan();
  return (
    <SimpleListPage<PageRow>
      title="Pages"
      {...(can('node.add') ? { add: { to: '/pages/new', label: 'Add page' } } : {})}
      query={usePages()}
      maw={1100}
      empty="No pages yet."
      columns={[
        {
          header: 'Title',
          card: 'title',
          cell: (p) => (
            <>
              <Anchor component={Link} to={`/pages/${p.id}`} fw={500}>
                {p.title}
              </Anchor>{' '}
              {!p.is_active && <Badge color="gray" variant="light">Inactive</Badge>}
            </>
          ),
        },
        { header: 'Type', card: 'status', cell: (p) => pageTypeLabels[p.type] },
        { header: 'URL', cell: (p) => p.url ?? '—' },
        { header: 'In menu', cell: (p) => p.parent_title ?? '—' },
        { header: 'Updated', card: 'date', cell: (p) => formatDate(p.updated_at) },
      ]}
    />
  );
}
