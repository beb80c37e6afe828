import { idParam, editorTemplateSchema, pageAutosaveSchema, pageEditorOptionsSchema, pageIdBody, pageInputSchema, pageRestoreSchema, pageRowSchema, pageSchema, TEMPLATE_KINDS } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getEditorOptions, listTemplates } from './pages.options.ts';
import { autosavePage, createPage, deletePage, deleteRevision, getPage, listPages, restoreRevision, updatePage } from './pages.service.ts';

const tags = ['pages'];
const success = z.object({ success: z.literal(true) });

/** Site pages and the page editor (spec part 1 §2 "Page editor", §4, §7 "Pages, feeds, products"). */
export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const view = { permission: 'node.view' };
  const edit = { permission: 'node.edit' };
  app.get('/jpanel/pages.json', { config: view, schema: { summary: 'List pages', tags, response: { 200: z.object({ data: z.array(pageRowSchema) }) } } }, async () => listPages(ctx.db));
  app.get('/jpanel/pages/editor-options.json', { config: view, schema: { summary: 'Fonts, theme colours, categories and parents for the page editor', tags, response: { 200: pageEditorOptionsSchema } } }, async () => getEditorOptions(ctx.db));
  app.get(
    '/jpanel/templates.json',
    { config: { permission: ['node.view', 'post.view'] }, schema: { summary: 'The templates library (Pages, Sections, Components, Smart Codes)', tags, querystring: z.object({ kind: z.enum(TEMPLATE_KINDS) }), response: { 200: z.object({ data: z.array(editorTemplateSchema) }) } } },
    async (request) => listTemplates(ctx.db, request.query.kind),
  );
  app.get('/jpanel/pages/:id.json', { config: view, schema: { summary: 'Read a page with its revisions', tags, params: idParam, response: { 200: pageSchema } } }, async (request) => getPage(ctx.db, request.params.id));
  app.post(
    '/jpanel/pages',
    { config: { permission: 'node.add' }, schema: { summary: 'Create a page', tags, body: pageInputSchema, response: { 201: pageSchema } } },
    async (request, reply) => reply.status(201).send(await createPage(ctx.db, request.actor, request.body)),
  );
  app.post(
    '/jpanel/pages/update',
    { config: edit, schema: { summary: 'Save a page (the replaced content becomes a revision)', tags, body: pageAutosaveSchema, response: { 200: pageSchema } } },
    async (request) => updatePage(ctx.db, request.actor, request.body.id, request.body),
  );
  app.post(
    '/jpanel/pages/autosave',
    { config: edit, schema: { summary: "Keep the editor's draft as the page's autosave revision", tags, body: pageAutosaveSchema, response: { 200: success.extend({ saved: z.boolean() }) } } },
    async (request) => autosavePage(ctx.db, request.actor, request.body.id, request.body),
  );
  app.post(
    '/jpanel/pages/restore',
    { config: edit, schema: { summary: 'Restore a revision of a page', tags, body: pageRestoreSchema, response: { 200: pageSchema } } },
    async (request) => restoreRevision(ctx.db, request.actor, request.body.id, request.body.revision_id),
  );
  app.post(
    '/jpanel/pages/revisions/destroy',
    { config: edit, schema: { summary: 'Delete a revision of a page', tags, body: pageRestoreSchema, response: { 200: pageSchema } } },
    async (request) => deleteRevision(ctx.db, request.actor, request.body.id, request.body.revision_id),
  );
  app.post('/jpanel/pages/destroy', { config: edit, schema: { summary: 'Delete a page', tags, body: pageIdBody, response: { 200: success } } }, async (request) => deletePage(ctx.db, request.actor, request.body.id));
};
