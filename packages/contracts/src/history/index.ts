import { giftBatchGiftHistoryFields, giftBatchHistoryFields } from './batches.ts';
import { appealHistoryFields, campaignHistoryFields } from './campaigns.ts';
import { contributionItemHistoryFields } from './contribution-items.ts';
import { contributionHistoryFields } from './contributions.ts';
import { type HistoryField, fallbackHistoryField } from './fields.ts';
import { membershipLevelHistoryFields, supporterMembershipHistoryFields } from './memberships.ts';
import { productHistoryFields } from './products.ts';
import { receiptHistoryFields } from './receipts.ts';
import { recurringHistoryFields } from './recurring.ts';
import { roleHistoryFields, userRoleHistoryFields } from './roles.ts';
import { sponseeHistoryFields, sponsorHistoryFields } from './sponsorships.ts';
import { supporterHistoryFields } from './supporters.ts';
import { tributeTypeHistoryFields } from './tribute-types.ts';
import { userHistoryFields } from './users.ts';

export * from './fields.ts';
export { contributionItemHistoryFields } from './contribution-items.ts';

/** The field catalogue of each table whose history can be read (GET /jpanel/history/:table/:id). */
export const historyCatalogues = {
  contributions: contributionHistoryFields,
  contribution_items: contributionItemHistoryFields,
  supporters: supporterHistoryFields,
  users: userHistoryFields,
  recurring_payment_profiles: recurringHistoryFields,
  gift_batches: giftBatchHistoryFields,
  gift_batch_gifts: giftBatchGiftHistoryFields,
  campaigns: campaignHistoryFields,
  appeals: appealHistoryFields,
  tax_receipts: receiptHistoryFields,
  products: productHistoryFields,
  sponsorships: sponseeHistoryFields,
  sponsors: sponsorHistoryFields,
  roles: roleHistoryFields,
  user_roles: userRoleHistoryFields,
  tribute_types: tributeTypeHistoryFields,
  memberships: membershipLevelHistoryFields,
  supporter_memberships: supporterMembershipHistoryFields,
  settings: { value: { label: 'Value', kind: 'text' }, key: { label: 'Setting', kind: 'text' } },
} as const satisfies Record<string, Record<string, HistoryField>>;

export const historyFieldOf = (table: string, field: string): HistoryField =>
  (historyCatalogues as Record<string, Record<string, HistoryField>>)[table]?.[field] ?? fallbackHistoryField(field);
