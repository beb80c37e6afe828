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
};

/** What happens after payment, whatever the type: mark fulfilled, send the e-mails. */
export function CompletionFlags({ order, fulfillment, state, dispatch }: Props) {
  return (
    <Stack gap={6}>
      {showsFulfillmentCheckbox(fulfillment, order.shippable_items) && (
        <Checkbox
          label="Mark as fulfilled"
          checked={state.mark_as_complete}
          onChange={(event) =>
            dispatch({ kind: 'flags', patch: { mark_as_complete: event.currentTarget.checked } })
          }
        />
      )}
      <Checkbox
        label="Send confirmation e-mails"
        checked={state.send_confirmation_emails}
        onChange={(event) =>
          dispatch({
            kind: 'flags',
            patch: { send_confirmation_emails: event.currentTarget.checked },
          })
        }
      />
    </Stack>
  );
}
