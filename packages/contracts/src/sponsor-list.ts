import { z } from 'zod';

/** The sponsors list (POST /jpanel/sponsors.ajax): every sponsor record, 50 a page. */
export const SPONSORS_PAGE_SIZE = 50;

export const sponsorListColumns = [
  { key: 'supporter_name', label: 'Sponsor', sortable: true, card: 'title' },
  { key: 'sponsee', label: 'Sponsee', sortable: true },
  { key: 'source', label: 'Source', sortable: true },
  { key: 'started_at', label: 'Started', sortable: true, card: 'date' },
  { key: 'ended_at', label: 'Ended', sortable: true },
  { key: 'ended_reason', label: 'End reason', sortable: true, optional: true },
  { key: 'status', label: 'Status', sortable: true, card: 'status' },
] as const;

/** Newest start first. */
export const SPONSORS_DEFAULT_SORT = [{ column: 3, dir: 'desc' as const }];

/** A record's state today: not started yet, active, or ended (one derivation, in the listing's SQL). */
export const sponsorStatuses = ['upcoming', 'active', 'ended'] as const;
export type SponsorStatus = (typeof sponsorStatuses)[number];
export const sponsorStatusLabels: Record<SponsorStatus, string> = {
  upcoming: 'Starts later',
  active: 'Active',
  ended: 'Ended',
};

const blank = <T extends z.ZodType>(type: T) => type.optional().or(z.literal('').transform(() => undefined));

export const sponsorListFiltersSchema = z.object({
  status: blank(z.enum(sponsorStatuses)),
  sponsorship_id: blank(z.coerce.number().int().positive().max(2_147_483_647)),
  supporter_id: blank(z.coerce.number().int().positive().max(2_147_483_647)),
});
export type SponsorListFilters = z.infer<typeof sponsorListFiltersSchema>;

export const sponsorListRowSchema = z.object({
  id: z.number().meta({ description: "The sponsor record's id.", example: 12 }),
  _url: z.string().meta({ description: "The sponsee's page, where the record is edited.", example: '/jpanel/sponsorships/9' }),
  supporter_id: z.number().meta({ description: "The sponsor's supporter id.", example: 31 }),
  supporter_name: z.string().meta({ description: "The sponsor's name (or e-mail).", example: 'Ada Lovelace' }),
  sponsorship_id: z.number().meta({ description: "The sponsee's id.", example: 9 }),
  sponsee: z.string().meta({ description: "The sponsee's reference number and name.", example: 'KE-01001 Amani Otieno' }),
  source: z.string().nullable().meta({ description: 'Where the sponsorship came from.', example: 'Website' }),
  started_at: z.string().meta({ description: 'Start date (YYYY-MM-DD).', example: '2024-02-01' }),
  ended_at: z.string().nullable().meta({ description: 'End date (YYYY-MM-DD), if ended.', example: null }),
  ended_reason: z.string().nullable().meta({ description: 'Why it ended.', example: null }),
  status: z.enum(sponsorStatuses).meta({ description: 'Starts later, active or ended, as of today.', example: 'active' }),
});
export type SponsorListRow = z.infer<typeof sponsorListRowSchema>;
