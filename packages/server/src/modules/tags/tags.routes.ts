import { idParam, supporterTagsAnswerSchema, supporterTagsInputSchema, supporterTagsSchema, tagAnswerSchema, tagInputSchema, tagListSchema, tagMergeSchema, tagMessages } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTag, listTags, mergeTag, setSupporterTags, supporterTags, updateTag } from './tags.service.ts';

const tags = ['tags'];

/**
 * Tags on supporters (issue 36 item 7). No tag permission exists in the catalogue; tags are part
 * of the supporter's record, so reading needs `member.view` and every change (creating,
 * renaming, recolouring, merging, tagging a supporter) needs `member.edit`.
 */
export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jpanel/tags.json',
    { config: { permission: 'member.view' }, schema: { summary: 'Every tag, by name, with how many supporters hold it', tags, response: { 200: tagListSchema } } },
    async () => listTags(app.ctx.db),
  );

  app.post(
    '/jpanel/tags',
    { config: { permission: 'member.edit' }, schema: { summary: 'Add a tag', tags, body: tagInputSchema, response: { 201: tagAnswerSchema } } },
    async (request, reply) => reply.status(201).send({ message: tagMessages.created, tag: await createTag(app.ctx.db, request.actor, request.body) }),
  );

  app.post(
    '/jpanel/tags/:id',
    { config: { permission: 'member.edit' }, schema: { summary: 'Rename or recolour a tag', tags, params: idParam, body: tagInputSchema, response: { 200: tagAnswerSchema } } },
    async (request) => ({ message: tagMessages.updated, tag: await updateTag(app.ctx.db, request.actor, request.params.id, request.body) }),
  );

  app.post(
    '/jpanel/tags/:id/merge',
    { config: { permission: 'member.edit' }, schema: { summary: 'Merge a tag into another: its supporters get the other tag, and it is removed', tags, params: idParam, body: tagMergeSchema, response: { 200: tagAnswerSchema } } },
    async (request) => mergeTag(app.ctx.db, request.actor, request.params.id, request.body.into_tag_id),
  );

  app.get(
    '/jpanel/supporters/:id/tags.json',
    { config: { permission: 'member.view' }, schema: { summary: "A supporter's tags", tags, params: idParam, response: { 200: supporterTagsSchema } } },
    async (request) => supporterTags(app.ctx.db, request.params.id),
  );

  app.post(
    '/jpanel/supporters/:id/tags',
    { config: { permission: 'member.edit' }, schema: { summary: "Set a supporter's tags (the whole list)", tags, params: idParam, body: supporterTagsInputSchema, response: { 200: supporterTagsAnswerSchema } } },
    async (request) => ({ message: tagMessages.supporterTagsSaved, ...(await setSupporterTags(app.ctx.db, request.actor, request.params.id, request.body.tag_ids)) }),
  );
};
