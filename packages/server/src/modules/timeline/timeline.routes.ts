import {
  idParam,
  TIMELINE_UPLOAD_MAX_BYTES,
  TIMELINE_UPLOAD_TYPES,
  timelineCreateSchema,
  timelineListSchema,
  timelineMediaSchema,
  timelineMessages,
  timelineParentParams,
  timelinePostInputSchema,
  timelinePostSchema,
  timelineSavedSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withActor } from '../../db/actor.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { mediaPhoto, registerMediaUploads } from '../../integrations/storage/media-uploads.ts';
import { createPost, deletePost, getPost, listTimeline, updatePost } from './timeline.service.ts';

const tags = ['timeline'];

/** A sponsee's timeline (spec part 3 §7 "Timeline") and the photo uploads of its updates. */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = () => storageFor(app.ctx.config);

  // Photos go through the shared sign → PUT → done flow into the storage driver, as media rows.
  registerMediaUploads(app, {
    prefix: '/jpanel/timeline/cdn',
    permission: 'sponsorship.edit',
    collections: ['timeline'],
    contentTypes: TIMELINE_UPLOAD_TYPES,
    maxBytes: TIMELINE_UPLOAD_MAX_BYTES,
    answer: timelineMediaSchema,
    tag: 'timeline',
    view: async (row, thumb) => mediaPhoto(storageFor(app.ctx.config), row, thumb),
  });

  app.get(
    '/jpanel/timeline/:type/:id',
    {
      config: { permission: 'sponsorship.view' },
      schema: {
        summary: "A record's timeline, newest first",
        tags,
        params: timelineParentParams,
        response: { 200: timelineListSchema },
      },
    },
    async (request) => listTimeline(app.ctx.db, storage(), request.params.type, request.params.id),
  );

  app.post(
    '/jpanel/timeline',
    {
      config: { permission: 'sponsorship.edit' },
      schema: {
        summary: 'Post an update (sponsors may be e-mailed about a public one)',
        tags,
        body: timelineCreateSchema,
        response: { 200: timelineSavedSchema },
      },
    },
    async (request) => {
      const { id, notified } = await withActor(app.ctx.db, request.actor, (tx) =>
        createPost(tx, request.actor.userId, request.body),
      );
      return {
        message: notified ? timelineMessages.notified(notified) : timelineMessages.added,
        post: await getPost(app.ctx.db, storage(), id),
        notified,
      };
    },
  );

  app.post(
    '/jpanel/timeline/:id',
    {
      config: { permission: 'sponsorship.edit' },
      schema: {
        summary: 'Change an update',
        tags,
        params: idParam,
        body: timelinePostInputSchema,
        response: { 200: timelineSavedSchema },
      },
    },
    async (request) => {
      const { id, notified } = await withActor(app.ctx.db, request.actor, (tx) =>
        updatePost(tx, request.actor.userId, request.params.id, request.body),
      );
      return {
        message: notified ? timelineMessages.notified(notified) : timelineMessages.saved,
        post: await getPost(app.ctx.db, storage(), id),
        notified,
      };
    },
  );

  app.delete(
    '/jpanel/timeline/:id',
    {
      config: { permission: 'sponsorship.edit' },
      schema: {
        summary: 'Delete an update',
        tags,
        params: idParam,
        response: { 200: timelinePostSchema },
      },
    },
    async (request) =>
      withActor(app.ctx.db, request.actor, (tx) => deletePost(tx, storage(), request.params.id)),
  );
};
