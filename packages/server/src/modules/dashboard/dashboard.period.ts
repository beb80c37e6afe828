import { bucketFor, type DashboardBucket, type DashboardPeriod } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { orgTimeZoneSql, startOfOrgDaySql } from '../money/money.sql.ts';

/**
 * A chart's period as SQL: its bounds as instants (midnight in the organisation's time zone, so
 * an index on the timestamp column is used) and the bucket each instant falls in.
 */
export type PeriodSql = DashboardPeriod & {
  bucket: DashboardBucket;
  /** The first instant of `from`. */
  start: SQL;
  /** The first instant after `to`. */
  end: SQL;
};

export function periodSql(period: DashboardPeriod): PeriodSql {
  return {
    ...period,
    bucket: bucketFor(period.from, period.to),
    start: startOfOrgDaySql(period.from),
    end: startOfOrgDaySql(period.to, 1),
  };
}

/** `column` within the period (half-open: midnight to midnight in the organisation's zone). */
export function inPeriod(p: PeriodSql, column: SQL): SQL {
  return sql`${column} >= ${p.start} and ${column} < ${p.end}`;
}

/**
 * The bucket a day belongs to, as 'YYYY-MM-DD': the day, the Monday of its week or the first
 * of its month, but never before the period's first day (a period starting mid-week labels its
 * first bucket with its own first day).
 */
function bucketOfDay(p: PeriodSql, day: SQL): SQL {
  return sql`to_char(greatest(date_trunc(${p.bucket}, (${day})::timestamp)::date, ${p.from}::date), 'YYYY-MM-DD')`;
}

/** The bucket of an instant, by its calendar day in the organisation's time zone. */
export function bucketOf(p: PeriodSql, at: SQL): SQL {
  return bucketOfDay(p, sql`(${at} at time zone ${orgTimeZoneSql})::date`);
}

/** Every bucket of the period in order, as a `(label)` set, so empty buckets show as zero. */
export function bucketsSql(p: PeriodSql): SQL {
  return sql`select distinct ${bucketOfDay(p, sql`d`)} as label
    from generate_series(${p.from}::date::timestamp, ${p.to}::date::timestamp, interval '1 day') d`;
}

/** The instant after a bucket (or the period's end, if sooner): "on record at the end of it". */
export function bucketEndSql(p: PeriodSql, label: SQL): SQL {
  const next = sql`least((date_trunc(${p.bucket}, ${label}::date::timestamp) + ${sql.raw(`interval '1 ${p.bucket}'`)})::date, ${p.to}::date + 1)`;
  return sql`(${next}::timestamp at time zone ${orgTimeZoneSql})`;
}
