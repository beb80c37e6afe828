import { type Campaign, campaignMessages, formatAmount, formatDate } from '@almoner/contracts';
import { Progress, Stack, Text } from '@mantine/core';
import { useCan } from '../../app/session.ts';
import { RowLink, SimpleListPage } from '../../components/simple-list-page.tsx';
import { useCampaigns } from './api.ts';

const percentOf = (c: Campaign) => (c.goal > 0 ? Math.round((c.progress.raised / c.goal) * 1000) / 10 : 0);

/** Campaigns: each with its period, goal and what its gifts have raised so far (the Campaign results figures). */
export function CampaignListPage() {
  const can = useCan();
  return (
    <SimpleListPage
      title="Campaigns"
      description="Gifts are credited to a campaign and one of its appeals at the point of sale, in imports and when a gift is corrected."
      add={can('campaign.edit') ? { to: '/campaigns/new', label: 'Add campaign' } : undefined}
      query={useCampaigns()}
      maw={1200}
      empty={campaignMessages.emptyList}
      columns={[
        {
          header: 'Campaign',
          cell: (c) => (
            <RowLink
              to={`/campaigns/${c.id}`}
              note={c.appeals.length ? c.appeals.map((a) => a.code).join(', ') : 'No appeals'}
            >
              {c.name}
            </RowLink>
          ),
        },
        { header: 'Dates', cell: (c) => `${formatDate(c.starts_on)} – ${c.ends_on ? formatDate(c.ends_on) : 'open'}` },
        { header: 'Goal', align: 'right', cell: (c) => formatAmount(c.goal, c.currency) },
        {
          header: 'Raised',
          align: 'right',
          cell: (c) => (
            <Stack gap={4} align="flex-end">
              <Text size="sm">{`${formatAmount(c.progress.raised, c.currency)} (${percentOf(c)}%)`}</Text>
              <Progress value={Math.min(100, percentOf(c))} w={120} size="sm" aria-label={`${c.name}: ${percentOf(c)}% of goal`} />
            </Stack>
          ),
        },
        { header: 'Gifts', align: 'right', cell: (c) => c.progress.gifts.toLocaleString('en-US') },
        { header: 'Donors', align: 'right', cell: (c) => c.progress.donors.toLocaleString('en-US') },
      ]}
    />
  );
}
