import type { HistoryFieldCatalogue } from './fields.ts';

/** Every column of `users`, as its history shows it; secrets show only that they changed. */
export const userHistoryFields: HistoryFieldCatalogue = {
  id: { label: 'ID', kind: 'hidden' },
  first_name: { label: 'First name', kind: 'text' },
  last_name: { label: 'Last name', kind: 'text' },
  email: { label: 'Email', kind: 'text' },
  phone: { label: 'Phone', kind: 'text' },
  password_hash: { label: 'Password', kind: 'secret' },
  is_admin_user: { label: 'Administrator', kind: 'boolean' },
  is_account_admin: { label: 'Account administrator', kind: 'boolean' },
  permissions: { label: 'Permissions', kind: 'list' },
  api_token_hash: { label: 'API token', kind: 'secret' },
  api_token_last_four: { label: 'API token last 4', kind: 'text' },
  two_factor_secret: { label: 'Two-factor secret', kind: 'secret' },
  two_factor_recovery_codes: { label: 'Recovery codes', kind: 'secret' },
  two_factor_confirmed_at: { label: 'Two-factor confirmed', kind: 'datetime' },
  two_factor_last_step: { label: 'Two-factor last code', kind: 'hidden' },
  login_count: { label: 'Sign-ins', kind: 'number' },
  last_login_at: { label: 'Last sign-in', kind: 'datetime' },
  created_at: { label: 'Created', kind: 'datetime' },
  updated_at: { label: 'Updated', kind: 'hidden' },
  deleted_at: { label: 'Deleted', kind: 'datetime' },
};
