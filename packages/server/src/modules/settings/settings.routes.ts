import {
  messages,
  settingsResponseSchema,
  settingsSavedSchema,
  settingsUpdateSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readEditableSettings, readLockedSettings, updateSettings } from './settings.service.ts';

/** The settings page's API (spec part 1 §2 "Settings form with tabs", §8). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jpanel/settings.json',
    {
      config: { permission: 'admin.general' },
      schema: { summary: 'Read the organisation settings', tags: ['settings'], response: { 200: settingsResponseSchema } },
    },
    async () => ({ values: await readEditableSettings(app.ctx.db), locked: await readLockedSettings(app.ctx.db) }),
  );

  app.post(
    '/jpanel/settings',
    {
      config: { permission: 'admin.general' },
      schema: {
        summary: 'Save the organisation settings',
        tags: ['settings'],
        body: settingsUpdateSchema,
        response: { 200: settingsSavedSchema },
      },
    },
    async (request) => ({
      message: messages.settingsSaved,
      values: await updateSettings(app.ctx.db, request.actor, request.body, app.ctx.config),
      locked: await readLockedSettings(app.ctx.db),
    }),
  );
};
