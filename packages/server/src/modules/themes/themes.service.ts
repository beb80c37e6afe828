import { assetKind, messages, themeMessages, type AssetVersion, type ThemeAsset, type ThemeEditorData, type ThemeRow } from '@almoner/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { users } from '../users/users.tables.ts';
import { liquidParseError } from './liquid-check.ts';
import { themeAssets, themeAssetVersions, themes } from './themes.tables.ts';

/** The theme file editor (spec part 3 §2.6, §7 "Theme editor"). */

const notFound = () => new AppError('not_found', messages.notFound);
type AssetRecord = typeof themeAssets.$inferSelect;
/** Older versions kept per asset (ours); the oldest are pruned. */
const VERSIONS_KEPT = 50;

async function findTheme(db: Queryable, id: number) {
  const [theme] = await db.select().from(themes).where(eq(themes.id, id));
  if (!theme) throw notFound();
  return theme;
}

async function findAsset(db: Queryable, themeId: number, id: number): Promise<AssetRecord> {
  const [asset] = await db.select().from(themeAssets).where(and(eq(themeAssets.id, id), eq(themeAssets.themeId, themeId)));
  if (!asset) throw notFound();
  return asset;
}

const toAsset = (a: AssetRecord): ThemeAsset => ({ id: a.id, theme_id: a.themeId, key: a.key, name: a.key.slice(a.key.lastIndexOf('/') + 1), value: a.value, content_type: a.contentType });

export async function listThemes(db: Queryable): Promise<{ data: ThemeRow[] }> {
  const rows = await db
    .select({ id: themes.id, title: themes.title, handle: themes.handle, isActive: themes.isActive, isLocked: themes.isLocked, assets: sql<number>`(select count(*)::int from theme_assets a where a.theme_id = ${themes.id})` })
    .from(themes)
    .orderBy(desc(themes.isActive), asc(themes.title));
  return { data: rows.map((r) => ({ id: r.id, title: r.title, handle: r.handle, is_active: r.isActive, is_locked: r.isLocked, assets: r.assets })) };
}

export async function getThemeEditor(db: Queryable, themeId: number): Promise<ThemeEditorData> {
  const theme = await findTheme(db, themeId);
  const assets = await db.select({ id: themeAssets.id, key: themeAssets.key, content_type: themeAssets.contentType }).from(themeAssets).where(eq(themeAssets.themeId, themeId)).orderBy(asc(themeAssets.key));
  return { theme: { id: theme.id, title: theme.title, handle: theme.handle, is_locked: theme.isLocked, is_active: theme.isActive }, assets };
}

export async function getAsset(db: Queryable, themeId: number, id: number): Promise<ThemeAsset> {
  return toAsset(await findAsset(db, themeId, id));
}

/** Liquid must parse and JSON must be JSON before the site can use the file. */
function checkValue(contentType: string, value: string) {
  if (contentType === 'text/x-liquid') {
    const error = liquidParseError(value);
    if (error) throw fieldError('value', themeMessages.invalidLiquid(error));
  }
  if (contentType === 'application/json') {
    try {
      JSON.parse(value);
    } catch (error) {
      throw fieldError('value', themeMessages.invalidJson((error as Error).message.slice(0, 200)));
    }
  }
}

/** Saves new text; the text it replaces becomes an older version. */
async function writeAsset(tx: Queryable, actor: Actor, themeId: number, id: number, value: string) {
  const theme = await findTheme(tx, themeId);
  const asset = await findAsset(tx, themeId, id);
  if (theme.isLocked || asset.isLocked) throw new AppError('conflict', themeMessages.locked);
  if (assetKind(asset.key, asset.contentType) !== 'text') throw fieldError('value', themeMessages.binary);
  checkValue(asset.contentType, value);
  if (asset.value === value) return;
  if (asset.value !== null) await tx.insert(themeAssetVersions).values({ assetId: id, value: asset.value, createdBy: asset.updatedBy });
  await tx.update(themeAssets).set({ value, size: Buffer.byteLength(value), updatedBy: actor.userId, updatedAt: sql`now()` }).where(eq(themeAssets.id, id));
  await tx.execute(sql`delete from theme_asset_versions where asset_id = ${id} and id not in
    (select id from theme_asset_versions where asset_id = ${id} order by created_at desc, id desc limit ${VERSIONS_KEPT})`);
}

export async function saveAsset(db: Db, actor: Actor, themeId: number, id: number, value: string): Promise<ThemeAsset> {
  await withActor(db, actor, (tx) => writeAsset(tx, actor, themeId, id, value));
  return getAsset(db, themeId, id);
}

export async function listAssetVersions(db: Queryable, themeId: number, id: number): Promise<{ data: AssetVersion[] }> {
  await findAsset(db, themeId, id);
  const rows = await db
    .select({ id: themeAssetVersions.id, createdAt: themeAssetVersions.createdAt, size: sql<number>`octet_length(${themeAssetVersions.value})`, first: users.firstName, last: users.lastName })
    .from(themeAssetVersions)
    .leftJoin(users, eq(users.id, themeAssetVersions.createdBy))
    .where(eq(themeAssetVersions.assetId, id))
    .orderBy(desc(themeAssetVersions.createdAt), desc(themeAssetVersions.id));
  return { data: rows.map((r) => ({ id: r.id, created_at: r.createdAt.toISOString(), created_by: r.first === null ? null : `${r.first} ${r.last ?? ''}`.trim(), size: Number(r.size) })) };
}

/** An older version becomes the current text again (the replaced text is kept as a version). */
export async function restoreAssetVersion(db: Db, actor: Actor, themeId: number, id: number, versionId: number): Promise<ThemeAsset> {
  await withActor(db, actor, async (tx) => {
    const [version] = await tx.select().from(themeAssetVersions).where(and(eq(themeAssetVersions.id, versionId), eq(themeAssetVersions.assetId, id)));
    if (!version) throw notFound();
    await writeAsset(tx, actor, themeId, id, version.value);
  });
  return getAsset(db, themeId, id);
}
