import {
  SPONSORS_DEFAULT_SORT,
  SPONSORS_PAGE_SIZE,
  type SponsorListFilters,
  sponsorListColumns,
  sponsorListFiltersSchema,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { activeSponsorSql, orgTodaySql } from './sponsors.service.ts';
import { everyWordIn } from '../../listing/search-words.ts';

const supporterName = sql`coalesce(nullif(p.display_name, ''), person_name(p.first_name, p.last_name), p.email, 'Unnamed supporter')`;
const sponsee = sql`concat_ws(' ', sp.reference_number, person_name(sp.first_name, sp.last_name))`;

/** Upcoming, active or ended as of today; "active" is the one definition the recount uses. */
const status = sql`case when ${activeSponsorSql('s')} then 'active' when s.started_at > ${orgTodaySql} then 'upcoming' else 'ended' end`;

function where(f: SponsorListFilters): (SQL | undefined)[] {
  return [
    f.status ? sql`${status} = ${f.status}` : undefined,
    f.sponsorship_id ? sql`s.sponsorship_id = ${f.sponsorship_id}` : undefined,
    f.supporter_id ? sql`s.supporter_id = ${f.supporter_id}` : undefined,
  ];
}

/** Every word in the sponsor's name or e-mail, or the sponsee's reference number or name. */
function search(term: string): SQL {
  return everyWordIn(sql`lower(concat_ws(' ', p.first_name, p.last_name, p.display_name, p.email, sp.reference_number, sp.first_name, sp.last_name))`, term);
}

/** The sponsors list: every sponsor record (not deleted); a row opens the sponsee's page. */
export const sponsorsListing: ListingDefinition<SponsorListFilters> = {
  columns: sponsorListColumns,
  fields: {
    supporter_name: { select: supporterName, sort: sql`lower(${supporterName})` },
    sponsee: { select: sponsee, sort: sql`lower(sp.reference_number)` },
    source: { select: sql`s.source`, sort: sql`lower(s.source)` },
    started_at: { select: sql`s.started_at::text`, sort: sql`s.started_at` },
    ended_at: { select: sql`s.ended_at::text`, sort: sql`s.ended_at` },
    ended_reason: { select: sql`s.ended_reason`, sort: sql`lower(s.ended_reason)` },
    status: { select: status },
  },
  rowExtras: {
    id: sql`s.id`,
    _url: sql`'/jpanel/sponsorships/' || sp.id`,
    supporter_id: sql`p.id`,
    sponsorship_id: sql`sp.id`,
  },
  from: sql`sponsors s join sponsorships sp on sp.id = s.sponsorship_id join supporters p on p.id = s.supporter_id`,
  baseWhere: sql`s.deleted_at is null and sp.deleted_at is null`,
  filters: sponsorListFiltersSchema,
  where,
  search,
  tiebreak: sql`s.id`,
  defaultOrder: [...SPONSORS_DEFAULT_SORT],
  pageSize: SPONSORS_PAGE_SIZE,
  // The spec shows no CSV route for this list; the background export (lists module) uses these.
  csv: () => [
    { header: 'Sponsor', value: supporterName, kind: 'text' },
    { header: 'Email', value: sql`p.email`, kind: 'text' },
    { header: 'Sponsee Reference', value: sql`sp.reference_number`, kind: 'text' },
    { header: 'Sponsee', value: sql`person_name(sp.first_name, sp.last_name)`, kind: 'text' },
    { header: 'Source', value: sql`s.source`, kind: 'text' },
    { header: 'Started', value: sql`s.started_at::text`, kind: 'text' },
    { header: 'Ended', value: sql`s.ended_at::text`, kind: 'text' },
    { header: 'End Reason', value: sql`s.ended_reason`, kind: 'text' },
    { header: 'Status', value: status, kind: 'text' },
  ],
};
