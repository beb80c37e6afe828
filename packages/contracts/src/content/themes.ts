import { z } from 'zod';
import { messages } from '../messages.ts';
import { text } from '../rules.ts';

/** Theme file editor (spec part 3 §2.6, §3, §4, §7 "Theme editor", §8, §9). */

export const themeMessages = {
  retrieveFailed: 'Unable to retrieve asset. Please try again.',
  saveFailed: 'Unable to save asset. Please try again.',
  saved: 'Asset saved.',
  locked: 'This theme is locked and cannot be edited here.',
  binary: 'This file is not text and cannot be edited here.',
  invalidLiquid: (detail: string) => `The Liquid template does not parse: ${detail}`,
  invalidJson: (detail: string) => `The JSON does not parse: ${detail}`,
  restored: 'Older version restored.',
} as const;

/** Spec part 3 §9. */
export const THEME_EDITOR = { fontSize: 16, paneMinPercent: 10, paneDefaultPercent: 25, folderSlideMs: 300 } as const;
export const IMAGE_EXTENSIONS = ['gif', 'png', 'jpeg', 'jpg', 'tiff', 'bmp', 'ico', 'svg'] as const;
export const THEME_ASSET_MAX = 1_000_000;

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1).toLowerCase();
export const isImageAsset = (key: string) => (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(key));
/** Text files are edited; anything else (fonts, archives, images) is binary. */
export const isTextContentType = (contentType: string) =>
  contentType.startsWith('text/') || ['application/json', 'application/javascript', 'application/xml', 'image/svg+xml'].includes(contentType);
export type AssetKind = 'image' | 'binary' | 'text';
export const assetKind = (key: string, contentType: string): AssetKind =>
  isImageAsset(key) ? 'image' : isTextContentType(contentType) ? 'text' : 'binary';

export const themeAssetSchema = z.object({ id: z.number(), theme_id: z.number(), key: z.string(), name: z.string(), value: z.string().nullable(), content_type: z.string() });
export type ThemeAsset = z.infer<typeof themeAssetSchema>;
export const themeEditorSchema = z.object({
  theme: z.object({ id: z.number(), title: z.string(), handle: z.string(), is_locked: z.boolean(), is_active: z.boolean() }),
  assets: z.array(z.object({ id: z.number(), key: z.string(), content_type: z.string() })),
});
export type ThemeEditorData = z.infer<typeof themeEditorSchema>;
export const themeRowSchema = z.object({ id: z.number(), title: z.string(), handle: z.string(), is_active: z.boolean(), is_locked: z.boolean(), assets: z.number() });
export type ThemeRow = z.infer<typeof themeRowSchema>;
export const assetVersionSchema = z.object({ id: z.number(), created_at: z.string(), created_by: z.string().nullable(), size: z.number() });
export type AssetVersion = z.infer<typeof assetVersionSchema>;

export const themeAssetParams = z.object({
  theme_id: z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1),
  id: z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1),
});
export const assetVersionParams = themeAssetParams.extend({ version_id: themeAssetParams.shape.id });
export const assetSaveSchema = z.object({ value: text().max(THEME_ASSET_MAX, { error: messages.maxLength(THEME_ASSET_MAX) }) });
