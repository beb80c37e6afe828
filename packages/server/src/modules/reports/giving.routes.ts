import {
  campaignAppealRowSchema,
  campaignDayRowSchema,
  campaignResultFiltersSchema,
  campaignSummarySchema,
  donorRetentionFiltersSchema,
  donorRetentionRowSchema,
  donorRetentionSummarySchema,
  fundTotalFiltersSchema,
  fundTotalRowSchema,
  idParam,
  lapsedAppealAnswerSchema,
  lapsedAppealSchema,
  lapsedDonorFiltersSchema,
  lapsedDonorRowSchema,
  listingRequestSchema,
  reportResponseOf,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendCsv } from '../../listing/csv-reply.ts';
import { type ListingDefinition, listingSerializer, readListingQuery, runListing } from '../../listing/engine.ts';
import { type AuthUser, assertPermission } from '../auth/session.ts';
import { startAppealFromLapsed } from '../campaigns/campaigns.lapsed-appeal.ts';
import { campaignAppealsReport, campaignDaysReport, campaignResultTotals, campaignSummary } from './campaign-results.report.ts';
import { fundTotalsReport, fundTotalsTotals } from './fund-totals.report.ts';
import { lapsedDonorsReport, lapsedDonorsTotals } from './lapsed.report.ts';
import { runReport } from './reports.totals.ts';
import { donorRetentionReport, donorRetentionSummary } from './retention.report.ts';

const tags = ['reports'];
/** The treasurer's and fundraiser's reports read gifts and donors as the payments reports do. */
const PERMISSION = 'reports.payments_details';
const list = (summary: string, body: z.ZodType, response: z.ZodType) => ({
  config: { permission: PERMISSION },
  serializerCompiler: listingSerializer,
  schema: { summary, tags, body, response: { 200: response } },
});
const csv = (summary: string, querystring: z.ZodType) => ({ config: { permission: PERMISSION }, schema: { summary, tags, querystring } });

/** A report whose definition is built from its filters: the filters read first, then the definition. */
function read<F>(build: (f: F) => ListingDefinition<F>, raw: unknown) {
  const query = readListingQuery(build({} as F), raw as Record<string, unknown>);
  return { def: build(query.filters), query };
}


/** Campaign results, totals by fund, LYBUNT / SYBUNT and donor retention (issue 37 items 5 and 6), each with its CSV. */
export const givingReportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reports read the replica when there is one (DATABASE_READ_URL); the appeal started from a
  // report writes to the primary.
  const db = () => app.ctx.read.db;

  const campaignBody = listingRequestSchema(campaignResultFiltersSchema);
  const base = '/jpanel/reports/campaign-results/:id';
  app.get(`${base}/summary.json`, {
    config: { permission: PERMISSION },
    schema: { summary: 'Campaign results: raised against the goal, gifts, donors and the average gift', tags, params: idParam, response: { 200: campaignSummarySchema } },
  }, async (request) => campaignSummary(db(), request.params.id));
  app.post(`${base}/appeals.json`, { ...list('Campaign results by appeal', campaignBody, reportResponseOf(campaignAppealRowSchema, {})), schema: { summary: 'Campaign results by appeal', tags, params: idParam, body: campaignBody, response: { 200: reportResponseOf(campaignAppealRowSchema, {}) } } }, async (request) => {
    const { def, query } = read(() => campaignAppealsReport(request.params.id), request.body);
    return runReport(db(), def, query, campaignResultTotals(sql`coalesce(r.raised, 0)`));
  });
  app.get(`${base}/appeals.csv`, { ...csv('Export campaign results by appeal as CSV', campaignBody), schema: { summary: 'Export campaign results by appeal as CSV', tags, params: idParam, querystring: campaignBody } }, async (request, reply) => {
    const { def, query } = read(() => campaignAppealsReport(request.params.id), request.query);
    return sendCsv(app, reply, def, query, 'campaign-results-by-appeal');
  });
  app.post(`${base}/days.json`, { ...list('Campaign results by day', campaignBody, reportResponseOf(campaignDayRowSchema, {})), schema: { summary: 'Campaign results by day, with the running total', tags, params: idParam, body: campaignBody, response: { 200: reportResponseOf(campaignDayRowSchema, {}) } } }, async (request) => {
    const { def, query } = read(() => campaignDaysReport(request.params.id), request.body);
    return runReport(db(), def, query, campaignResultTotals(sql`r.raised`));
  });
  app.get(`${base}/days.csv`, { ...csv('Export campaign results by day as CSV', campaignBody), schema: { summary: 'Export campaign results by day as CSV', tags, params: idParam, querystring: campaignBody } }, async (request, reply) => {
    const { def, query } = read(() => campaignDaysReport(request.params.id), request.query);
    return sendCsv(app, reply, def, query, 'campaign-results-by-day');
  });

  const fundBody = listingRequestSchema(fundTotalFiltersSchema);
  app.post('/jpanel/reports/fund-totals.json', list('Totals by fund (GL code) for a period: given, refunded and net', fundBody, reportResponseOf(fundTotalRowSchema, {})), async (request) => {
    const { def, query } = read(fundTotalsReport, request.body);
    return runReport(db(), def, query, fundTotalsTotals);
  });
  app.get('/jpanel/reports/fund-totals.csv', csv('Export totals by fund as CSV', fundBody), async (request, reply) => {
    const { def, query } = read(fundTotalsReport, request.query);
    return sendCsv(app, reply, def, query, 'fund-totals');
  });

  const lapsedBody = listingRequestSchema(lapsedDonorFiltersSchema);
  app.post('/jpanel/reports/lapsed-donors.json', list('LYBUNT or SYBUNT: donors who gave last year (or an earlier year) and not this year', lapsedBody, reportResponseOf(lapsedDonorRowSchema, {})), async (request) => {
    const { def, query } = read(lapsedDonorsReport, request.body);
    return runReport(db(), def, query, lapsedDonorsTotals);
  });
  app.get('/jpanel/reports/lapsed-donors.csv', csv('Export the LYBUNT or SYBUNT list as CSV', lapsedBody), async (request, reply) => {
    const { def, query } = read(lapsedDonorsReport, request.query);
    return sendCsv(app, reply, def, query, 'lapsed-donors');
  });
  app.post('/jpanel/reports/lapsed-donors/appeal', {
    // Starting an appeal adds one to a campaign: the campaigns permission (reading the list is checked below).
    config: { permission: 'campaign.edit' },
    schema: { summary: 'Start an appeal with the donors of a LYBUNT or SYBUNT list, and a saved view of them', tags, body: lapsedAppealSchema, response: { 200: lapsedAppealAnswerSchema } },
  }, async (request) => {
    const user = request.user as AuthUser;
    assertPermission(user, PERMISSION);
    return startAppealFromLapsed(app.ctx.db, { ...request.actor, userId: user.id }, request.body);
  });

  const retentionBody = listingRequestSchema(donorRetentionFiltersSchema);
  app.post('/jpanel/reports/donor-retention.json', list('Donor retention per year: new, retained, recovered, lapsed and the retention rate', retentionBody,
    reportResponseOf(donorRetentionRowSchema, { summary: donorRetentionSummarySchema.optional() })), async (request) => {
    const { def, query } = read(donorRetentionReport, request.body);
    const answer = await runListing(db(), def, query);
    return query.page.count ? { ...answer, summary: await donorRetentionSummary(db(), def, query) } : answer;
  });
  app.get('/jpanel/reports/donor-retention.csv', csv('Export donor retention as CSV', retentionBody), async (request, reply) => {
    const { def, query } = read(donorRetentionReport, request.query);
    return sendCsv(app, reply, def, query, 'donor-retention');
  });
};
