import { type EditorTemplate, type PageEditorOptions, type TemplateKind } from '@almoner/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { productCategories } from '../products/products.tables.ts';
import { themeAssets, themes } from '../themes/themes.tables.ts';
import { editorTemplates, pages } from './pages.tables.ts';

/** Fonts every browser has, offered after the theme's own. */
const WEB_SAFE_FONTS = ['Arial', 'Georgia', 'Helvetica', 'Tahoma', 'Times New Roman', 'Trebuchet MS', 'Verdana'];
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The active theme's settings (config/settings.json) give the editor its fonts (keys naming a
 * font) and colours (keys naming a colour with a hex value), spec part 1 §2.
 */
export async function themeTypography(db: Queryable): Promise<Pick<PageEditorOptions, 'fonts' | 'colors'>> {
  const [asset] = await db
    .select({ value: themeAssets.value })
    .from(themeAssets)
    .innerJoin(themes, eq(themes.id, themeAssets.themeId))
    .where(and(eq(themes.isActive, true), eq(themeAssets.key, 'config/settings.json')));
  let settings: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(asset?.value ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) settings = parsed as Record<string, unknown>;
  } catch {
    // A theme whose settings do not parse offers the defaults only.
  }
  const entries = Object.entries(settings).filter((e): e is [string, string] => typeof e[1] === 'string');
  const themeFonts = entries.filter(([k]) => /font/i.test(k)).map(([, v]) => v.trim()).filter(Boolean);
  const colors = entries.filter(([k, v]) => /colou?r/i.test(k) && HEX_COLOUR.test(v)).map(([k, v]) => ({ name: titleOf(k), value: v.toLowerCase() }));
  return { fonts: [...new Set([...themeFonts, ...WEB_SAFE_FONTS])], colors };
}

const titleOf = (key: string) => key.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

export async function getEditorOptions(db: Queryable): Promise<PageEditorOptions> {
  const categories = await db.select({ id: productCategories.id, name: productCategories.name }).from(productCategories).orderBy(asc(productCategories.name));
  const parents = await db.select({ id: pages.id, title: pages.title }).from(pages).where(isNull(pages.deletedAt)).orderBy(asc(pages.title));
  return { ...(await themeTypography(db)), categories, parents };
}

export async function listTemplates(db: Queryable, kind: TemplateKind): Promise<{ data: EditorTemplate[] }> {
  const rows = await db.select().from(editorTemplates).where(eq(editorTemplates.kind, kind)).orderBy(asc(editorTemplates.sequence), asc(editorTemplates.id));
  return { data: rows.map((r) => ({ id: r.id, kind: r.kind as TemplateKind, name: r.name, description: r.description, body: r.body })) };
}
