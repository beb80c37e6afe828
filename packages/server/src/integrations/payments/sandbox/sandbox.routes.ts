import { readFileSync } from 'node:fs';
import { cardTokenRequestSchema, cardTokenSchema, sandboxLedgerEntrySchema, sandboxLedgerQuerySchema } from '@almoner/contracts';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardFieldsPage } from './hosted/card-fields-page.ts';
import { createCardToken } from './sandbox-tokens.ts';
import { sandboxLedger } from './sandbox.tables.ts';

const asset = (name: string) => readFileSync(new URL(`./hosted/${name}`, import.meta.url), 'utf8');
const script = asset('card-fields.js');
const styles = asset('card-fields.css');

/**
 * Everything here stands for the gateway's own servers, so none of it is under /jpanel: the
 * hosted card fields page and the token endpoint it posts card details to. Card numbers reach
 * this endpoint only; Almoner's business API sees the capture token.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

export const sandboxGatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  const hidden = { config: { public: true }, schema: { hide: true } } as const;

  app.get('/sandbox-gateway/card-fields', hidden, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_POLICY)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(cardFieldsPage()),
  );
  app.get('/sandbox-gateway/card-fields.js', hidden, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
  app.get('/sandbox-gateway/card-fields.css', hidden, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(styles),
  );

  app.post(
    '/sandbox-gateway/v1/tokens',
    {
      // The gateway's endpoint: called by its own page, which holds no Almoner session or CSRF token.
      config: { public: true, csrf: false },
      schema: {
        tags: ['sandbox gateway'],
        summary: 'Turn card details into a single-use capture token (the sandbox gateway’s endpoint)',
        body: cardTokenRequestSchema,
        response: { 200: cardTokenSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return createCardToken(app.ctx.db, request.body);
    },
  );

  // The gateway's dashboard view of its ledger: what it really charged, whatever Almoner recorded.
  // Staff who manage payments only; at most 100 entries, oldest first.
  app.get(
    '/sandbox-gateway/v1/ledger',
    {
      config: { permission: 'admin.payments' },
      schema: {
        tags: ['sandbox gateway'],
        summary: 'The sandbox gateway’s charges, debits and refunds with this description',
        querystring: sandboxLedgerQuerySchema,
        response: { 200: z.object({ data: z.array(sandboxLedgerEntrySchema) }) },
      },
    },
    async (request) => {
      const rows = await app.ctx.db
        .select()
        .from(sandboxLedger)
        .where(eq(sandboxLedger.description, request.query.description))
        .orderBy(asc(sandboxLedger.id))
        .limit(100);
      return {
        data: rows.map((row) => ({
          reference: row.reference,
          kind: row.kind as 'charge' | 'ach_debit' | 'refund',
          idempotency_key: row.idempotencyKey,
          payment_reference: row.paymentReference,
          amount: row.amount,
          currency: row.currency,
          status: row.status as 'succeeded' | 'pending' | 'failed',
          description: row.description,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
