import { type CampaignChoice, appealLabel } from '@almoner/contracts';
import { Select } from '@mantine/core';

export type Attribution = { campaign_id: number | null; appeal_id: number | null };

/** The choice's value: an appeal ("a:7"), a campaign alone ("c:3"), or none. */
export const attributionValue = (a: Attribution): string | null => (a.appeal_id ? `a:${a.appeal_id}` : a.campaign_id ? `c:${a.campaign_id}` : null);

export function attributionOf(value: string | null, choices: CampaignChoice[]): Attribution {
  if (!value) return { campaign_id: null, appeal_id: null };
  const id = Number(value.slice(2));
  if (value.startsWith('c:')) return { campaign_id: id, appeal_id: null };
  const campaign = choices.find((c) => c.appeals.some((a) => a.id === id));
  return { campaign_id: campaign?.id ?? null, appeal_id: id };
}

/** The choices grouped by campaign: the campaign alone, then each of its appeals. */
export const attributionOptions = (choices: CampaignChoice[]) =>
  choices.map((c) => ({
    group: c.name,
    items: [{ value: `c:${c.id}`, label: `${c.name} (no appeal)` }, ...c.appeals.map((a) => ({ value: `a:${a.id}`, label: `${c.name} › ${appealLabel(a)}` }))],
  }));

type Props = {
  choices: CampaignChoice[];
  value: Attribution;
  onChange: (value: Attribution) => void;
  error?: string | undefined;
  loading?: boolean;
  label?: string;
};

/**
 * "Credit to": a campaign and, within it, one of its appeals, in one searchable list grouped by
 * campaign. Clearing it credits the gift to no campaign.
 */
export function AttributionSelect({ choices, value, onChange, error, loading = false, label = 'Campaign and appeal' }: Props) {
  const data = attributionOptions(choices);
  return (
    <Select
      label={label}
      placeholder={loading ? 'Loading campaigns…' : 'No campaign'}
      searchable
      clearable
      data={data}
      value={attributionValue(value)}
      onChange={(v) => onChange(attributionOf(v, choices))}
      nothingFoundMessage={loading ? 'Loading campaigns…' : 'No campaign found'}
      error={error}
    />
  );
}
