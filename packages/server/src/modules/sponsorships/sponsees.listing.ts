import {
  SPONSEES_DEFAULT_SORT,
  SPONSEES_PAGE_SIZE,
  type SponseeFilters,
  sponseeColumns,
  sponseeFiltersSchema,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { everyWordIn } from '../../listing/search-words.ts';

const fullName = sql`person_name(sp.first_name, sp.last_name)`;

function where(f: SponseeFilters): (SQL | undefined)[] {
  return [
    f.gender ? sql`sp.gender = ${f.gender}` : undefined,
    f.is_sponsored ? sql`sp.is_sponsored = ${f.is_sponsored === '1'}` : undefined,
    f.is_enabled ? sql`sp.is_enabled = ${f.is_enabled === '1'}` : undefined,
  ];
}

/** Every word in the name or the reference number. */
function search(term: string): SQL {
  return everyWordIn(sql`lower(concat_ws(' ', sp.reference_number, sp.first_name, sp.last_name))`, term);
}

/** The sponsees list and the sponsorship list report (its CSV). */
export const sponseesListing: ListingDefinition<SponseeFilters> = {
  columns: sponseeColumns,
  fields: {
    reference_number: { select: sql`sp.reference_number`, sort: sql`lower(sp.reference_number)` },
    full_name: { select: fullName, sort: [sql`lower(sp.last_name)`, sql`lower(sp.first_name)`] },
    gender: { select: sql`sp.gender` },
    birth_date: { select: sql`sp.birth_date::text`, sort: sql`sp.birth_date` },
    enrollment_date: { select: sql`sp.enrollment_date::text`, sort: sql`sp.enrollment_date` },
    country: { select: sql`sp.country` },
    sponsor_count: { select: sql`sp.sponsor_count` },
    is_sponsored: { select: sql`sp.is_sponsored` },
    is_enabled: { select: sql`sp.is_enabled` },
    last_timeline_update_on: {
      select: sql`sp.last_timeline_update_on::text`,
      sort: sql`sp.last_timeline_update_on`,
    },
  },
  rowExtras: { id: sql`sp.id`, _url: sql`'/jpanel/sponsorships/' || sp.id` },
  from: sql`sponsorships sp`,
  baseWhere: sql`sp.deleted_at is null`,
  filters: sponseeFiltersSchema,
  where,
  search,
  tiebreak: sql`sp.id`,
  defaultOrder: [...SPONSEES_DEFAULT_SORT],
  pageSize: SPONSEES_PAGE_SIZE,
  csv: () => [
    { header: 'Sponsee ID', value: sql`sp.id`, kind: 'number' },
    { header: 'Reference Number', value: sql`sp.reference_number`, kind: 'text' },
    { header: 'First Name', value: sql`sp.first_name`, kind: 'text' },
    { header: 'Last Name', value: sql`sp.last_name`, kind: 'text' },
    { header: 'Gender', value: sql`sp.gender`, kind: 'text' },
    { header: 'Birth Date', value: sql`sp.birth_date::text`, kind: 'text' },
    { header: 'Enrollment Date', value: sql`sp.enrollment_date::text`, kind: 'text' },
    { header: 'Village', value: sql`sp.village`, kind: 'text' },
    { header: 'Region', value: sql`sp.region`, kind: 'text' },
    { header: 'Country', value: sql`sp.country`, kind: 'text' },
    { header: 'Project', value: sql`sp.project`, kind: 'text' },
    { header: 'School', value: sql`sp.school`, kind: 'text' },
    { header: 'Sponsors', value: sql`sp.sponsor_count`, kind: 'number' },
    { header: 'Sponsored', value: yesNoSql(sql`sp.is_sponsored`), kind: 'text' },
    { header: 'Enabled', value: yesNoSql(sql`sp.is_enabled`), kind: 'text' },
    { header: 'Last Timeline Update', value: sql`sp.last_timeline_update_on::text`, kind: 'text' },
  ],
};

function yesNoSql(column: SQL): SQL {
  return sql`case when ${column} then 'Y' else 'N' end`;
}
