import { type HistoryFieldCatalogue, ORG_CURRENCY } from './fields.ts';

/** Every column of `memberships` (a membership level), as its history shows it. */
export const membershipLevelHistoryFields: HistoryFieldCatalogue = {
  id: { label: 'ID', kind: 'hidden' },
  name: { label: 'Name', kind: 'text' },
  description: { label: 'Description', kind: 'text' },
  duration_days: { label: 'Length (days)', kind: 'number' },
  price: { label: 'Price', kind: 'money', currency: ORG_CURRENCY },
  renewal_rule: { label: 'Renewal counted', kind: 'enum', options: { from_expiry: 'From the old expiry date', from_today: 'From the day it is renewed' } },
  crm_id: { label: 'Donor CRM ID', kind: 'text' },
  is_public: { label: 'Offered', kind: 'boolean' },
  sequence: { label: 'Order', kind: 'number' },
  created_at: { label: 'Created', kind: 'datetime' },
  updated_at: { label: 'Updated', kind: 'hidden' },
  deleted_at: { label: 'Deleted', kind: 'datetime' },
};

/** Every column of `supporter_memberships` (one supporter's membership period), as its history shows it. */
export const supporterMembershipHistoryFields: HistoryFieldCatalogue = {
  id: { label: 'ID', kind: 'hidden' },
  supporter_id: { label: 'Member', kind: 'supporter' },
  membership_id: { label: 'Level', kind: 'reference' },
  starts_on: { label: 'Starts', kind: 'date' },
  expires_on: { label: 'Expires', kind: 'date' },
  contribution_item_id: { label: 'Bought with gift line', kind: 'reference' },
  source: { label: 'Source', kind: 'text' },
  end_reason: { label: 'End reason', kind: 'text' },
  reason: { label: 'Reason', kind: 'text' },
  reminded_at: { label: 'Renewal reminder sent', kind: 'datetime' },
  created_at: { label: 'Created', kind: 'datetime' },
  updated_at: { label: 'Updated', kind: 'hidden' },
  deleted_at: { label: 'Deleted', kind: 'datetime' },
};
