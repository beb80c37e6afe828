import { domainEventCatalogueEntries, domainEventCatalogueEntrySchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The domain event catalogue, so integrators can read each event's version, schema and a sample. */
export const domainEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jpanel/events/catalogue.json',
    {
      config: { permission: null },
      schema: {
        summary: 'List the domain events (type, version, payload schema and a sample payload)',
        description: 'Consumers such as webhooks and CRM sync receive these events through the job queue, each written in the same transaction as the change it describes.',
        tags: ['events'],
        response: { 200: z.array(domainEventCatalogueEntrySchema) },
      },
    },
    async () => domainEventCatalogueEntries(),
  );
};
