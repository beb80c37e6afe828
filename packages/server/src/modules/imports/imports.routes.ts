import { idParam, importMessages, importSubmitSchema, messages, spreadsheetImportKindSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPLIED_KINDS, fieldsFor, getImport, listImports, outcomeCsv, PRODUCT, startImport, submitImport, toView, undoImport } from './imports.service.ts';
import { segmentRules } from './imports.segment-rules.ts';

const tags = ['imports'];
const permission = 'imports.edit';
/** A full import (IMPORT_MAX_ROWS rows of a few hundred bytes each) in one submit; other routes keep the app's 1 MB. */
const SUBMIT_BODY_LIMIT = 64 * 1024 * 1024;

const fieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['string', 'email', 'date', 'number', 'boolean', 'segment']),
  required: z.boolean(),
  recommended: z.boolean(),
  max: z.number().nullable(),
  options: z.array(z.string()).optional(),
});
const jobSchema = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.enum(['acknowledged', 'processing', 'completed', 'failed', 'undone']),
  progress: z.number(),
  dry_run: z.boolean(),
  mode: z.enum(['create', 'update', 'skip']),
  filename: z.string().nullable(),
  total_rows: z.number(),
  counts: z.object({ created: z.number(), updated: z.number(), skipped: z.number(), rejected: z.number() }),
  message: z.string().nullable(),
  undoable: z.boolean(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
const kindParam = z.object({ kind: spreadsheetImportKindSchema });
const appliedKindParam = z.object({ kind: z.enum(APPLIED_KINDS, { error: 'Imports of this kind are not available on this server.' }) });

/**
 * Spreadsheet imports (spec part 1 §7 "Import"). Almoner does the import service's work itself,
 * but keeps its calls: the screen stages the rows, then posts the webhook that starts the job,
 * just as an external service would.
 */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/flatfile/fields/:kind',
    { config: { permission }, schema: { summary: 'Field definitions of an import kind', tags, params: kindParam, response: { 200: z.array(fieldSchema) } } },
    async (request) => fieldsFor(ctx.db, request.params.kind),
  );
  app.get(
    '/flatfile/field-rules/segments',
    {
      config: { permission },
      schema: { summary: 'Allowed values of each segment field (segment_<id>)', tags, response: { 200: z.array(z.object({ key: z.string(), name: z.string(), values: z.array(z.string()) })) } },
    },
    async () => Object.entries(await segmentRules(ctx.db)).map(([key, rule]) => ({ key, ...rule })),
  );
  app.get(
    '/flatfile/imports.json',
    { config: { permission }, schema: { summary: 'Recent import jobs, newest first', tags, querystring: z.object({ kind: spreadsheetImportKindSchema.optional() }), response: { 200: z.object({ data: z.array(jobSchema) }) } } },
    async (request) => listImports(ctx.db, request.query.kind),
  );
  app.post(
    '/flatfile/imports/:kind',
    {
      config: { permission },
      bodyLimit: SUBMIT_BODY_LIMIT,
      schema: {
        summary: 'Submit rows for an import: checked again here, staged, acknowledged at 10%; the same external_reference is the same job',
        tags,
        params: appliedKindParam,
        body: importSubmitSchema,
        response: { 200: jobSchema, 201: jobSchema },
      },
    },
    async (request, reply) => {
      const { job, created } = await submitImport(ctx.db, request.actor, request.params.kind, request.body);
      return reply.status(created ? 201 : 200).send(job);
    },
  );
  app.post(
    '/flatfile/webhook/:kind',
    {
      config: { permission },
      schema: {
        summary: `Start a staged import (the import service's webhook); a non-200 answer means '${importMessages.backendFailed(PRODUCT)}'`,
        tags,
        params: kindParam,
        body: z.object({ workbookId: z.string().trim().min(1, { error: messages.required }).max(100, { error: messages.maxLength(100) }).refine((v) => !v.includes('\u0000'), { error: messages.invalidCharacter }) }),
        response: { 200: jobSchema },
      },
    },
    async (request) => startImport(ctx.db, request.actor, request.params.kind, request.body.workbookId),
  );
  app.get(
    '/flatfile/imports/:id',
    { config: { permission }, schema: { summary: 'An import job with its progress and counts', tags, params: idParam, response: { 200: jobSchema } } },
    async (request) => toView(await getImport(ctx.db, request.params.id)),
  );
  app.get(
    '/flatfile/imports/:id/outcome.csv',
    {
      config: { permission },
      schema: { summary: 'Per-row outcome file (rejected=1: the rejected rows only)', tags, params: idParam, querystring: z.object({ rejected: z.enum(['0', '1']).optional() }) },
    },
    async (request, reply) => {
      const file = await outcomeCsv(ctx.db, request.params.id, request.query.rejected === '1');
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
    },
  );
  app.post(
    '/flatfile/imports/:id/undo',
    { config: { permission }, schema: { summary: 'Undo a whole import while its records are untouched since', tags, params: idParam, response: { 200: jobSchema } } },
    async (request) => undoImport(ctx.db, request.actor, request.params.id),
  );
};
