import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './audit/audit.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';

/** Every area's route plugin; an area adds one line here. */
export const modules: FastifyPluginAsync[] = [authRoutes, auditRoutes];
