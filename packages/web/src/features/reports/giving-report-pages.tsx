import {
  CAMPAIGN_APPEALS_DEFAULT_SORT,
  CAMPAIGN_DAYS_DEFAULT_SORT,
  type CampaignSummary,
  DONOR_RETENTION_DEFAULT_SORT,
  type DonorRetentionSummary,
  FUND_TOTALS_DEFAULT_SORT,
  LAPSED_DONORS_DEFAULT_SORT,
  type ReportTotals,
  campaignAppealColumns,
  campaignDayColumns,
  donorRetentionColumns,
  fiscalYearLabel,
  fiscalYearOf,
  formatAmount,
  formatDate,
  fundTotalColumns,
  lapsedDonorColumns,
  lapsedKindLabels,
} from '@almoner/contracts';
import { Anchor, Progress, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useFiscalYearStart, useOrgToday } from '../../app/session.ts';
import { api } from '../../lib/api.ts';
import { useCampaignChoices } from '../campaigns/api.ts';
import { reportFilters } from './report-filters.tsx';
import { Stat } from './stat.tsx';
import { ReportPage, type ReportRow, moneyCell } from './report-page.tsx';
import { StartAppealButton } from './start-appeal.tsx';

const orgMoney = (key: string) => moneyCell(key, 'org_currency');
const PERMISSION = 'reports.payments_details';


/**
 * Years to ask about: this financial year and the nine before it, each named as the reports name
 * it (the calendar year it ends in; "FY 2027 (Apr 2026 – Mar 2027)" when it starts after January).
 */
function useRecentYears() {
  const start = useFiscalYearStart();
  // The organisation's year, not the browser's: no choices for the moment until the server says its today.
  const today = useOrgToday();
  if (!today) return { start, current: '', options: [] };
  const current = fiscalYearOf(Number(today.slice(0, 4)), Number(today.slice(5, 7)), start);
  const options = Array.from({ length: 10 }, (_, i) => current - i).map((y) => ({ value: String(y), label: fiscalYearLabel(y, start) }));
  return { start, current: fiscalYearLabel(current, start), options };
}

/** How the reports' descriptions say which years they count. */
const yearsAre = (start: number) => (start === 1 ? 'calendar years' : 'financial years (Settings › Organisation)');

function CampaignSummaryPanel({ id }: { id: number }) {
  const summary = useQuery({ queryKey: ['reports', 'campaign-summary', id], queryFn: () => api<CampaignSummary>(`/jpanel/reports/campaign-results/${id}/summary.json`) });
  const s = summary.data;
  if (!s) return null;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label="Raised" value={formatAmount(s.raised, s.org_currency)} note={`${s.percent_of_goal}% of ${formatAmount(s.goal, s.org_currency)}`} />
        <Stat label="Gifts" value={s.gifts.toLocaleString('en-US')} />
        <Stat label="Donors" value={s.donors.toLocaleString('en-US')} />
        <Stat label="Average gift" value={formatAmount(s.average, s.org_currency)} />
      </SimpleGrid>
      <Progress value={Math.min(100, s.percent_of_goal)} size="lg" aria-label={`Raised: ${s.percent_of_goal}% of the goal`} />
      <Text size="sm" c="dimmed">
        {`${formatDate(s.starts_on)} – ${s.ends_on ? formatDate(s.ends_on) : 'no end date'} · `}
        <Anchor component={Link} to={`/campaigns/${s.campaign_id}`} size="sm" underline="always">
          Open the campaign
        </Anchor>
      </Text>
    </Stack>
  );
}

/** /reports/campaign-results and /reports/campaign-results/:id: a campaign against its goal, by appeal or by day. */
export function CampaignResultsPage() {
  const param = useParams().id;
  const id = param ? Number(param) : null;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const choices = useCampaignChoices();
  const byDay = params.get('by') === 'day';
  const picker = (
    <Select
      label="Campaign"
      placeholder={choices.isPending ? 'Loading campaigns…' : 'Choose a campaign'}
      searchable
      data={(choices.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      value={id ? String(id) : null}
      onChange={(v) => v && void navigate(`/reports/campaign-results/${v}`)}
      w={{ base: '100%', sm: 320 }}
    />
  );
  if (!id) {
    return (
      <Stack gap="md">
        <div>
          <Text component="h2" size="xl" fw={700} m={0}>
            Campaign results
          </Text>
          <Text size="sm" c="dimmed">
            Raised against the goal, donors and the average gift, by appeal and by day.
          </Text>
        </div>
        {picker}
      </Stack>
    );
  }
  const view = (
    <SegmentedControl
      aria-label="Show results"
      value={byDay ? 'day' : 'appeal'}
      // A new view starts from its own default order and first page.
      onChange={(v) => void navigate(v === 'day' ? `/reports/campaign-results/${id}?by=day` : `/reports/campaign-results/${id}`)}
      data={[{ value: 'appeal', label: 'By appeal' }, { value: 'day', label: 'By day' }]}
    />
  );
  const base = `/jpanel/reports/campaign-results/${id}`;
  return (
    <ReportPage<{ totals?: ReportTotals }>
      key={`${id}-${byDay ? 'day' : 'appeal'}`}
      title="Campaign results"
      description="Gifts credited to the campaign, net of refunds, in the organisation currency at each gift's own rate."
      endpoint={byDay ? `${base}/days.json` : `${base}/appeals.json`}
      columns={byDay ? campaignDayColumns : campaignAppealColumns}
      defaultOrder={byDay ? CAMPAIGN_DAYS_DEFAULT_SORT : CAMPAIGN_APPEALS_DEFAULT_SORT}
      render={byDay ? { day: (r: ReportRow) => formatDate(String(r.day)), raised: orgMoney('raised'), running: orgMoney('running') } : { average: orgMoney('average'), raised: orgMoney('raised'), code: (r: ReportRow) => String(r.code ?? '—') }}
      csv={{ url: byDay ? `${base}/days.csv` : `${base}/appeals.csv`, permission: PERMISSION }}
      searchLabel={byDay ? 'Search days' : 'Search appeals'}
      emptyText={byDay ? 'No gifts are credited to this campaign yet.' : 'This campaign has no appeals and no gifts yet.'}
      extra={() => <CampaignSummaryPanel id={id} />}
      toolbar={
        <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ alignItems: 'end' }}>
          {picker}
          <div>{view}</div>
        </SimpleGrid>
      }
    />
  );
}

export function FundTotalsReportPage() {
  return (
    <ReportPage
      title="Totals by fund"
      description="Each fund's (GL code's) gifts in the period, by gift date: given, refunded and net, in the organisation currency at each gift's own rate."
      endpoint="/jpanel/reports/fund-totals.json"
      columns={fundTotalColumns}
      defaultOrder={FUND_TOTALS_DEFAULT_SORT}
      render={{ gross: orgMoney('gross'), refunded: orgMoney('refunded'), net: orgMoney('net'), fund: (r) => String(r.fund || '—') }}
      filters={reportFilters([{ kind: 'dates', label: 'Gift date' }])}
      csv={{ url: '/jpanel/reports/fund-totals.csv', permission: PERMISSION }}
      searchLabel="Search funds"
      emptyText="No gifts in this period."
    />
  );
}

export function LapsedDonorsReportPage() {
  const years = useRecentYears();
  return (
    <ReportPage
      title="LYBUNT and SYBUNT"
      description={`Supporters who gave last year (LYBUNT) or in an earlier year (SYBUNT) and have not given this year; years are ${yearsAre(years.start)}. Amounts net of refunds, in the organisation currency.`}
      endpoint="/jpanel/reports/lapsed-donors.json"
      columns={lapsedDonorColumns}
      defaultOrder={LAPSED_DONORS_DEFAULT_SORT}
      render={{ last_gift_on: (r) => formatDate(String(r.last_gift_on)), last_year_total: orgMoney('last_year_total'), lifetime_total: orgMoney('lifetime_total') }}
      filters={reportFilters([
        { kind: 'select', name: 'kind', label: 'List', options: Object.entries(lapsedKindLabels).map(([value, label]) => ({ value, label })), placeholder: lapsedKindLabels.lybunt },
        { kind: 'select', name: 'year', label: 'This year is', options: years.options, placeholder: years.current },
      ])}
      csv={{ url: '/jpanel/reports/lapsed-donors.csv', permission: PERMISSION }}
      searchLabel="Search donors"
      emptyText="No donors match: everyone who gave then has given this year."
      toolbar={<StartAppealButton />}
    />
  );
}

type RetentionExtra = { summary?: DonorRetentionSummary };

export function DonorRetentionReportPage() {
  const years = useRecentYears();
  return (
    <ReportPage<RetentionExtra & { totals?: ReportTotals }>
      title="Donor retention"
      description={`Per year (${yearsAre(years.start)}): donors, new donors, those retained from the year before, recovered from an earlier year, lapsed since the year before, and the retention rate (retained ÷ the year before's donors).`}
      endpoint="/jpanel/reports/donor-retention.json"
      columns={donorRetentionColumns}
      defaultOrder={DONOR_RETENTION_DEFAULT_SORT}
      render={{ year: (r) => fiscalYearLabel(Number(r.year), years.start), retention_rate: (r) => (r.retention_rate === null ? '—' : `${String(r.retention_rate)}%`) }}
      filters={reportFilters([
        { kind: 'select', name: 'year', label: 'Up to', options: years.options, placeholder: years.current },
        { kind: 'select', name: 'years', label: 'Years', options: ['3', '5', '10', '20'].map((v) => ({ value: v, label: `${v} years` })), placeholder: '5 years' },
      ])}
      csv={{ url: '/jpanel/reports/donor-retention.csv', permission: PERMISSION }}
      searchLabel="Find a year"
      emptyText="No years to show."
      extra={(answer) =>
        answer?.summary && (
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            <Stat label="New" value={answer.summary.new_donors.toLocaleString('en-US')} />
            <Stat label="Retained" value={answer.summary.retained.toLocaleString('en-US')} />
            <Stat label="Recovered" value={answer.summary.recovered.toLocaleString('en-US')} />
            <Stat label="Lapsed" value={answer.summary.lapsed.toLocaleString('en-US')} />
            <Stat label="Retention rate" value={answer.summary.retention_rate === null ? '—' : `${answer.summary.retention_rate}%`} note="Over the years shown" />
          </SimpleGrid>
        )
      }
    />
  );
}
