import { canManageSystem, type PermissionHolder } from '@almoner/contracts';
import type { ListingDefinition } from '../../listing/engine.ts';
import { jobsListing } from '../jobs/jobs.listing.ts';
import { mailListing } from '../mail/mail.listing.ts';
import { contributionsListing } from '../contributions/contributions.listing.ts';
import { productsListing } from '../products/products.listing.ts';
import { receiptsListing } from '../receipts/receipts.listing.ts';
import { sponseesListing } from '../sponsorships/sponsees.listing.ts';
import { sponsorsListing } from '../sponsorships/sponsors.listing.ts';
import { supportersListing } from '../supporters/supporters.listing.ts';
import { fundraisePagesListing, fundraisersListing } from './fundraise.listing.ts';
import { recurringListing } from './recurring.listing.ts';
import { tributesListing } from './tributes.listing.ts';

/** A list that can be exported by name: its definition, who may, and the file's base name. */
export type ExportableListing = {
  // The filters' type differs per list; the export only passes them from parse to query.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  definition: ListingDefinition<any>;
  /**
   * The permission the list's own page and CSV route check, or the rule they apply when it is
   * not one permission (the jobs and mail lists: account administrators).
   */
  permission: string | ((holder: PermissionHolder) => boolean);
  basename: string;
};

const registry = new Map<string, ExportableListing>();

/**
 * Makes a list exportable as a background job under `name` (the web's `list` key). An area with
 * a new list adds one call (reports do the same from their own module).
 */
export function registerExportableListing(name: string, listing: ExportableListing): void {
  registry.set(name, listing);
}

export const exportableListing = (name: string): ExportableListing | undefined => registry.get(name);

/** Every list registered so far, by name (bench/indexes.bench.ts sends each its filters). */
export const exportableListings = (): [string, ExportableListing][] => [...registry];

registerExportableListing('contributions', { definition: contributionsListing, permission: 'order.view', basename: 'contributions' });
registerExportableListing('supporters', { definition: supportersListing, permission: 'member.view', basename: 'supporters' });
registerExportableListing('sponsorships', { definition: sponseesListing, permission: 'sponsorship.view', basename: 'sponsorships' });
registerExportableListing('sponsors', { definition: sponsorsListing, permission: 'sponsorship.view', basename: 'sponsors' });
registerExportableListing('tax_receipts', { definition: receiptsListing, permission: 'taxreceipt.view', basename: 'tax-receipts' });
registerExportableListing('products', { definition: productsListing, permission: 'product.view', basename: 'products' });
registerExportableListing('recurring_payments', { definition: recurringListing, permission: 'recurringpaymentprofile.view', basename: 'recurring-payments' });
registerExportableListing('tributes', { definition: tributesListing, permission: 'tribute.view', basename: 'tributes' });
registerExportableListing('fundraise_pages', { definition: fundraisePagesListing, permission: 'fundraisingpages.edit', basename: 'fundraising-pages' });
registerExportableListing('fundraisers', { definition: fundraisersListing, permission: 'fundraisingpages.edit', basename: 'fundraisers' });
registerExportableListing('mail', { definition: mailListing, permission: canManageSystem, basename: 'mail-outbox' });
registerExportableListing('jobs', { definition: jobsListing, permission: canManageSystem, basename: 'background-jobs' });
