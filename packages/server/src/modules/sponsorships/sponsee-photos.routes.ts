import {
  sponseePhotoAttachRequestSchema,
  sponseePhotoAttachResponseSchema,
  sponseePhotoCheckRequestSchema,
  sponseePhotoCheckResponseSchema,
  sponseePhotoSignRequestSchema,
  uploadSignResponseSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storageFor } from '../../integrations/storage/index.ts';
import { attachSponseePhoto, checkSponseePhotos, signSponseePhoto } from './sponsee-photos.service.ts';

const tags = ['sponsorships'];
/** The same permission as choosing a photo on the sponsee form. */
const route = { config: { permission: 'sponsorship.edit' } };

/** Sponsee photo import (spec part 3 §7): check names → sign → PUT → attach, one file at a time. */
export const sponseePhotosRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = () => storageFor(app.ctx.config);

  app.post(
    '/jpanel/import/sponsee-photos/check',
    { ...route, schema: { summary: 'Match photo file names to sponsees by reference number', tags, body: sponseePhotoCheckRequestSchema, response: { 200: sponseePhotoCheckResponseSchema } } },
    async (request) => checkSponseePhotos(app.ctx.db, request.body.files),
  );

  app.post(
    '/jpanel/import/sponsee-photos/sign',
    { ...route, schema: { summary: 'Sign a sponsee photo upload (gif, jpg, jpeg or png)', tags, body: sponseePhotoSignRequestSchema, response: { 200: uploadSignResponseSchema } } },
    async (request) => signSponseePhoto(app.ctx.db, storage(), request.body.filename, request.body.content_type, request.actor.userId),
  );

  app.post(
    '/jpanel/import/sponsee-photos/attach',
    { ...route, schema: { summary: "Check an uploaded photo and make it the sponsee's photo", tags, body: sponseePhotoAttachRequestSchema, response: { 200: sponseePhotoAttachResponseSchema } } },
    async (request) => attachSponseePhoto(app.ctx.db, storage(), request.body, request.actor),
  );
};
