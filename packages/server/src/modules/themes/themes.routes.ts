import { assetSaveSchema, assetVersionParams, assetVersionSchema, idParam, themeAssetParams, themeAssetSchema, themeEditorSchema, themeRowSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAsset, getThemeEditor, listAssetVersions, listThemes, restoreAssetVersion, saveAsset } from './themes.service.ts';

const tags = ['themes'];

/** The theme file editor (spec part 3 §2.6, §7 "Theme editor"). */
export const themesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const config = { permission: 'template.edit' };
  app.get('/jpanel/themes.json', { config, schema: { summary: 'List themes', tags, response: { 200: z.object({ data: z.array(themeRowSchema) }) } } }, async () => listThemes(ctx.db));
  app.get('/jpanel/themes/:id/editor.json', { config, schema: { summary: "A theme and its files' keys, for the editor's tree", tags, params: idParam, response: { 200: themeEditorSchema } } }, async (request) => getThemeEditor(ctx.db, request.params.id));
  app.get(
    '/jpanel/themes/:theme_id/editor/assets/:id.json',
    { config, schema: { summary: 'Read a theme file', tags, params: themeAssetParams, response: { 200: themeAssetSchema } } },
    async (request) => getAsset(ctx.db, request.params.theme_id, request.params.id),
  );
  app.post(
    '/jpanel/themes/:theme_id/editor/assets/:id',
    { config, schema: { summary: 'Save a theme file (Liquid and JSON must parse; the old text becomes an older version)', tags, params: themeAssetParams, body: assetSaveSchema, response: { 200: themeAssetSchema } } },
    async (request) => saveAsset(ctx.db, request.actor, request.params.theme_id, request.params.id, request.body.value),
  );
  app.get(
    '/jpanel/themes/:theme_id/editor/assets/:id/versions.json',
    { config, schema: { summary: "A theme file's older versions, newest first", tags, params: themeAssetParams, response: { 200: z.object({ data: z.array(assetVersionSchema) }) } } },
    async (request) => listAssetVersions(ctx.db, request.params.theme_id, request.params.id),
  );
  app.post(
    '/jpanel/themes/:theme_id/editor/assets/:id/versions/:version_id/restore',
    { config, schema: { summary: 'Make an older version the current text', tags, params: assetVersionParams, response: { 200: themeAssetSchema } } },
    async (request) => restoreAssetVersion(ctx.db, request.actor, request.params.theme_id, request.params.id, request.params.version_id),
  );
};
