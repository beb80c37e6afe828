import { countryCodeParam, countryListSchema, subdivisionsSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCountries, subdivisionsOf } from './locale.service.ts';

const tags = ['locale'];

/** The locale service (spec part 2 §7): public lists for address and region pickers. */
export const localeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/gc-json/v1/services/locale/countries',
    { config: { public: true }, schema: { summary: 'List countries (ISO 3166-1 alpha-2), by name', tags, response: { 200: countryListSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=86400');
      return listCountries();
    },
  );

  app.get(
    '/gc-json/v1/services/locale/:country/subdivisions',
    {
      config: { public: true },
      schema: {
        summary: "A country's subdivisions (ISO 3166-2): the word for them and each one's code and name, in name order",
        tags,
        params: countryCodeParam,
        response: { 200: subdivisionsSchema },
      },
    },
    async (request, reply) => {
      const answer = subdivisionsOf(request.params.country);
      void reply.header('cache-control', 'public, max-age=86400');
      return answer;
    },
  );
};
