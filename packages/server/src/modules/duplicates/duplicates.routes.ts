import {
  duplicateCandidateSchema, duplicateListQuerySchema, duplicateListSchema, duplicateMessages, duplicateScanSchema, hasPermission, idParam,
  mergeInputSchema, mergeSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../auth/session.ts';
import { mergeCandidate, undoMerge } from './duplicates.merge.ts';
import { dismissCandidate, getCandidate, getMerge, getScan, listCandidates, startScan } from './duplicates.service.ts';

const tags = ['duplicates'];
const messageSchema = z.object({ message: z.string() });

/**
 * Duplicate supporters (issue 16 item 6; the spec shows no routes, these are ours):
 * - `GET  /jpanel/api/v1/supporters/duplicates` candidates by confidence (`supporter_id` narrows to one supporter) and the last scan;
 * - `POST /jpanel/api/v1/supporters/duplicates/scan`, `GET …/duplicates/scans/{id}` the background scan and its progress;
 * - `GET  /jpanel/api/v1/supporters/duplicates/{id}`, `POST …/{id}/dismiss`, `POST …/{id}/merge`;
 * - `GET  /jpanel/api/v1/supporters/merges/{id}`, `POST …/merges/{id}/undo`.
 * Seeing candidates needs `member.view`; scanning, dismissing, merging and undoing need `member.merge`.
 * The audit trail records every row a merge or undo changes (its triggers, with the acting user).
 */
export const duplicatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;
  const canMerge = (user: unknown) => {
    const u = user as AuthUser;
    return hasPermission({ is_account_admin: u.isAccountAdmin, permissions: u.permissions }, 'member.merge');
  };

  app.get(
    '/jpanel/api/v1/supporters/duplicates',
    { config: { permission: 'member.view' }, schema: { summary: 'Possible duplicate supporters, most likely first, with the latest scan', tags, querystring: duplicateListQuerySchema, response: { 200: duplicateListSchema } } },
    async (request) => listCandidates(db(), request.query.page, request.query.supporter_id, canMerge(request.user)),
  );

  app.post(
    '/jpanel/api/v1/supporters/duplicates/scan',
    { config: { permission: 'member.merge' }, schema: { summary: 'Start a background scan for duplicate supporters', tags, response: { 200: z.object({ data: duplicateScanSchema, message: z.string() }) } } },
    async (request) => {
      const { scan, started } = await startScan(db(), request.actor);
      return { data: scan, message: started ? duplicateMessages.scanStarted : duplicateMessages.scanRunning };
    },
  );

  app.get(
    '/jpanel/api/v1/supporters/duplicates/scans/:id',
    { config: { permission: 'member.view' }, schema: { summary: 'A scan for duplicates and its progress', tags, params: idParam, response: { 200: duplicateScanSchema } } },
    async (request) => getScan(db(), request.params.id),
  );

  app.get(
    '/jpanel/api/v1/supporters/duplicates/:id',
    { config: { permission: 'member.view' }, schema: { summary: 'A duplicate candidate with both supporters’ values', tags, params: idParam, response: { 200: duplicateCandidateSchema } } },
    async (request) => getCandidate(db(), request.params.id),
  );

  app.post(
    '/jpanel/api/v1/supporters/duplicates/:id/dismiss',
    { config: { permission: 'member.merge' }, schema: { summary: 'Mark a candidate as not a duplicate', tags, params: idParam, response: { 200: messageSchema } } },
    async (request) => {
      await dismissCandidate(db(), request.actor, request.params.id);
      return { message: duplicateMessages.dismissed };
    },
  );

  app.post(
    '/jpanel/api/v1/supporters/duplicates/:id/merge',
    { config: { permission: 'member.merge' }, schema: { summary: 'Merge a candidate pair, keeping the chosen value per field', tags, params: idParam, body: mergeInputSchema, response: { 201: z.object({ data: mergeSchema, message: z.string() }) } } },
    async (request, reply) => {
      const id = await mergeCandidate(db(), request.actor, request.params.id, request.body);
      return reply.status(201).send({ data: await getMerge(db(), id, true), message: duplicateMessages.merged });
    },
  );

  app.get(
    '/jpanel/api/v1/supporters/merges/:id',
    { config: { permission: 'member.view' }, schema: { summary: 'A merge: who survived, what moved, whether it can be undone', tags, params: idParam, response: { 200: mergeSchema } } },
    async (request) => getMerge(db(), request.params.id, canMerge(request.user)),
  );

  app.post(
    '/jpanel/api/v1/supporters/merges/:id/undo',
    { config: { permission: 'member.merge' }, schema: { summary: 'Undo a merge, restoring every record exactly', tags, params: idParam, response: { 200: z.object({ data: mergeSchema, message: z.string() }) } } },
    async (request) => {
      await undoMerge(db(), request.actor, request.params.id);
      return { data: await getMerge(db(), request.params.id, true), message: duplicateMessages.undone };
    },
  );
};
