import { idParam, noteAnswerSchema, noteInputSchema, noteMessages, notesPageSchema, notesQuerySchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../auth/session.ts';
import { createNote, deleteNote, listNotes, updateNote, viewerOf } from './notes.service.ts';

const tags = ['notes'];

/**
 * Notes on a supporter (spec part 3 §2.5, §6, §7 "Notes"): everyone who may see supporters reads
 * them; writing needs `member.add`; the author edits and deletes, an account administrator also
 * deletes (never edits) others' notes. Each answer says what this user may do with each note.
 */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = (user: unknown) => viewerOf(user as AuthUser);

  app.get(
    '/jpanel/api/v1/supporters/:id/comments',
    {
      config: { permission: 'member.view' },
      schema: { summary: "A supporter's notes, newest first, 15 a page, filtered by words of the body", tags, params: idParam, querystring: notesQuerySchema, response: { 200: notesPageSchema } },
    },
    async (request) => listNotes(app.ctx.db, request.params.id, request.query, viewer(request.user), `/jpanel/api/v1/supporters/${request.params.id}/comments`),
  );

  app.post(
    '/jpanel/api/v1/supporters/:id/comments',
    {
      config: { permission: 'member.add' },
      schema: { summary: 'Add a note to a supporter', tags, params: idParam, body: noteInputSchema, response: { 201: noteAnswerSchema } },
    },
    async (request, reply) => {
      const data = await createNote(app.ctx.db, request.actor, request.params.id, request.body.body, viewer(request.user));
      return reply.status(201).send({ data, message: noteMessages.created });
    },
  );

  app.post(
    '/jpanel/api/v1/comments/:id',
    {
      config: { permission: 'member.add' },
      schema: { summary: 'Change a note (its author only)', tags, params: idParam, body: noteInputSchema, response: { 200: noteAnswerSchema } },
    },
    async (request) => ({ data: await updateNote(app.ctx.db, request.actor, request.params.id, request.body.body, viewer(request.user)), message: noteMessages.updated }),
  );

  app.delete(
    '/jpanel/api/v1/comments/:id',
    {
      config: { permission: 'member.add' },
      schema: { summary: 'Delete a note (its author, or an account administrator)', tags, params: idParam, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      await deleteNote(app.ctx.db, request.actor, request.params.id, viewer(request.user));
      return { message: noteMessages.deleted };
    },
  );
};
