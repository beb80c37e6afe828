import type { FastifyInstance, FastifyReply } from 'fastify';
import { getEditionFlags } from '../modules/settings/settings.service.ts';
import { streamCsv } from './csv.ts';
import type { ListingDefinition, ListingQuery } from './engine.ts';

/** Answers with a listing's CSV as a download named `<basename>-YYYY-MM-DD.csv`. */
export async function sendCsv<F>(app: FastifyInstance, reply: FastifyReply, def: ListingDefinition<F>, query: ListingQuery<F>, basename: string) {
  // A list export reads the replica when there is one (DATABASE_READ_URL).
  const flags = await getEditionFlags(app.ctx.read.db);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${basename}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(streamCsv(app.ctx.read, def, query, flags));
}
