import {
  type ExportStatus,
  exportMessages,
  hasPermission,
  messages,
  type PermissionHolder,
  SAVED_VIEWS_PER_LIST_MAX,
  type SavedView,
  type SavedViewState,
  savedViewMessages,
  savedViewStateSchema,
} from '@almoner/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { queryRows, readListingQuery } from '../../listing/engine.ts';
import type { AuthUser } from '../auth/session.ts';
import { enqueue } from '../jobs/jobs.queue.ts';
import { exportableListing } from './export-registry.ts';
import { listExportJob } from './exports.job.ts';
import { listExports, savedViews } from './lists.tables.ts';

function canUse(user: AuthUser, permission: string | ((holder: PermissionHolder) => boolean)): boolean {
  const holder = { is_account_admin: user.isAccountAdmin, permissions: user.permissions };
  return typeof permission === 'string' ? hasPermission(holder, permission) : permission(holder);
}

/** The list by name, if this user may see it; else the same refusal the list's own route gives. */
function listFor(user: AuthUser, list: string) {
  const listing = exportableListing(list);
  if (!listing) throw new AppError('validation', exportMessages.unknownList, { list: [exportMessages.unknownList] });
  if (!canUse(user, listing.permission)) throw new AppError('forbidden', messages.forbidden);
  return listing;
}

/**
 * Queues an export of `list` with the fields its listing route takes. The fields are checked
 * now (a bad filter answers 422 here, not as a failed job later), and the record and the job
 * are written in one transaction.
 */
export async function startExport(database: Database, user: AuthUser, list: string, params: Record<string, unknown>): Promise<ExportStatus> {
  const listing = listFor(user, list);
  readListingQuery(listing.definition, params);
  const filename = `${listing.basename}-${new Date().toISOString().slice(0, 10)}.csv`;
  const id = await database.db.transaction(async (tx) => {
    const jobId = await enqueue(tx, listExportJob, {});
    await tx.insert(listExports).values({ jobId, userId: user.id, list, params, filename });
    return jobId;
  });
  return exportStatus(database.db, null, user, id);
}

/** An export's state, progress and (once done) a fresh signed link; only its owner may read it. */
export async function exportStatus(db: Queryable, storage: Storage | null, user: AuthUser, id: string): Promise<ExportStatus> {
  const [row] = await queryRows(
    db,
    sql`select e.*, p.percent from list_exports e left join job_progress p on p.job_id = e.job_id
         where e.job_id = ${id} and e.user_id = ${user.id}`,
  );
  if (!row) throw new AppError('not_found', exportMessages.notFound);
  const state = row.state as ExportStatus['state'];
  const key = row.storage_key as string | null;
  const link = state === 'done' && key && storage ? await storage.signDownload(key, { downloadName: String(row.filename) }) : null;
  return {
    id: String(row.job_id),
    list: String(row.list),
    state,
    progress: state === 'done' ? 100 : Number(row.percent ?? 0),
    rows: row.rows === null ? null : Number(row.rows),
    filename: String(row.filename),
    download_url: link?.url ?? null,
    message: state === 'done' ? exportMessages.ready : state === 'failed' ? exportMessages.failed : null,
    created_at: new Date(row.created_at as string).toISOString(),
  };
}

const viewOf = (row: typeof savedViews.$inferSelect): SavedView => ({
  id: row.id,
  list: row.list,
  name: row.name,
  // Parsed again on the way out: a row written by an older shape still reads as a valid view.
  state: savedViewStateSchema.parse(row.state),
  created_at: row.createdAt.toISOString(),
});

export async function listViews(db: Queryable, user: AuthUser, list: string): Promise<SavedView[]> {
  const rows = await db.select().from(savedViews).where(and(eq(savedViews.userId, user.id), eq(savedViews.list, list))).orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return rows.map(viewOf);
}

export async function createView(database: Database, user: AuthUser, input: { list: string; name: string; state: SavedViewState }): Promise<SavedView> {
  return database.db.transaction(async (tx) => {
    // Serialises two saves by the same person so the per-list limit holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved_views'), ${user.id})`);
    const [count] = await queryRows(tx, sql`select count(*)::int as n from saved_views where user_id = ${user.id} and list = ${input.list}`);
    if (Number(count?.n ?? 0) >= SAVED_VIEWS_PER_LIST_MAX) throw new AppError('validation', savedViewMessages.tooMany, { name: [savedViewMessages.tooMany] });
    const [row] = await tx
      .insert(savedViews)
      .values({ userId: user.id, list: input.list, name: input.name, state: input.state })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('validation', savedViewMessages.duplicate, { name: [savedViewMessages.duplicate] });
    return viewOf(row);
  });
}

/** Deletes one of the user's own views; another user's view is "not found", never revealed. */
export async function deleteView(db: Queryable, user: AuthUser, id: number): Promise<SavedView> {
  const [row] = await db.delete(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.userId, user.id))).returning();
  if (!row) throw new AppError('not_found', savedViewMessages.notFound);
  return viewOf(row);
}
