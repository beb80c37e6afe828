import type { HistoryFieldCatalogue } from './fields.ts';

/**
 * The columns of a contribution's lines that its page's history shows, next to the
 * contribution's own (a line's fund and tribute are corrected after entry, issue 37). Only these:
 * the rest of a line is fixed when the gift is entered.
 */
export const contributionItemHistoryFields: HistoryFieldCatalogue = {
  gl_code: { label: 'Fund (GL code)', kind: 'text' },
  is_tribute: { label: 'Tribute', kind: 'boolean' },
  tribute_type_id: { label: 'Tribute type', kind: 'reference' },
  tribute_name: { label: 'Tribute name', kind: 'text' },
  tribute_message: { label: 'Tribute message', kind: 'text' },
};
