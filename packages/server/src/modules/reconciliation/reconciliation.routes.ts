import { reconciliationQuerySchema, reconciliationSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvLine } from '../../listing/csv.ts';
import { reconcile } from './reconciliation.service.ts';

const tags = ['reports'];
/** Staff who may read payment details may see what the gateway holds of them. */
const permission = 'reports.payments_details';

const DAY_HEADERS = ['Day', 'Currency', 'Almoner gross', 'Almoner refunds', 'Almoner fees', 'Almoner net', 'Gateway gross', 'Gateway refunds', 'Gateway fees', 'Gateway net', 'Differences'];
const DIFFERENCE_HEADERS = ['Day', 'Currency', 'Kind', 'Reference', 'Reason', 'Almoner amount', 'Gateway amount', 'Almoner fee', 'Gateway fee', 'Payment'];

/** Reports › Reconciliation (issue 39): the two records side by side, and a CSV of both parts. */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jpanel/reports/reconciliation.json',
    { config: { permission }, schema: { summary: "Almoner's ledger beside the payment gateway's record, per day and currency, with every difference", tags, querystring: reconciliationQuerySchema, response: { 200: reconciliationSchema } } },
    async (request) => reconcile(app.ctx.db, request.query),
  );

  app.get(
    '/jpanel/reports/reconciliation.csv',
    { config: { permission }, schema: { summary: 'Export the reconciliation: the day totals, then every difference', tags, querystring: reconciliationQuerySchema } },
    async (request, reply) => {
      const r = await reconcile(app.ctx.db, request.query);
      const lines = [
        csvLine(DAY_HEADERS),
        ...r.days.map((d) => csvLine([d.day, d.currency, d.almoner.gross, d.almoner.refunds, d.almoner.fees, d.almoner.net, d.gateway.gross, d.gateway.refunds, d.gateway.fees, d.gateway.net, d.differences])),
        '\n',
        csvLine(DIFFERENCE_HEADERS),
        ...r.differences.map((d) => csvLine([d.day, d.currency, d.kind, d.reference, d.reason, d.almoner_amount, d.gateway_amount, d.almoner_fee, d.gateway_fee, d.payment_id])),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reconciliation-${r.from}-to-${r.to}.csv"`)
        .send(lines.join(''));
    },
  );
};
