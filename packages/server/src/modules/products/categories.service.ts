import { categoryMessages, messages, productMessages, type Category, type CategoryInputParsed } from '@almoner/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import type { Storage } from '../../integrations/storage/index.ts';
import { assertImages, readImage } from './catalogue-images.ts';
import { productCategories } from './products.tables.ts';

const columns = {
  id: productCategories.id,
  name: productCategories.name,
  parent_id: productCategories.parentId,
  sequence: productCategories.sequence,
  url_name: productCategories.urlName,
  products: sql<number>`(select count(*)::int from product_category_links l where l.category_id = "product_categories"."id")`,
  mediaId: productCategories.mediaId,
};
type Row = Omit<Category, 'image'> & { mediaId: number | null };

const withImage = async (db: Queryable, storage: Storage | undefined, { mediaId, ...row }: Row): Promise<Category> => ({
  ...row,
  image: await readImage(db, storage, mediaId),
});

export async function listCategories(db: Queryable, storage?: Storage): Promise<{ data: Category[] }> {
  const rows = await db.select(columns).from(productCategories).orderBy(asc(productCategories.sequence), asc(productCategories.name));
  return { data: await Promise.all(rows.map((r) => withImage(db, storage, r))) };
}

export async function getCategory(db: Queryable, id: number, storage?: Storage): Promise<Category> {
  const [row] = await db.select(columns).from(productCategories).where(eq(productCategories.id, id));
  if (!row) throw new AppError('not_found', messages.notFound);
  return withImage(db, storage, row);
}

/** The parent must exist and must not be the category itself or below it (the tree stays a tree). */
async function checkParent(db: Queryable, id: number | null, parentId: number | null): Promise<void> {
  const seen = new Set<number>();
  for (let at = parentId; at !== null; ) {
    if (at === id || seen.has(at)) throw fieldError('parent_id', categoryMessages.parentLoop);
    seen.add(at);
    const [row] = await db.select({ parent: productCategories.parentId }).from(productCategories).where(eq(productCategories.id, at));
    if (!row) throw fieldError('parent_id', productMessages.unknownCategory);
    at = row.parent;
  }
}

async function saveCategory(db: Db, actor: Actor, id: number | null, input: CategoryInputParsed, storage?: Storage): Promise<Category> {
  const savedId = await withActor(db, actor, async (tx) => {
    if (id !== null) await getCategory(tx, id);
    await checkParent(tx, id, input.parent_id);
    if (input.url_name !== null) {
      const clash = await tx
        .select({ id: productCategories.id })
        .from(productCategories)
        .where(and(eq(productCategories.urlName, input.url_name), id === null ? undefined : ne(productCategories.id, id)));
      if (clash.length) throw fieldError('url_name', categoryMessages.urlNameInUse);
    }
    if (input.media_id) await assertImages(tx, [input.media_id], () => 'media_id');
    const values = {
      name: input.name,
      parentId: input.parent_id,
      sequence: input.sequence,
      urlName: input.url_name,
      ...(input.media_id === undefined ? {} : { mediaId: input.media_id }),
      updatedAt: sql`now()`,
    };
    if (id !== null) {
      await tx.update(productCategories).set(values).where(eq(productCategories.id, id));
      return id;
    }
    return ((await tx.insert(productCategories).values(values).returning({ id: productCategories.id }))[0] as { id: number }).id;
  });
  return getCategory(db, savedId, storage);
}

export const createCategory = (db: Db, actor: Actor, input: CategoryInputParsed, storage?: Storage) => saveCategory(db, actor, null, input, storage);
export const updateCategory = (db: Db, actor: Actor, id: number, input: CategoryInputParsed, storage?: Storage) => saveCategory(db, actor, id, input, storage);

/** Products and promo codes lose the link; subcategories move up to the top level. */
export async function deleteCategory(db: Db, actor: Actor, id: number): Promise<{ message: string }> {
  return withActor(db, actor, async (tx) => {
    const c = await getCategory(tx, id);
    await tx.delete(productCategories).where(eq(productCategories.id, id));
    return { message: categoryMessages.deleted(c.name) };
  });
}
