import type { HistoryFieldCatalogue } from './fields.ts';

/** Every column of `tribute_types`, as a tribute type's history shows it. */
export const tributeTypeHistoryFields: HistoryFieldCatalogue = {
  id: { label: 'ID', kind: 'hidden' },
  label: { label: 'Name', kind: 'text' },
  is_enabled: { label: 'Offered', kind: 'boolean' },
  sequence: { label: 'Order', kind: 'number' },
  email_subject: { label: 'E-mail subject', kind: 'text' },
  email_cc: { label: 'E-mail Cc', kind: 'text' },
  email_bcc: { label: 'E-mail Bcc', kind: 'text' },
  email_template: { label: 'E-mail template', kind: 'text' },
  letter_template: { label: 'Letter template', kind: 'text' },
  crm_id: { label: 'Donor CRM ID', kind: 'text' },
  created_at: { label: 'Created', kind: 'datetime' },
  updated_at: { label: 'Updated', kind: 'hidden' },
  deleted_at: { label: 'Deleted', kind: 'datetime' },
};
