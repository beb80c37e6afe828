import { idParam, myTaskCountsSchema, taskAnswerSchema, taskAssigneesSchema, taskCreateSchema, taskMessages, tasksPageSchema, tasksQuerySchema, taskUpdateSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthUser } from '../auth/session.ts';
import { createTask, listAssignees, listTasks, myTaskCounts, updateTask } from './tasks.service.ts';

const tags = ['tasks'];

/**
 * Follow-up tasks on supporters (issue 36 item 5). The permission catalogue has no task
 * permission, and a task is part of a supporter's record: reading needs `member.view`, adding
 * and changing (completing, reopening) needs `member.edit`, as correcting the supporter does.
 */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = (user: unknown) => (user as AuthUser).id;

  app.get(
    '/jpanel/tasks.json',
    { config: { permission: 'member.view' }, schema: { summary: 'Tasks, open ones by due day: mine, overdue, or one supporter\'s', tags, querystring: tasksQuerySchema, response: { 200: tasksPageSchema } } },
    async (request) => listTasks(app.ctx.db, me(request.user), request.query),
  );

  app.get(
    '/jpanel/tasks/counts.json',
    { config: { permission: 'member.view' }, schema: { summary: 'How many open tasks the signed-in user has, and how many are overdue', tags, response: { 200: myTaskCountsSchema } } },
    async (request) => myTaskCounts(app.ctx.db, me(request.user)),
  );

  app.get(
    '/jpanel/tasks/assignees.json',
    { config: { permission: 'member.view' }, schema: { summary: 'Active staff a task can be given to', tags, response: { 200: taskAssigneesSchema } } },
    async () => listAssignees(app.ctx.db),
  );

  app.post(
    '/jpanel/tasks',
    { config: { permission: 'member.edit' }, schema: { summary: 'Add a task on a supporter', tags, body: taskCreateSchema, response: { 201: taskAnswerSchema } } },
    async (request, reply) => {
      const task = await createTask(app.ctx.db, request.actor, me(request.user), request.body);
      return reply.status(201).send({ message: taskMessages.created, task });
    },
  );

  app.post(
    '/jpanel/tasks/:id',
    { config: { permission: 'member.edit' }, schema: { summary: 'Change a task, complete it or reopen it', tags, params: idParam, body: taskUpdateSchema, response: { 200: taskAnswerSchema } } },
    async (request) => updateTask(app.ctx.db, request.actor, me(request.user), request.params.id, request.body),
  );
};
