import {
  crmCodeParam,
  crmCodeSchema,
  crmConnectionSchema,
  crmConnectionUpdateSchema,
  crmMessages,
  crmSyncAnswerSchema,
  crmSyncListSchema,
  crmVerifySchema,
  donorImportMessages,
  donorImportRunSchema,
  donorImportSchema,
  donorViewRequestSchema,
  donorViewSchema,
  giftViewRequestSchema,
  giftViewSchema,
  idParam,
  transactionAnswerSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import { crmFor, readConnection, saveConnection } from './crm.connection.ts';
import { getDonorImport, latestDonorImport, startDonorImport } from './crm.donor-import.ts';
import { resyncTransaction, retrySync } from './crm.resync.ts';
import { clearCodeCache, codeList, crmEnabled, donorView, giftView } from './crm.service.ts';
import { syncRecordsOf } from './crm.sync.ts';

const tags = ['donor crm'];
/** Reading the CRM's donors and gifts is for staff who may see supporters or contributions. */
const viewers = ['member.view', 'order.view'] as const;

/** The donor CRM (DonorPerfect or the sandbox): spec part 1 §7, part 2 §2/§5/§7/§8, part 3 §7. */
export const crmRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;

  app.get('/jpanel/donor/connection.json', {
    config: { permission: 'admin.dpo' },
    schema: { summary: 'Read the donor CRM connection (secrets are never answered)', tags, response: { 200: crmConnectionSchema } },
  }, async () => readConnection(db()));

  app.post('/jpanel/donor/connection', {
    config: { permission: 'admin.dpo' },
    schema: { summary: 'Save the donor CRM connection; a blank password or API key keeps the stored one', tags, body: crmConnectionUpdateSchema, response: { 200: z.object({ message: z.string(), connection: crmConnectionSchema }) } },
  }, async (request) => {
    const connection = await withActor(db(), request.actor, async (tx) => {
      const saved = await saveConnection(tx, request.body);
      // Codes from the previous CRM are not this one's.
      await clearCodeCache(tx);
      return saved;
    });
    return { message: crmMessages.saved, connection };
  });

  app.post('/jpanel/donor/verify_connection.json', {
    config: { permission: 'admin.dpo' },
    schema: { summary: 'Test donor CRM credentials (true: Works!, false: Failed!)', tags, body: crmVerifySchema, response: { 200: z.boolean() } },
  }, async (request) => {
    const { username, password, apikey, provider, api_url: apiUrl } = request.body;
    const { crm } = await crmFor(db(), { username, password, apikey, provider, apiUrl });
    return crm.ping();
  });

  app.get('/jpanel/donor/codes/:code', {
    config: { permission: null },
    schema: {
      summary: 'A donor CRM code list, e.g. GET /jpanel/donor/codes/GL_CODE.json (empty when the CRM is off or unreachable)',
      tags,
      params: z.object({ code: z.string().regex(/\.json$/i, { error: crmMessages.code }).transform((v) => v.replace(/\.json$/i, '')).pipe(crmCodeParam.shape.code) }),
      response: { 200: z.array(crmCodeSchema) },
    },
  }, async (request) => codeList(db(), request.params.code));

  app.post('/jpanel/donor/codes/clearCache', {
    config: { permission: null },
    schema: { summary: 'Forget the cached donor CRM code lists', tags, response: { 200: z.literal(true) } },
  }, async () => {
    await clearCodeCache(db());
    return true as const;
  });

  app.post('/jpanel/donors/view', {
    config: { permission: viewers },
    schema: { summary: 'The donor modal: a CRM donor, their gifts and pledges, and donors with the same name or email', tags, body: donorViewRequestSchema, response: { 200: donorViewSchema } },
  }, async (request) => donorView(db(), { ...request.body, email: request.body.email ?? null }));

  app.post('/jpanel/donors/gift', {
    config: { permission: viewers },
    schema: { summary: 'The gift modal: a CRM gift and its donor', tags, body: giftViewRequestSchema, response: { 200: giftViewSchema } },
  }, async (request) => giftView(db(), request.body.id));

  app.get('/jpanel/donor/contributions/:id/syncs.json', {
    config: { permission: 'order.view' },
    schema: { summary: 'How a contribution and its refunds reached the donor CRM', tags, params: idParam, response: { 200: crmSyncListSchema } },
  }, async (request) => ({ enabled: await crmEnabled(db()), records: await syncRecordsOf(db(), request.params.id) }));

  app.post('/jpanel/donor/syncs/:id/retry', {
    config: { permission: 'admin.dpo' },
    schema: { summary: 'Send one gift or refund to the donor CRM again now', tags, params: idParam, response: { 200: crmSyncAnswerSchema } },
  }, async (request) => retrySync(db(), request.params.id));

  app.post('/jpanel/transactions/:id/sync_dpo', {
    config: { permission: 'admin.dpo' },
    schema: { summary: 'Resync a transaction (payment) to the donor CRM', tags: ['transactions'], params: idParam, response: { 200: transactionAnswerSchema } },
  }, async (request) => resyncTransaction(db(), request.params.id));

  // Spec part 3 §7 "POST /jpanel/donors/import with create_login": the user form's donor import.
  // It makes supporters, so it needs member.add; the run is a background job the form follows.
  app.post('/jpanel/donors/import', {
    config: { permission: 'member.add' },
    schema: { summary: 'Import every donor from the donor CRM as a supporter (create_login 0 or 1), in the background', tags, body: donorImportSchema, response: { 200: z.object({ message: z.string(), data: donorImportRunSchema }) } },
  }, async (request) => {
    const { run, started } = await startDonorImport(db(), request.actor, request.body.create_login);
    return { message: started ? donorImportMessages.started : donorImportMessages.running, data: run };
  });

  app.get('/jpanel/donors/import/latest.json', {
    config: { permission: 'member.add' },
    schema: { summary: 'The latest donor import and its progress (null when none has run)', tags, response: { 200: z.object({ data: donorImportRunSchema.nullable() }) } },
  }, async () => ({ data: await latestDonorImport(db()) }));

  app.get('/jpanel/donors/import/:id', {
    config: { permission: 'member.add' },
    schema: { summary: 'One donor import and its progress', tags, params: idParam, response: { 200: z.object({ data: donorImportRunSchema }) } },
  }, async (request) => ({ data: await getDonorImport(db(), request.params.id) }));
};
