import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { AttributionSelect } from '../../campaigns/attribution-select.tsx';
import type { PosConfig, PosOrder } from '../pos-types.ts';
import { DetailsFlags, DetailsWhen, detailsValues, OTHER, type DetailsValues } from './details-sections.tsx';
import { FormModal, type FieldErrors } from './form-modal.tsx';

type Props = {
  order: PosOrder;
  config: PosConfig;
  onSave: (fields: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
};

/** The contribution's details: date, source, referral, campaign and appeal, notes, flags and donor-covers-costs. */
export function DetailsModal({ order, config, onSave, onClose }: Props) {
  const [v, setV] = useState(() => detailsValues(order, config));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<DetailsValues>) => setV((all) => ({ ...all, ...patch }));
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
      <DetailsWhen {...{ v, set, config, err }} />
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
      <DetailsFlags {...{ v, set, config, err, order }} />
    </FormModal>
  );
}
