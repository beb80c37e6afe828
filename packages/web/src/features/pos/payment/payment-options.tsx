import { showsFulfillmentCheckbox, type FulfillmentSetting } from '@almoner/contracts';
import { Checkbox, Stack } from '@mantine/core';
import type { Dispatch } from 'react';
import type { PosOrder } from '../pos-types.ts';
import type { PaymentAction, PaymentState } from './payment-state.ts';

type Props = {
  order: PosOrder;
  fulfillment: FulfillmentSetting;
  state: PaymentState;
  dispatch: Dispatch<PaymentAction>;
  /** Undefined for a supporter's sale: only a guest's donor can be saved as one. */
  saveAsSupporter: boolean | undefined;
  onSaveAsSupporter: (save: boolean) => void;
};

/** The choices under the tabs: fulfilled now, keep a guest's donor as a supporter, send the e-mails. */
export function PaymentOptions({ order, fulfillment, state, dispatch, saveAsSupporter, onSaveAsSupporter }: Props) {
  const flags = (patch: Extract<PaymentAction, { kind: 'flags' }>['patch']) => dispatch({ kind: 'flags', patch });
  return (
    <Stack gap={6}>
      {showsFulfillmentCheckbox(fulfillment, order.shippable_items) && (
        <Checkbox
          label="Mark as fulfilled"
          checked={state.mark_as_complete}
          onChange={(event) => flags({ mark_as_complete: event.currentTarget.checked })}
        />
      )}
      {saveAsSupporter !== undefined && (
        <Checkbox
          label="Save as supporter"
          description={
            saveAsSupporter
              ? 'The donor is kept as a supporter (one with the same e-mail is linked instead).'
              : 'This stays a guest contribution.'
          }
          checked={saveAsSupporter}
          onChange={(event) => onSaveAsSupporter(event.currentTarget.checked)}
        />
      )}
      <Checkbox
        label="Send confirmation e-mails"
        checked={state.send_confirmation_emails}
        onChange={(event) => flags({ send_confirmation_emails: event.currentTarget.checked })}
      />
    </Stack>
  );
}
