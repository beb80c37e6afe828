import { roleDeletedSchema, roleIdParam, roleInputSchema, roleListResponseSchema, roleSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service.ts';
import { editorOf } from './users.routes.ts';

const tags = ['users'];

/**
 * Roles: named permission sets given to users. Part of managing staff, so the users permissions
 * guard them: seeing users shows their roles; changing a role changes what users may do.
 */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/jpanel/roles.json', {
    config: { permission: 'user.view' },
    schema: { summary: 'List roles, each with its permissions and how many users hold it', tags, response: { 200: roleListResponseSchema } },
  }, async () => listRoles(db));

  app.get('/jpanel/roles/:id', {
    config: { permission: 'user.view' },
    schema: { summary: 'Read a role', tags, params: roleIdParam, response: { 200: roleSchema } },
  }, async (request) => getRole(db, request.params.id));

  app.post('/jpanel/roles', {
    config: { permission: 'user.edit' },
    schema: { summary: 'Create a role', tags, body: roleInputSchema, response: { 201: roleSchema } },
  }, async (request, reply) => reply.status(201).send(await createRole(db, editorOf(request), request.body)));

  app.post('/jpanel/roles/:id', {
    config: { permission: 'user.edit' },
    schema: { summary: 'Rename a role or change its permissions', tags, params: roleIdParam, body: roleInputSchema, response: { 200: roleSchema } },
  }, async (request) => updateRole(db, editorOf(request), request.params.id, request.body));

  app.delete('/jpanel/roles/:id', {
    config: { permission: 'user.edit' },
    schema: { summary: 'Delete a role no user holds', tags, params: roleIdParam, response: { 200: roleDeletedSchema } },
  }, async (request) => deleteRole(db, editorOf(request), request.params.id));
};
