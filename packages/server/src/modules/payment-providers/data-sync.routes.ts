import { dataSyncChangedSchema, dataSyncListSchema, dataSyncTargetSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listDataSyncConnectors, setDataSyncLinked } from './data-sync.service.ts';
import { withErrorField } from './error-field.ts';

/** The data-sync connector (spec part 1 §2, §8): connect and disconnect, each a POST with target. */
export const dataSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const permission = { permission: 'admin.general' } as const;
  // The spec: "An error answer carries an error field."
  withErrorField(app);

  app.get(
    '/jpanel/api/v1/settings/data-sync.json',
    { config: permission, schema: { summary: 'List the data-sync connectors and whether each is linked', tags: ['data sync'], response: { 200: dataSyncListSchema } } },
    async () => ({ connectors: await listDataSyncConnectors(app.ctx.db) }),
  );

  for (const [action, linked] of [['connect', true], ['disconnect', false]] as const) {
    app.post(
      `/jpanel/api/v1/settings/data-sync/${action}`,
      {
        config: permission,
        schema: {
          summary: linked ? 'Link a data-sync target' : 'Unlink a data-sync target',
          tags: ['data sync'],
          body: dataSyncTargetSchema,
          response: { 200: dataSyncChangedSchema },
        },
      },
      async (request) => setDataSyncLinked(app.ctx.db, request.actor, request.body.target, linked),
    );
  }
};
