/* eslint-disable max-lines-per-function -- issue 33: its split into sections (done on a branch) met the save-as-supporter and campaign changes of the same day and waits for the next change of this screen. */
import { formatAmount, POS_DCC_CHOICES } from '@almoner/contracts';
import {
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { type Attribution, AttributionSelect } from '../../campaigns/attribution-select.tsx';
import type { PosConfig, PosOrder } from '../pos-types.ts';
import { FormModal, type FieldErrors } from './form-modal.tsx';

type Props = {
  order: PosOrder;
  config: PosConfig;
  onSave: (fields: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
};

const OTHER = 'Other';

/** The contribution's details: date, source, referral, campaign and appeal, notes, flags and donor-covers-costs. */
export function DetailsModal({ order, config, onSave, onClose }: Props) {
  const known = config.referral_sources.includes(order.referral_source ?? '');
  const [v, setV] = useState({
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
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<typeof v>) => setV((all) => ({ ...all, ...patch }));
  const err = (k: string) => errors[k]?.[0];
  return (
    <FormModal
      title="Details"
      onClose={onClose}
      onErrors={setErrors}
      onSubmit={() =>
        onSave({
          ...v,
          attribution: undefined,
          campaign_id: v.attribution.campaign_id,
          appeal_id: v.attribution.appeal_id,
          account_type_id: v.account_type_id || null,
          other_referral_source: v.referral_source === OTHER ? v.other_referral_source : '',
          dcc_type: v.dcc_enabled_by_customer ? v.dcc_type : null,
        })
      }
    >
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
        <Select
          label="Source"
          data={config.sources}
          value={v.source || null}
          error={err('source')}
          onChange={(s) => set({ source: s ?? '' })}
          comboboxProps={{ withinPortal: true }}
        />
        {config.account_types.length > 0 && (
          <Select
            label="Account type"
            data={config.account_types.map((t) => ({ value: String(t.id), label: t.name }))}
            value={v.account_type_id || null}
            onChange={(s) => set({ account_type_id: s ?? '' })}
            comboboxProps={{ withinPortal: true }}
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
            comboboxProps={{ withinPortal: true }}
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
      {config.campaigns.length > 0 && (
        <AttributionSelect
          label="Credit to campaign and appeal"
          choices={config.campaigns}
          value={v.attribution}
          onChange={(attribution) => set({ attribution })}
          error={err('appeal_id') ?? err('campaign_id')}
        />
      )}
      <Textarea
        label="Special notes"
        autosize
        minRows={2}
        maxLength={5000}
        value={v.comments}
        error={err('comments')}
        onChange={(e) => set({ comments: e.currentTarget.value })}
      />
      <Stack gap={6}>
        <Checkbox
          label="Anonymous: do not show the supporter's name publicly"
          checked={v.is_anonymous}
          onChange={(e) => set({ is_anonymous: e.currentTarget.checked })}
        />
        <Checkbox
          label="Opted in to e-mail updates"
          checked={v.email_opt_in}
          onChange={(e) => set({ email_opt_in: e.currentTarget.checked })}
        />
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
            <Radio.Group
              value={v.dcc_type}
              onChange={(t) => set({ dcc_type: t as typeof v.dcc_type })}
              aria-label="Costs covered"
            >
              <Group gap="md" pl="xl">
                {POS_DCC_CHOICES.map((c) => (
                  <Radio
                    key={c.value}
                    value={c.value}
                    label={`${c.label} (${formatAmount(order.dcc_options[c.value], order.currency_code)})`}
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
        </Stack>
      )}
    </FormModal>
  );
}
