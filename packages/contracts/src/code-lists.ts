import { contributionSources } from './listings/contributions.ts';

/**
 * Lists of values that columns may hold. Each lives here once: screens and schemas read them,
 * and the database's CHECK constraints are generated from them (see `inList` on the server),
 * so a value the code does not know cannot be stored.
 */

/** Where a contribution came from: the listing's Source filter options. */
export const CONTRIBUTION_SOURCE_VALUES = contributionSources.map((s) => s.value);

/** A card check's result (CVC, address line 1, postal code), as gateways report it. */
export const CARD_CHECKS = ['pass', 'fail', 'unavailable', 'unchecked'] as const;

/** What a spreadsheet import brings in. */
export const IMPORT_KINDS = ['contributions', 'sponsorships', 'sponsorships-timeline', 'supporters', 'sponsee-photos'] as const;

/** Tags of a timeline post. */
export const TIMELINE_TAGS = [
  'admin', 'celebration', 'education', 'family', 'financial', 'general', 'gift', 'letter', 'medical',
  'milestone', 'travel', 'update', 'weather',
] as const;

/** Donor-covers-costs: how much of the fees the donor chose to cover. */
export const DCC_TYPES = ['minimum_costs', 'more_costs', 'most_costs'] as const;

/** Why a payment was refunded (the gateways' own reasons). */
export const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** A refund's state at the gateway. */
export const REFUND_STATUSES = ['succeeded', 'pending', 'failed', 'canceled'] as const;

/** How a webhook's payload is encoded. */
export const WEBHOOK_CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded'] as const;

/** Records media can be attached to (`mediables.mediable_type`). */
export const MEDIABLE_TYPES = ['product', 'product_variant', 'sponsorship', 'timeline_post', 'page', 'post', 'fundraising_page', 'virtual_event'] as const;

/** Records staff notes can be written on (`notes.commentable_type`). */
export const COMMENTABLE_TYPES = ['supporter', 'contribution', 'sponsorship', 'recurring_payment_profile'] as const;

/** Records that have a timeline (`timeline_posts.parent_type`). */
export const TIMELINE_PARENT_TYPES = ['sponsorship'] as const;

/**
 * A SKU (product code): letters, digits and hyphens only (spec part 1), at most 25 characters.
 * The database checks the same pattern; the syntax means the same in JS and PostgreSQL.
 */
export const SKU_PATTERN = '^[A-Za-z0-9-]{1,25}$';
