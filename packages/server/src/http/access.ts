import { messages } from '@almoner/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import {
  assertCsrf,
  assertAnyPermission,
  assertPermission,
  findUserByApiToken,
  loadSession,
} from '../modules/auth/session.ts';

/** A route and its declared access rule (`permission` null: any signed-in staff member). */
export type RouteEntry = { method: string; url: string; isPublic: boolean; csrf: boolean; permission: string | readonly string[] | null };

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every route must say who may call it: `config.public` or `config.permission`. A route that
 * says neither fails at start-up, so no later route can forget its access rule.
 */
export function registerAccessControl(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('actor', null as never);

  app.decorate('routeList', [] as RouteEntry[]);
  app.addHook('onRoute', (route) => {
    let config = (route.config ?? {}) as { public?: boolean; permission?: string | readonly string[] | null; csrf?: boolean };
    if (route.url.startsWith('/jpanel/api/docs')) {
      config = { ...config, public: true };
      route.config = config;
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!config.public && !('permission' in config)) {
        throw new Error(`Route ${method} ${route.url} declares neither public nor permission.`);
      }
      app.routeList.push({ method, url: route.url, isPublic: config.public === true, csrf: config.csrf !== false, permission: config.permission ?? null });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const { db, config } = app.ctx;
    const routeConfig = request.routeOptions.config;
    const authorization = request.headers.authorization;
    const bearer =
      authorization?.startsWith('Bearer ') && request.url.startsWith('/jpanel/api/v1/')
        ? authorization.slice(7).trim()
        : null;

    if (bearer) {
      request.user = bearer.length <= 128 ? await findUserByApiToken(db, bearer) : null;
    } else {
      await loadSession(db, config, request, reply, app.ctx.sessionCache);
      if (STATE_CHANGING.has(request.method) && routeConfig.csrf !== false) assertCsrf(config, request);
    }
    request.actor = { userId: request.user?.id ?? null, ip: request.ip };

    if (routeConfig.public) return;
    if (!request.user) throw new AppError('unauthenticated', messages.unauthenticated);
    const permission = routeConfig.permission;
    if (typeof permission === 'string') assertPermission(request.user, permission);
    else if (permission) assertAnyPermission(request.user, permission);
  });
}
