import type { HistoryFieldCatalogue } from './fields.ts';

const money = (label: string) => ({ label, kind: 'money', currency: 'currency_code' }) as const;

/** A gift batch's own columns, as its page's history shows them (issue 37 item 2). */
export const giftBatchHistoryFields: HistoryFieldCatalogue = {
  name: { label: 'Name', kind: 'text' },
  deposit_date: { label: 'Deposit date', kind: 'date' },
  currency_code: { label: 'Currency', kind: 'text' },
  expected_count: { label: 'Expected gifts', kind: 'number' },
  expected_total: money('Expected total'),
  status: { label: 'Status', kind: 'enum', options: { open: 'Open', closed: 'Closed' } },
  closed_at: { label: 'Closed', kind: 'datetime' },
  closed_by: { label: 'Closed by', kind: 'user' },
  created_by: { label: 'Created by', kind: 'user' },
  created_at: { label: 'Created', kind: 'hidden' },
  id: { label: 'Id', kind: 'hidden' },
};

/** A batch's gift rows, shown in the batch's history beside its own changes. */
export const giftBatchGiftHistoryFields: HistoryFieldCatalogue = {
  supporter_id: { label: 'Supporter', kind: 'supporter' },
  amount: money('Amount'),
  payment_type: { label: 'Payment type', kind: 'enum', options: { check: 'Cheque', cash: 'Cash' } },
  check_number: { label: 'Cheque number', kind: 'text' },
  variant_id: { label: 'Fund', kind: 'fund' },
  campaign_id: { label: 'Campaign', kind: 'campaign' },
  appeal_id: { label: 'Appeal', kind: 'appeal' },
  received_on: { label: 'Received', kind: 'date' },
  note: { label: 'Note', kind: 'text' },
  contribution_id: { label: 'Posted as contribution', kind: 'reference' },
  position: { label: 'Row', kind: 'number' },
  id: { label: 'Id', kind: 'hidden' },
  batch_id: { label: 'Batch', kind: 'hidden' },
  currency_code: { label: 'Currency', kind: 'hidden' },
  created_at: { label: 'Created', kind: 'hidden' },
};
