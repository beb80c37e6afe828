import { idParam, sponseeMessages, sponseeRetireSchema, sponseeUpdateSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { reinstateSponsee, retireSponsee } from './sponsees.retire.ts';
import { sponseeSavedSchema } from './sponsees.routes.ts';
import { getSponsee } from './sponsees.service.ts';
import { createSponsee } from './sponsees.update.ts';

const tags = ['sponsorships'];
const messageSchema = z.object({ message: z.string() });

/** Issue 38 item 2: sponsees added by hand (`sponsorship.add`), retired when they leave the programme, and brought back. */
export const sponseeLifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/jpanel/sponsorships',
    {
      config: { permission: 'sponsorship.add' },
      schema: {
        summary: 'Add a sponsee by hand (the import row\'s fields, photo, payment option group, segments)',
        tags,
        body: sponseeUpdateSchema,
        response: { 200: sponseeSavedSchema },
      },
    },
    async (request) => {
      const id = await withActor(app.ctx.db, request.actor, (tx) => createSponsee(tx, request.body));
      const detail = await getSponsee(app.ctx.db, storageFor(app.ctx.config), id);
      return { message: sponseeMessages.added(detail.sponsee.reference_number), ...detail };
    },
  );

  app.post(
    '/jpanel/sponsorships/:id/retire',
    {
      config: { permission: 'sponsorship.edit' },
      schema: {
        summary: 'Retire a sponsee: no longer offered, no new sponsors; page, sponsors and history kept',
        tags,
        params: idParam,
        body: sponseeRetireSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => ({ message: await withActor(app.ctx.db, request.actor, (tx) => retireSponsee(tx, request.params.id, request.body.reason)) }),
  );

  app.post(
    '/jpanel/sponsorships/:id/reinstate',
    {
      config: { permission: 'sponsorship.edit' },
      schema: { summary: 'Bring a retired sponsee back into the programme', tags, params: idParam, response: { 200: messageSchema } },
    },
    async (request) => ({ message: await withActor(app.ctx.db, request.actor, (tx) => reinstateSponsee(tx, request.params.id)) }),
  );
};
