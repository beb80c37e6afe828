import { messages, PAGE_REVISIONS_KEPT, pageMessages, type Page, type PageInputParsed, type PageRow } from '@almoner/contracts';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { liquidParseError } from '../themes/liquid-check.ts';
import { productCategories } from '../products/products.tables.ts';
import { users } from '../users/users.tables.ts';
import { pageRevisions, pages } from './pages.tables.ts';
import { sanitizeHtml } from '../../html/sanitize.ts';

const notFound = () => new AppError('not_found', messages.notFound);
type PageRecord = typeof pages.$inferSelect;
type Revisable = Pick<PageInputParsed, 'title' | 'body' | 'page_title' | 'meta_description' | 'meta_keywords' | 'background_options'>;

export async function findPage(db: Queryable, id: number): Promise<PageRecord> {
  const [row] = await db.select().from(pages).where(and(eq(pages.id, id), isNull(pages.deletedAt)));
  if (!row) throw notFound();
  return row;
}

const background = (p: PageRecord): Page['background_options'] => {
  const b = p.backgroundOptions ?? {};
  return { image_url: b.image_url ?? null, size: b.size ?? 'cover', position: (b.position ?? 'center center') as Page['background_options']['position'], height: b.height ?? 50, animation: b.animation ?? null };
};

export async function getPage(db: Queryable, id: number): Promise<Page> {
  const p = await findPage(db, id);
  const revisions = await db
    .select({ id: pageRevisions.id, isAutosave: pageRevisions.isAutosave, title: pageRevisions.title, createdAt: pageRevisions.createdAt, first: users.firstName, last: users.lastName })
    .from(pageRevisions)
    .leftJoin(users, eq(users.id, pageRevisions.createdBy))
    .where(eq(pageRevisions.pageId, id))
    .orderBy(desc(pageRevisions.isAutosave), desc(pageRevisions.createdAt), desc(pageRevisions.id));
  return {
    id: p.id, type: p.type as Page['type'], title: p.title, page_title: p.pageTitle, url: p.url, parent_id: p.parentId, category_id: p.categoryId, body: p.body ?? '',
    is_active: p.isActive, is_hidden: p.isHidden, requires_login: p.requiresLogin, meta_description: p.metaDescription, meta_keywords: p.metaKeywords,
    background_options: background(p), updated_at: p.updatedAt.toISOString(),
    revisions: revisions.map((r) => ({ id: r.id, is_autosave: r.isAutosave, title: r.title, created_at: r.createdAt.toISOString(), created_by: r.first === null ? null : `${r.first} ${r.last ?? ''}`.trim() })),
  };
}

export async function listPages(db: Queryable): Promise<{ data: PageRow[] }> {
  // A join on an alias, not a correlated subquery: Drizzle writes a one-table query's columns
  // unqualified, so `parent_id` there meant the inner row's own and every row said "In menu: —".
  const parent = alias(pages, 'parent');
  const rows = await db
    .select({ id: pages.id, type: pages.type, title: pages.title, url: pages.url, isActive: pages.isActive, parentTitle: parent.title, updatedAt: pages.updatedAt })
    .from(pages)
    .leftJoin(parent, eq(parent.id, pages.parentId))
    .where(isNull(pages.deletedAt))
    .orderBy(asc(pages.title), asc(pages.id));
  return { data: rows.map((r) => ({ id: r.id, type: r.type as PageRow['type'], title: r.title, url: r.url, is_active: r.isActive, parent_title: r.parentTitle, updated_at: r.updatedAt.toISOString() })) };
}

/**
 * A page's body as its type stores it: visual types go through the one HTML policy (the site
 * prints them as is), a Liquid page must parse, an advanced (HTML) page is staff code kept as
 * written. Every body that reaches the page passes here, a restored revision's included.
 */
function cleanBody(type: PageInputParsed['type'], body: string): string {
  if (type === 'liquid') {
    const error = liquidParseError(body);
    if (error) throw fieldError('body', pageMessages.invalidLiquid(error));
    return body;
  }
  return type === 'advanced' ? body : sanitizeHtml(body);
}

async function assertUrlFree(db: Queryable, url: string | null, id: number | null) {
  if (url === null) return;
  const [clash] = await db.select({ id: pages.id }).from(pages).where(and(sql`lower(${pages.url}) = lower(${url})`, isNull(pages.deletedAt), id === null ? undefined : ne(pages.id, id)));
  if (clash) throw fieldError('url', pageMessages.urlTaken);
}

/**
 * The parent and category name live records (the database's foreign keys would otherwise answer
 * a 500), and a page never sits under itself or one of its own sub-pages (the menu is a tree).
 */
async function assertPlacement(db: Queryable, input: PageInputParsed, id: number | null) {
  if (input.parent_id !== null && input.parent_id !== undefined) {
    const [parent] = await db.select({ id: pages.id }).from(pages).where(and(eq(pages.id, input.parent_id), isNull(pages.deletedAt)));
    if (!parent) throw fieldError('parent_id', pageMessages.parentMissing);
    if (id !== null) {
      const loop = await queryRows(db, sql`with recursive up(id, parent_id) as (
          select id, parent_id from pages where id = ${input.parent_id}
          union select p.id, p.parent_id from pages p join up on p.id = up.parent_id)
        select 1 from up where id = ${id} limit 1`);
      if (loop.length) throw fieldError('parent_id', pageMessages.parentLoop);
    }
  }
  if (input.category_id !== null && input.category_id !== undefined) {
    const [category] = await db.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, input.category_id));
    if (!category) throw fieldError('category_id', pageMessages.categoryMissing);
  }
}

const columnsOf = (input: PageInputParsed, body: string) => ({
  type: input.type, title: input.title, pageTitle: input.page_title, url: input.url, parentId: input.parent_id, categoryId: input.category_id, body,
  isActive: input.is_active, isHidden: input.is_hidden, requiresLogin: input.requires_login, metaDescription: input.meta_description, metaKeywords: input.meta_keywords,
  backgroundOptions: input.background_options,
});

const snapshotOf = (p: Revisable) => ({ page_title: p.page_title, meta_description: p.meta_description, meta_keywords: p.meta_keywords, background_options: p.background_options });
const storedRevisable = (p: PageRecord): Revisable => ({ title: p.title, body: p.body ?? '', page_title: p.pageTitle, meta_description: p.metaDescription, meta_keywords: p.metaKeywords, background_options: background(p) as Revisable['background_options'] });
const sameContent = (a: Revisable, b: Revisable) => JSON.stringify([a.title, a.body, snapshotOf(a)]) === JSON.stringify([b.title, b.body, snapshotOf(b)]);

export async function createPage(db: Db, actor: Actor, input: PageInputParsed): Promise<Page> {
  const id = await withActor(db, actor, async (tx) => {
    await assertUrlFree(tx, input.url, null);
    await assertPlacement(tx, input, null);
    const [row] = await tx.insert(pages).values({ ...columnsOf(input, cleanBody(input.type, input.body)), createdBy: actor.userId, updatedBy: actor.userId }).returning({ id: pages.id });
    return (row as { id: number }).id;
  });
  return getPage(db, id);
}

/** Keeps the stored state as a revision when the content changes, saves, and drops the autosave draft. */
export async function updatePage(db: Db, actor: Actor, id: number, input: PageInputParsed): Promise<Page> {
  await withActor(db, actor, async (tx) => {
    const stored = await findPage(tx, id);
    await assertUrlFree(tx, input.url, id);
    await assertPlacement(tx, input, id);
    const body = cleanBody(input.type, input.body);
    if (!sameContent(storedRevisable(stored), { ...input, body })) await insertRevision(tx, id, storedRevisable(stored), actor, false);
    await tx.update(pages).set({ ...columnsOf(input, body), updatedBy: actor.userId, updatedAt: sql`now()` }).where(eq(pages.id, id));
    await tx.delete(pageRevisions).where(and(eq(pageRevisions.pageId, id), eq(pageRevisions.isAutosave, true)));
    await pruneRevisions(tx, id);
  });
  return getPage(db, id);
}

async function insertRevision(tx: Queryable, pageId: number, content: Revisable, actor: Actor, isAutosave: boolean) {
  await tx.insert(pageRevisions).values({ pageId, isAutosave, title: content.title, body: content.body, snapshot: snapshotOf(content), createdBy: actor.userId });
}

async function pruneRevisions(tx: Queryable, pageId: number) {
  await tx.execute(sql`delete from page_revisions where page_id = ${pageId} and not is_autosave and id not in
    (select id from page_revisions where page_id = ${pageId} and not is_autosave order by created_at desc, id desc limit ${PAGE_REVISIONS_KEPT})`);
}

/**
 * The editor's draft, kept as the page's one autosave revision (the page itself is unchanged until
 * it is saved). A draft equal to the stored page writes nothing.
 */
export async function autosavePage(db: Db, actor: Actor, id: number, input: PageInputParsed): Promise<{ success: true; saved: boolean }> {
  return withActor(db, actor, async (tx) => {
    const stored = await findPage(tx, id);
    const draft = { ...input, body: cleanBody(input.type, input.body) };
    if (sameContent(storedRevisable(stored), draft)) return { success: true, saved: false };
    await tx.delete(pageRevisions).where(and(eq(pageRevisions.pageId, id), eq(pageRevisions.isAutosave, true)));
    await insertRevision(tx, id, draft, actor, true);
    return { success: true, saved: true };
  });
}

async function findRevision(db: Queryable, pageId: number, revisionId: number) {
  const [revision] = await db.select().from(pageRevisions).where(and(eq(pageRevisions.id, revisionId), eq(pageRevisions.pageId, pageId)));
  if (!revision) throw notFound();
  return revision;
}

/**
 * Puts a revision's content back on the page; the replaced content becomes a revision itself.
 * The revision is cleaned by the page's type, not the type it was saved under: a draft autosaved
 * as an advanced page does not bring its scripts into a visual one.
 */
export async function restoreRevision(db: Db, actor: Actor, pageId: number, revisionId: number): Promise<Page> {
  await withActor(db, actor, async (tx) => {
    const stored = await findPage(tx, pageId);
    const revision = await findRevision(tx, pageId, revisionId);
    const snap = revision.snapshot as Partial<Revisable>;
    const body = cleanBody(stored.type as Page['type'], revision.body ?? '');
    await insertRevision(tx, pageId, storedRevisable(stored), actor, false);
    await tx
      .update(pages)
      .set({ title: revision.title, body, pageTitle: snap.page_title ?? null, metaDescription: snap.meta_description ?? null, metaKeywords: snap.meta_keywords ?? null, backgroundOptions: snap.background_options ?? stored.backgroundOptions, updatedBy: actor.userId, updatedAt: sql`now()` })
      .where(eq(pages.id, pageId));
    // A restored draft is now the page; a restored saved revision stays in the history.
    if (revision.isAutosave) await tx.delete(pageRevisions).where(eq(pageRevisions.id, revision.id));
    await pruneRevisions(tx, pageId);
  });
  return getPage(db, pageId);
}

export async function deleteRevision(db: Db, actor: Actor, pageId: number, revisionId: number): Promise<Page> {
  await withActor(db, actor, async (tx) => {
    await findPage(tx, pageId);
    await findRevision(tx, pageId, revisionId);
    await tx.delete(pageRevisions).where(eq(pageRevisions.id, revisionId));
  });
  return getPage(db, pageId);
}

export async function deletePage(db: Db, actor: Actor, id: number): Promise<{ success: true }> {
  return withActor(db, actor, async (tx) => {
    await findPage(tx, id);
    await tx.update(pages).set({ deletedAt: sql`now()`, updatedAt: sql`now()`, updatedBy: actor.userId }).where(eq(pages.id, id));
    // The menu keeps working: children move up to the deleted page's parent.
    await tx.execute(sql`update pages set parent_id = (select parent_id from pages where id = ${id}) where parent_id = ${id}`);
    return { success: true };
  });
}
