import type { HistoryFieldCatalogue } from './fields.ts';

/** Every column of `campaigns`, as its history shows it (a server test checks none is missing). */
export const campaignHistoryFields: HistoryFieldCatalogue = {
  id: { label: 'ID', kind: 'hidden' },
  name: { label: 'Name', kind: 'text' },
  goal_amount: { label: 'Goal', kind: 'money', currency: 'currency_code' },
  currency_code: { label: 'Currency', kind: 'text' },
  starts_on: { label: 'Start date', kind: 'date' },
  ends_on: { label: 'End date', kind: 'date' },
  description: { label: 'Description', kind: 'text' },
  thank_you_letter: { label: 'Thank-you letter', kind: 'text' },
  created_by: { label: 'Created by', kind: 'user' },
  created_at: { label: 'Created', kind: 'hidden' },
  updated_at: { label: 'Updated', kind: 'hidden' },
};

/** Every column of `appeals`: shown in its campaign's history. */
export const appealHistoryFields: HistoryFieldCatalogue = {
  id: { label: 'ID', kind: 'hidden' },
  campaign_id: { label: 'Campaign', kind: 'hidden' },
  name: { label: 'Name', kind: 'text' },
  code: { label: 'Code', kind: 'text' },
  created_at: { label: 'Created', kind: 'hidden' },
  updated_at: { label: 'Updated', kind: 'hidden' },
};
