import { idParam, transactionAnswerSchema, transactionDetailSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withActor } from '../../db/actor.ts';
import type { AuthUser } from '../auth/session.ts';
import { getTransaction, issueTransactionReceipt, refreshPaymentStatus, refundTransaction } from './transactions.service.ts';

const tags = ['transactions'];
const answer = { 200: transactionAnswerSchema };

/** The transaction modal's calls (spec part 2 §7): a transaction is one payment. */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const userOf = (request: { user?: unknown }) => request.user as AuthUser;

  app.post('/jpanel/transactions/:id/modal', {
    config: { permission: 'transaction.view' },
    schema: { summary: 'Read a transaction (payment) for its modal', tags, params: idParam, response: { 200: transactionDetailSchema } },
  }, async (request) => {
    const user = userOf(request);
    return getTransaction(app.ctx.db, request.params.id, { is_account_admin: user.isAccountAdmin, permissions: user.permissions });
  });

  app.post('/jpanel/transactions/:id/issue_tax_receipt', {
    config: { permission: 'taxreceipt.edit' },
    schema: { summary: 'Issue the tax receipt of what a transaction paid', tags, params: idParam, response: answer },
  }, async (request) => withActor(app.ctx.db, request.actor, (tx) => issueTransactionReceipt(tx, request.params.id, userOf(request).id)));

  app.post('/jpanel/transactions/:id/refund', {
    config: { permission: 'transaction.refund' },
    schema: { summary: 'Refund the entire amount left on a transaction', tags, params: idParam, response: answer },
  }, async (request) => withActor(app.ctx.db, request.actor, (tx) => refundTransaction(tx, request.params.id, userOf(request).id)));

  app.post('/jpanel/transactions/:id/refresh-payment-status', {
    config: { permission: 'transaction.refund' },
    schema: { summary: 'Ask the gateway for the payment\'s status now', tags, params: idParam, response: answer },
  }, async (request) => withActor(app.ctx.db, request.actor, (tx) => refreshPaymentStatus(tx, request.params.id, userOf(request).id)));
};
