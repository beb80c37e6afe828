import { feedInputSchema, feedRowSchema, feedSchema, idParam, pageIdBody, postInputSchema, postRowSchema, postSchema, postSequenceSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createFeed, getFeed, listFeeds, updateFeed } from './feeds.service.ts';
import { createPost, deletePost, getPost, listPosts, sequencePosts, updatePost } from './posts.service.ts';

const tags = ['feeds'];
const success = z.object({ success: z.literal(true) });

/** Feeds (post types) and their posts (spec part 1 §2 "Other forms", §7, §8). */
export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const view = { permission: 'post.view' };
  const typeEdit = { permission: 'posttype.edit' };
  app.get('/jpanel/feeds.json', { config: view, schema: { summary: 'List feeds (post types)', tags, response: { 200: z.object({ data: z.array(feedRowSchema) }) } } }, async () => listFeeds(ctx.db));
  app.get('/jpanel/feeds/:id.json', { config: view, schema: { summary: 'Read a feed', tags, params: idParam, response: { 200: feedSchema } } }, async (request) => getFeed(ctx.db, request.params.id));
  app.get('/jpanel/feeds/:id/posts.json', { config: view, schema: { summary: "A feed's posts in sequence", tags, params: idParam, response: { 200: z.object({ data: z.array(postRowSchema) }) } } }, async (request) => listPosts(ctx.db, request.params.id));
  app.post(
    '/jpanel/feeds',
    { config: typeEdit, schema: { summary: 'Create a feed (post type)', tags, body: feedInputSchema, response: { 201: feedSchema } } },
    async (request, reply) => reply.status(201).send(await createFeed(ctx.db, request.actor, request.body)),
  );
  app.post('/jpanel/feeds/:id', { config: typeEdit, schema: { summary: 'Update a feed (post type)', tags, params: idParam, body: feedInputSchema, response: { 200: feedSchema } } }, async (request) => updateFeed(ctx.db, request.actor, request.params.id, request.body));
  app.get('/jpanel/feeds/posts/:id.json', { config: view, schema: { summary: 'Read a post', tags, params: idParam, response: { 200: postSchema } } }, async (request) => getPost(ctx.db, request.params.id));
  app.post(
    '/jpanel/feeds/posts',
    { config: { permission: 'post.add' }, schema: { summary: 'Create a post', tags, body: postInputSchema, response: { 201: postSchema } } },
    async (request, reply) => reply.status(201).send(await createPost(ctx.db, request.actor, request.body)),
  );
  app.post('/jpanel/feeds/posts/destroy', { config: { permission: 'post.edit' }, schema: { summary: 'Delete a post', tags, body: pageIdBody, response: { 200: success } } }, async (request) => deletePost(ctx.db, request.actor, request.body.id));
  app.post(
    '/jpanel/feeds/posts/sequence',
    { config: { permission: 'post.add' }, schema: { summary: "Re-sequence a feed's posts (ids comma-separated, in order)", tags, body: postSequenceSchema, response: { 200: success } } },
    async (request) => sequencePosts(ctx.db, request.actor, request.body.sequence),
  );
  app.post('/jpanel/feeds/posts/:id', { config: { permission: 'post.edit' }, schema: { summary: 'Update a post', tags, params: idParam, body: postInputSchema, response: { 200: postSchema } } }, async (request) => updatePost(ctx.db, request.actor, request.params.id, request.body));
};
