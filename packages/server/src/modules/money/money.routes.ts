import {
  exchangeRateCreateSchema,
  exchangeRateImportSchema,
  exchangeRateImportedSchema,
  exchangeRateListSchema,
  exchangeRateMessages,
  exchangeRateSavedSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addExchangeRate, importExchangeRates, listExchangeRates } from './money.service.ts';

/** Settings › Exchange rates: the rates every money row is converted into the organisation currency with. */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jpanel/settings/exchange-rates.json',
    {
      config: { permission: 'admin.payments' },
      schema: { summary: 'List exchange rates', tags: ['settings'], response: { 200: exchangeRateListSchema } },
    },
    async () => listExchangeRates(app.ctx.db),
  );

  app.post(
    '/jpanel/settings/exchange-rates',
    {
      config: { permission: 'admin.payments' },
      schema: {
        summary: 'Add an exchange rate',
        tags: ['settings'],
        body: exchangeRateCreateSchema,
        response: { 200: exchangeRateSavedSchema },
      },
    },
    async (request) => ({
      message: exchangeRateMessages.saved,
      rate: await addExchangeRate(app.ctx.db, request.actor, request.body),
    }),
  );

  app.post(
    '/jpanel/settings/exchange-rates/import',
    {
      config: { permission: 'admin.payments' },
      schema: {
        summary: 'Import exchange rates (all or nothing)',
        description: 'Rows of currency, rate and effective_on, as read from a spreadsheet. One bad row imports none; each is named in errors as rows.N.field.',
        tags: ['settings'],
        body: exchangeRateImportSchema,
        response: { 200: exchangeRateImportedSchema },
      },
    },
    async (request) => {
      const imported = await importExchangeRates(app.ctx.db, request.actor, request.body.rows);
      return { message: exchangeRateMessages.imported(imported), imported };
    },
  );
};
