import type { HistoryFieldCatalogue } from './fields.ts';

/** Every column of `roles` (a named set of permissions), as its history shows it. */
export const roleHistoryFields: HistoryFieldCatalogue = {
  id: { label: 'ID', kind: 'hidden' },
  name: { label: 'Name', kind: 'text' },
  permissions: { label: 'Permissions', kind: 'list' },
  created_at: { label: 'Created', kind: 'datetime' },
  updated_at: { label: 'Updated', kind: 'hidden' },
};

/** A user's roles are rows of `user_roles`; each given or taken away shows in the user's history. */
export const userRoleHistoryFields: HistoryFieldCatalogue = {
  user_id: { label: 'User', kind: 'hidden' },
  role_id: { label: 'Role', kind: 'role' },
  created_at: { label: 'Given', kind: 'hidden' },
};
