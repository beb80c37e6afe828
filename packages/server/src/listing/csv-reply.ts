import type { FastifyInstance, FastifyReply } from 'fastify';
import { getEditionFlags } from '../modules/settings/settings.service.ts';
import { streamCsv } from './csv.ts';
import type { ListingDefinition, ListingQuery } from './engine.ts';

/** Answers with a listing's CSV as a download named `<basename>-YYYY-MM-DD.csv`. */
export async function sendCsv<F>(app: FastifyInstance, reply: FastifyReply, def: ListingDefinition<F>, query: ListingQuery<F>, basename: string) {
  const flags = await getEditionFlags(app.ctx.db);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${basename}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(streamCsv(app.ctx.database, def, query, flags));
}
