/**
 * Staff permissions, grouped for the user form. Ids follow "area.level"; the check is in
 * `hasPermission` so server and web agree: `x.edit` implies add and view, `x.add` implies view,
 * a bare `x` means any level, and other suffixes (order.refund) need the exact id.
 */
export const permissionGroups = [
  { label: 'Dashboard', ids: ['dashboard.view'] },
  // member.erase is its own grant (not implied by member.edit): an erase cannot be undone.
  { label: 'Supporters', ids: ['member.view', 'member.add', 'member.edit', 'member.merge', 'member.erase'] },
  {
    label: 'Contributions',
    ids: ['order.view', 'order.edit', 'order.fullfill', 'order.refund', 'pos.edit'],
  },
  { label: 'Transactions', ids: ['transaction.view', 'transaction.refund'] },
  {
    label: 'Recurring payments',
    ids: ['recurringpaymentprofile.view', 'recurringpaymentprofile.edit', 'recurringpaymentprofile.charge'],
  },
  { label: 'Tax receipts', ids: ['taxreceipt.view', 'taxreceipt.edit'] },
  { label: 'Tributes', ids: ['tribute.view', 'tribute.edit', 'tributetype.edit'] },
  {
    label: 'Products',
    ids: ['product.view', 'product.add', 'product.edit', 'productcategory.edit', 'promocode.edit'],
  },
  {
    label: 'Sponsorships',
    ids: [
      'sponsorship.view', 'sponsorship.add', 'sponsorship.edit', 'segment.edit',
      'paymentoption.edit', 'sponsor.view', 'sponsor.add', 'sponsor.edit',
    ],
  },
  { label: 'Fundraising', ids: ['fundraisingpages.edit', 'virtualevents.view', 'virtualevents.edit'] },
  { label: 'Campaigns', ids: ['campaign.view', 'campaign.edit'] },
  {
    label: 'Content',
    ids: ['node.view', 'node.add', 'node.edit', 'post.view', 'post.add', 'post.edit', 'posttype.edit', 'file.view', 'file.add', 'file.edit', 'template.edit'],
  },
  { label: 'Messaging', ids: ['messenger.edit'] },
  {
    label: 'Reports',
    ids: [
      'reports.payments_details', 'reports.product_orders', 'reports.orders_by_product',
      'reports.donor_covers_costs', 'reports.abandoned_carts', 'reports.transaction_fees',
    ],
  },
  {
    label: 'Administration',
    ids: ['user.view', 'user.add', 'user.edit', 'admin.general', 'admin.payments', 'admin.dpo', 'hooks.edit', 'imports.edit', 'audit.view', 'admin.billing'],
  },
] as const;

export type PermissionId = (typeof permissionGroups)[number]['ids'][number];
export const allPermissionIds: readonly PermissionId[] = permissionGroups.flatMap((g) => g.ids);

export type PermissionHolder = { is_account_admin: boolean; permissions: readonly string[] };

const LEVELS = ['view', 'add', 'edit'] as const;

/** True when the holder has `required` (see the rule above). */
export function hasPermission(holder: PermissionHolder, required: string): boolean {
  if (holder.is_account_admin) return true;
  const granted = new Set(holder.permissions);
  if (granted.has(required)) return true;
  const dot = required.lastIndexOf('.');
  if (dot < 0) return holder.permissions.some((p) => p.startsWith(`${required}.`));
  const area = required.slice(0, dot);
  const level = required.slice(dot + 1);
  const rank = LEVELS.indexOf(level as (typeof LEVELS)[number]);
  if (rank < 0) return false;
  return LEVELS.slice(rank).some((l) => granted.has(`${area}.${l}`));
}
