import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Actor } from '../db/actor.ts';
import type { AuthUser, SessionState } from '../modules/auth/session.ts';
import type { JobQueue } from '../modules/jobs/jobs.queue.ts';
import type { SessionCache } from '../modules/auth/session-cache.ts';
import type { RouteEntry } from './access.ts';

export type AppContext = {
  database: Database;
  db: Db;
  /**
   * Where reports, the dashboard and list exports read: the replica DATABASE_READ_URL names, else
   * `database` itself. Never for a read that must see a write just made (docs/scaling.md).
   */
  read: Database;
  config: Config;
  jobs: JobQueue;
  sessionCache: SessionCache;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every registered route with its access rule (for the route-enumeration test). */
    routeList: RouteEntry[];
  }
  interface FastifyRequest {
    user: AuthUser | null;
    session: SessionState | null;
    /** Who is acting and from where, for the audit trail. */
    actor: Actor;
  }
  interface FastifyContextConfig {
    /** No signed-in user needed (sign-in, the SPA page, the API reference). */
    public?: boolean;
    /**
     * The permission a signed-in user needs; `null` means any staff member. A list means any one
     * of them (a picker two screens share, e.g. supporters for the supporters list and the POS).
     */
    permission?: string | readonly string[] | null;
    /** False only for endpoints called by other servers, which cannot hold a CSRF token. */
    csrf?: boolean;
  }
}
