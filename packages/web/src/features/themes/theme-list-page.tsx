import { type ThemeRow } from '@almoner/contracts';
import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { SimpleListPage } from '../../components/simple-list-page.tsx';
import { useThemes } from './api.ts';

/** The organisation's themes; each opens in the file editor. */
export function ThemeListPage() {
  return (
    <SimpleListPage<ThemeRow>
      title="Themes"
      query={useThemes()}
      empty="No themes yet."
      columns={[
        {
          header: 'Theme',
          card: 'title',
          cell: (t) => (
            <>
              {t.is_locked ? t.title : <Anchor component={Link} to={`/themes/${t.id}/editor`} fw={500}>{t.title}</Anchor>}{' '}
              {t.is_active && <Badge variant="light">Active</Badge>} {t.is_locked && <Badge color="gray" variant="light">Locked</Badge>}
            </>
          ),
        },
        { header: 'Handle', cell: (t) => t.handle },
        { header: 'Files', align: 'right', cell: (t) => t.assets },
      ]}
    />
  );
}
