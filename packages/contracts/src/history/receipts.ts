import type { HistoryFieldCatalogue } from './fields.ts';

const money = (label: string) => ({ label, kind: 'money', currency: 'currency_code' }) as const;

/** Every column of `tax_receipts`, as its history shows it (a server test checks none is missing). */
export const receiptHistoryFields: HistoryFieldCatalogue = {
  id: { label: 'ID', kind: 'hidden' },
  receipt_type: { label: 'Type', kind: 'enum', options: { single: 'Single', consolidated: 'Consolidated' } },
  status: { label: 'Status', kind: 'enum', options: { draft: 'Draft', issued: 'Issued', void: 'Void' } },
  number: { label: 'Number', kind: 'text' },
  issued_at: { label: 'Issued', kind: 'datetime' },
  amount: money('Amount'),
  currency_code: { label: 'Currency', kind: 'text' },
  supporter_id: { label: 'Supporter', kind: 'supporter' },
  template_id: { label: 'Template', kind: 'reference' },
  name: { label: 'Name', kind: 'text' },
  first_name: { label: 'First name', kind: 'text' },
  last_name: { label: 'Last name', kind: 'text' },
  email: { label: 'Email', kind: 'text' },
  address_01: { label: 'Address', kind: 'text' },
  address_02: { label: 'Address 2', kind: 'text' },
  city: { label: 'City', kind: 'text' },
  state: { label: 'State', kind: 'text' },
  zip: { label: 'ZIP', kind: 'text' },
  country: { label: 'Country', kind: 'text' },
  phone: { label: 'Phone', kind: 'text' },
  // The receipt's own change list and rendered versions: each edit is already its own entry.
  changes: { label: 'Changes', kind: 'hidden' },
  versions: { label: 'Versions', kind: 'hidden' },
  notified_at: { label: 'Sent to donor', kind: 'datetime' },
  pdf_key: { label: 'PDF', kind: 'hidden' },
  pdf_number: { label: 'PDF number', kind: 'hidden' },
  voided_at: { label: 'Voided', kind: 'datetime' },
  voided_by: { label: 'Voided by', kind: 'user' },
  created_by: { label: 'Created by', kind: 'user' },
  created_at: { label: 'Created', kind: 'datetime' },
  updated_at: { label: 'Updated', kind: 'hidden' },
  deleted_at: { label: 'Deleted', kind: 'datetime' },
  year_end_run_id: { label: 'Year-end run', kind: 'reference' },
};
