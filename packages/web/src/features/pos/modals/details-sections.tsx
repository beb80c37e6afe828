import { formatAmount, POS_DCC_CHOICES } from '@almoner/contracts';
import { Checkbox, Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { Attribution } from '../../campaigns/attribution-select.tsx';
import type { PosConfig, PosOrder } from '../pos-types.ts';

export const OTHER = 'Other';

/** The details form's values, from the order as it stands (an unlisted referral source is "Other"). */
export function detailsValues(order: PosOrder, config: PosConfig) {
  const known = config.referral_sources.includes(order.referral_source ?? '');
  return {
    ordered_at: order.ordered_at.slice(0, 10),
    source: order.source ?? '',
    referral_source: order.referral_source ? (known ? order.referral_source : OTHER) : '',
    other_referral_source: order.referral_source && !known ? order.referral_source : '',
    comments: order.comments ?? '',
    is_anonymous: order.is_anonymous,
    email_opt_in: order.email_opt_in,
    send_confirmation_emails: order.send_confirmation_emails,
    account_type_id: order.account_type_id ? String(order.account_type_id) : '',
    dcc_enabled_by_customer: order.dcc_enabled_by_customer,
    dcc_type: order.dcc_type ?? 'most_costs',
    attribution: { campaign_id: order.campaign_id, appeal_id: order.appeal_id } as Attribution,
  };
}

export type DetailsValues = ReturnType<typeof detailsValues>;

type SectionProps = {
  v: DetailsValues;
  set: (patch: Partial<DetailsValues>) => void;
  config: PosConfig;
  err: (key: string) => string | undefined;
};

/** Date, source, account type and how the donor heard of us. */
export function DetailsWhen({ v, set, config, err }: SectionProps) {
  const select = { comboboxProps: { withinPortal: true } };
  return (
    <SimpleGrid cols={2} spacing="sm">
      <DateInput
        label="Contribution date"
        valueFormat="MMM D, YYYY"
        previousLabel="Previous month"
        nextLabel="Next month"
        value={v.ordered_at}
        error={err('ordered_at')}
        onChange={(d) => set({ ordered_at: d ?? v.ordered_at })}
      />
      <Select label="Source" data={config.sources} value={v.source || null} error={err('source')} onChange={(s) => set({ source: s ?? '' })} {...select} />
      {config.account_types.length > 0 && (
        <Select
          label="Account type"
          data={config.account_types.map((t) => ({ value: String(t.id), label: t.name }))}
          value={v.account_type_id || null}
          onChange={(s) => set({ account_type_id: s ?? '' })}
          {...select}
        />
      )}
      {config.referral_sources_enabled && (
        <Select
          label="How did they hear about us?"
          data={config.referral_sources}
          clearable
          value={v.referral_source || null}
          error={err('referral_source')}
          onChange={(s) => set({ referral_source: s ?? '' })}
          {...select}
        />
      )}
      {config.referral_sources_enabled && v.referral_source === OTHER && (
        <TextInput
          label="Other referral source"
          maxLength={100}
          value={v.other_referral_source}
          error={err('other_referral_source')}
          onChange={(e) => set({ other_referral_source: e.currentTarget.value })}
        />
      )}
    </SimpleGrid>
  );
}

/** Anonymous, e-mail consent, confirmation e-mails and, where the site allows it, donor-covers-costs. */
export function DetailsFlags({ v, set, config, order }: SectionProps & { order: PosOrder }) {
  return (
    <>
      <Stack gap={6}>
        <Checkbox
          label="Anonymous: do not show the supporter's name publicly"
          checked={v.is_anonymous}
          onChange={(e) => set({ is_anonymous: e.currentTarget.checked })}
        />
        <Checkbox label="Opted in to e-mail updates" checked={v.email_opt_in} onChange={(e) => set({ email_opt_in: e.currentTarget.checked })} />
        <Checkbox
          label="Send confirmation e-mails"
          checked={v.send_confirmation_emails}
          onChange={(e) => set({ send_confirmation_emails: e.currentTarget.checked })}
        />
      </Stack>
      {config.dcc_enabled && (
        <Stack gap={6}>
          <Checkbox
            label="The donor covers the costs"
            checked={v.dcc_enabled_by_customer}
            onChange={(e) => set({ dcc_enabled_by_customer: e.currentTarget.checked })}
          />
          {v.dcc_enabled_by_customer && config.dcc_ai_enabled && (
            <Radio.Group value={v.dcc_type} onChange={(t) => set({ dcc_type: t as DetailsValues['dcc_type'] })} aria-label="Costs covered">
              <Group gap="md" pl="xl">
                {POS_DCC_CHOICES.map((c) => (
                  <Radio key={c.value} value={c.value} label={`${c.label} (${formatAmount(order.dcc_options[c.value], order.currency_code)})`} />
                ))}
              </Group>
            </Radio.Group>
          )}
        </Stack>
      )}
    </>
  );
}
