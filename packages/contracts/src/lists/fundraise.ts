import { z } from 'zod';
import type { ListingColumn } from '../listing.ts';
import { decimalAmountSchema } from '../money.ts';
import { formBoolean, requiredText, text } from '../rules.ts';

/**
 * The fundraise listing with tabs (spec part 1 §2): each tab its own listing URL, columns,
 * filters and empty state; 30 rows a page; a views column with a sparkline of daily views.
 */
export const FUNDRAISE_PAGE_SIZE = 30;
/** Days of views the sparkline shows (today and the days before it). */
export const FUNDRAISE_SPARK_DAYS = 30;

export const FUNDRAISE_PAGE_STATUSES = ['draft', 'pending', 'active', 'suspended', 'closed'] as const;
/**
 * Pages with a public page to show, or (suspended) one staff took down: these open a preview,
 * where staff moderate them; the others open their fundraiser instead.
 */
export const FUNDRAISE_PREVIEWABLE = ['active', 'suspended', 'closed'] as const;

/**
 * Moderating a fundraising page (issue 38 item 4, `fundraisingpages.edit`): suspend one that went
 * wrong (it takes no gifts and says so), reactivate it, and correct its title, goal and story.
 */
export const FUNDRAISE_TITLE_MAX = 255;
export const FUNDRAISE_STORY_MAX = 100_000;
export const fundraiseModerationMessages = {
  suspended: (title: string) => `${title} is suspended: it takes no gifts until it is reactivated.`,
  reactivated: (title: string) => `${title} is active again and takes gifts.`,
  saved: (title: string) => `${title} has been saved.`,
  notActive: 'Only an active page can be suspended.',
  notSuspended: 'Only a suspended page can be reactivated.',
  goal: 'Enter the goal as an amount greater than zero, or leave it blank for no goal.',
  featured: (title: string) => `${title} is featured: it comes first when staff choose a page at the point of sale.`,
  unfeatured: (title: string) => `${title} is no longer featured.`,
  featureActive: 'Only an active page can be featured.',
  confirmSuspend: (title: string) => `Suspend ${title}? It takes no gifts until it is reactivated, and its public page says so.`,
} as const;

export const fundraisePageStatusSchema = z.object({
  status: z.enum(['active', 'suspended'], { error: 'Choose active or suspended.' }),
});
export type FundraisePageStatusChange = z.infer<typeof fundraisePageStatusSchema>;

export const fundraisePageFeatureSchema = z.object({ featured: formBoolean() });

export const fundraisePageEditSchema = z.object({
  title: requiredText(FUNDRAISE_TITLE_MAX),
  /** In the page's currency; blank for no goal. */
  goal: z
    .union([z.literal('').transform(() => null), z.null(), decimalAmountSchema.refine((v) => v > 0 && v < 1e11, { error: fundraiseModerationMessages.goal })])
    .optional()
    .transform((v) => v ?? null),
  /** The page's story (HTML): kept through the shared allow-list sanitiser. */
  description: text().max(FUNDRAISE_STORY_MAX).nullish().transform((v) => (v && v.trim() ? v : null)),
});
export type FundraisePageEdit = z.input<typeof fundraisePageEditSchema>;

const blank = <T extends z.ZodType>(type: T) => type.optional().or(z.literal('').transform(() => undefined));

export const fundraisePageColumns = [
  { key: 'title', label: 'Page', sortable: true, card: 'title' },
  { key: 'fundraiser', label: 'Fundraiser', sortable: true },
  { key: 'status', label: 'Status', sortable: true, card: 'status' },
  { key: 'amount_raised', label: 'Raised', sortable: true, align: 'right', card: 'amount' },
  { key: 'goal_amount', label: 'Goal', sortable: true, align: 'right' },
  { key: 'donation_count', label: 'Donations', sortable: true, align: 'right' },
  { key: 'views', label: 'Views', sortable: true },
  { key: 'created_at', label: 'Created', sortable: true, card: 'date' },
] as const satisfies readonly ListingColumn[];
export const FUNDRAISE_PAGES_DEFAULT_SORT = [{ column: 7, dir: 'desc' as const }];

export const fundraisePageFiltersSchema = z.object({
  status: blank(z.enum(FUNDRAISE_PAGE_STATUSES)),
  category: blank(z.string().max(100).refine((v) => !v.includes('\u0000'), { error: 'Choose a category.' })),
});
export type FundraisePageFilters = z.infer<typeof fundraisePageFiltersSchema>;

export const fundraisePageRowSchema = z.object({
  id: z.number(),
  _url: z.string().meta({ description: "The fundraiser's page (for rows without a preview)." }),
  previewable: z.boolean(),
  currency_code: z.string(),
  title: z.string(),
  fundraiser: z.string(),
  status: z.enum(FUNDRAISE_PAGE_STATUSES),
  amount_raised: z.number(),
  goal_amount: z.number().nullable(),
  donation_count: z.number(),
  views: z.number(),
  daily_views: z.array(z.number()).meta({ description: `Views of each of the last ${FUNDRAISE_SPARK_DAYS} days, oldest first.` }),
  created_at: z.string(),
});
export type FundraisePageRow = z.infer<typeof fundraisePageRowSchema>;

export const fundraiserColumns = [
  { key: 'name', label: 'Fundraiser', sortable: true, card: 'title' },
  { key: 'email', label: 'Email', sortable: true },
  { key: 'page_count', label: 'Pages', sortable: true, align: 'right' },
  { key: 'active_count', label: 'Active pages', sortable: true, align: 'right' },
  { key: 'donation_count', label: 'Donations', sortable: true, align: 'right' },
  { key: 'views', label: 'Views', sortable: true },
  { key: 'last_created_at', label: 'Latest page', sortable: true, card: 'date' },
] as const satisfies readonly ListingColumn[];
export const FUNDRAISERS_DEFAULT_SORT = [{ column: 6, dir: 'desc' as const }];

export const fundraiserFiltersSchema = z.object({
  has_active: blank(z.enum(['1', '0'])),
});
export type FundraiserFilters = z.infer<typeof fundraiserFiltersSchema>;

export const fundraiserRowSchema = z.object({
  id: z.number(),
  _url: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  page_count: z.number(),
  active_count: z.number(),
  donation_count: z.number(),
  views: z.number(),
  daily_views: z.array(z.number()),
  last_created_at: z.string(),
});
export type FundraiserRow = z.infer<typeof fundraiserRowSchema>;

/** A page's preview (GET /jpanel/fundraise/pages/{id}/preview). */
export const fundraisePreviewSchema = z.object({
  id: z.number(),
  title: z.string(),
  url: z.string(),
  status: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  fundraiser: z.string(),
  fundraiser_url: z.string(),
  currency_code: z.string(),
  amount_raised: z.number(),
  goal_amount: z.number().nullable(),
  donation_count: z.number(),
  views: z.number(),
  deadline: z.string().nullable(),
  is_featured: z.boolean(),
});
export type FundraisePreview = z.infer<typeof fundraisePreviewSchema>;
export const fundraiseMessages = { notFound: 'This fundraising page does not exist.', notPreviewable: 'This page has no preview.' } as const;
