import { idParam, yearEndDryRunSchema, yearEndMessages, yearEndRequestSchema, yearEndRunSchema, yearEndStartedSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { startYearEnd } from './receipts.year-end.job.ts';
import { listRuns, readRun } from './receipts.year-end.runs.ts';
import { dryRunYearEnd } from './receipts.year-end.ts';

const tags = ['receipts'];

/** The year-end consolidated receipt run: dry run, start (a background job), and its progress. */
export const receiptsYearEndRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/jpanel/tax_receipts/year_end/dry_run', {
    config: { permission: 'taxreceipt.edit' },
    schema: { summary: 'Year-end run, dry: what would be issued (per currency) and which donors would be skipped and why', tags, body: yearEndRequestSchema, response: { 200: yearEndDryRunSchema } },
  }, async (request) => dryRunYearEnd(app.ctx.db, request.body));

  app.post('/jpanel/tax_receipts/year_end/runs', {
    config: { permission: 'taxreceipt.edit' },
    schema: { summary: 'Start a year-end run: issues the consolidated receipts in the background', tags, body: yearEndRequestSchema, response: { 200: yearEndStartedSchema } },
  }, async (request) => {
    const run = await startYearEnd(app.ctx.db, request.actor, request.body);
    return { run, message: yearEndMessages.queued(run.planned) };
  });

  app.get('/jpanel/tax_receipts/year_end/runs.json', {
    config: { permission: 'taxreceipt.view' },
    schema: { summary: 'The latest year-end runs with their progress', tags, response: { 200: z.object({ data: z.array(yearEndRunSchema) }) } },
  }, async () => ({ data: await listRuns(app.ctx.db) }));

  app.get('/jpanel/tax_receipts/year_end/runs/:id', {
    config: { permission: 'taxreceipt.view' },
    schema: { summary: 'One year-end run with its progress', tags, params: idParam, response: { 200: yearEndRunSchema } },
  }, async (request) => readRun(app.ctx.db, request.params.id));
};
