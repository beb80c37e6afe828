import { type LogContext, LOG_KEEP_DAYS, LOG_MAX_ROWS, LOG_PAGE_SIZE, type LogLevel, type LogList, type LogListFilter } from '@almoner/contracts';
import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../users/users.tables.ts';
import { logEntries } from './logs.tables.ts';

export type LogWrite = {
  message: string;
  source: string;
  level: LogLevel;
  userId?: number | null;
  ipAddress?: string | null;
  /** Only fixed facts (route pattern, status, error type): nothing a person typed. */
  context?: LogContext;
};

/** Writes one entry and prunes past the bounds, so the table never grows without limit. */
export async function writeLogEntry(db: Queryable, entry: LogWrite): Promise<void> {
  await db.insert(logEntries).values({
    message: entry.message.slice(0, 500),
    source: entry.source.slice(0, 100),
    level: entry.level,
    userId: entry.userId ?? null,
    ipAddress: entry.ipAddress?.slice(0, 45) ?? null,
    context: entry.context ?? {},
  });
  await pruneLogEntries(db);
}

export async function pruneLogEntries(db: Queryable, keepDays = LOG_KEEP_DAYS, maxRows = LOG_MAX_ROWS): Promise<void> {
  await db.delete(logEntries).where(lt(logEntries.createdAt, sql`now() - make_interval(days => ${keepDays})`));
  await db.execute(sql`delete from log_entries where id <= (select id from log_entries order by id desc offset ${maxRows} limit 1)`);
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listLogEntries(db: Queryable, query: Pick<LogListFilter, 'page'> & Partial<Omit<LogListFilter, 'page'>>): Promise<LogList> {
  const where: SQL[] = [];
  if (query.level) where.push(eq(logEntries.level, query.level));
  if (query.source) where.push(eq(logEntries.source, query.source));
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    where.push(or(ilike(logEntries.message, like), sql`${logEntries.context}::text ilike ${like}`) as SQL);
  }
  // Days are UTC days; `to` includes the whole of its day.
  if (query.from) where.push(gte(logEntries.createdAt, sql`(${query.from}::date)::timestamp at time zone 'UTC'`));
  if (query.to) where.push(lt(logEntries.createdAt, sql`(${query.to}::date + 1)::timestamp at time zone 'UTC'`));
  const filter = where.length ? and(...where) : undefined;
  const [total] = await db.select({ n: count() }).from(logEntries).where(filter);
  const rows = await db
    .select({ entry: logEntries, firstName: users.firstName, lastName: users.lastName })
    .from(logEntries)
    .leftJoin(users, eq(users.id, logEntries.userId))
    .where(filter)
    .orderBy(desc(logEntries.createdAt), desc(logEntries.id))
    .limit(LOG_PAGE_SIZE)
    .offset((Number(query.page) - 1) * LOG_PAGE_SIZE);
  const sources = await db.selectDistinct({ source: logEntries.source }).from(logEntries).orderBy(logEntries.source);
  return {
    data: rows.map(({ entry, firstName, lastName }) => ({
      id: entry.id,
      message: entry.message,
      source: entry.source,
      level: entry.level as LogLevel,
      user_name: firstName !== null ? `${firstName} ${lastName ?? ''}`.trim() : null,
      ip_address: entry.ipAddress,
      context: entry.context,
      created_at: entry.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: Number(query.page),
    page_size: LOG_PAGE_SIZE,
    sources: sources.map((s) => s.source),
  };
}
