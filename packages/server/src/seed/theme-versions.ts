import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { themeAssets, themeAssetVersions } from '../modules/themes/themes.tables.ts';
import { at, DAY, type SeedContext } from './context.ts';

/** An earlier text of the demo theme's page template, so "Older versions" has one to restore. */
export async function insertThemeVersions(ctx: SeedContext, q: Queryable): Promise<void> {
  const [page] = await q.select({ id: themeAssets.id }).from(themeAssets).where(and(eq(themeAssets.key, 'templates/page.liquid')));
  if (!page) return;
  await q.insert(themeAssetVersions).values([
    { assetId: page.id, value: '<main>{{ page.body }}</main>\n', createdBy: ctx.staff[0] ?? null, createdAt: at(ctx.now - 120 * DAY) },
    { assetId: page.id, value: '<main class="page">\n  <h1>{{ page.title }}</h1>\n  {{ page.body }}\n</main>\n', createdBy: ctx.staff[0] ?? null, createdAt: at(ctx.now - 30 * DAY) },
  ]);
}
