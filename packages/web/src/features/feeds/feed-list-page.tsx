import { feedPostTypeLabels, type FeedRow } from '@almoner/contracts';
import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';
import { SimpleListPage } from '../../components/simple-list-page.tsx';
import { useFeeds } from './api.ts';

/** Feeds (post types): blogs, sliders, podcasts … */
export function FeedListPage() {
  const can = useCan();
  return (
    <SimpleListPage<FeedRow>
      title="Feeds"
      {...(can('posttype.edit') ? { add: { to: '/feeds/new', label: 'Add feed' } } : {})}
      query={useFeeds()}
      empty="No feeds yet."
      columns={[
        {
          header: 'Name',
          card: 'title',
          cell: (f) => (
            <>
              <Anchor component={Link} to={`/feeds/${f.id}`} fw={500}>{f.name}</Anchor> {f.is_podcast && <Badge variant="light">Podcast</Badge>}
            </>
          ),
        },
        { header: 'Post type', card: 'status', cell: (f) => feedPostTypeLabels[f.post_type] },
        { header: 'URL slug', cell: (f) => f.url_slug ?? '—' },
        { header: 'Posts', align: 'right', cell: (f) => f.posts },
      ]}
    />
  );
}
