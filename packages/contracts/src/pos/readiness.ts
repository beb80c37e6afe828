import { posMessages } from './messages.ts';
import type { PosOrder } from './shapes.ts';

type ReadinessFacts = Pick<
  PosOrder,
  'items' | 'download_items' | 'membership_items' | 'recurring_items' | 'member_id' | 'billing_email' | 'billing_first_name' | 'billing_last_name'
>;

/**
 * Spec §5 "POS before payment", the order's own rules (the payment type's rules are the payment
 * dialog's): the first reason the order cannot be paid yet, or null. The screen asks it before
 * opening the payment dialog and the completion route asks it again, so both say the same.
 */
export function posOrderNotReady(order: ReadinessFacts): string | null {
  if (order.items.length === 0) return posMessages.noItems;
  if (order.download_items > 0 && !order.billing_email?.trim()) return posMessages.downloadsNeedEmail;
  const named = Boolean(order.billing_first_name?.trim() && order.billing_last_name?.trim());
  if (order.membership_items > 0 && order.member_id === null && !named) return posMessages.membershipsNeedBilling;
  if (order.recurring_items > 0 && order.member_id === null && !named) return posMessages.recurringNeedsBilling;
  return null;
}
