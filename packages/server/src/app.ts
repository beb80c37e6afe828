import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { registerAccessControl } from './http/access.ts';
import './http/context.ts';
import { registerErrorHandler } from './http/errors.ts';
import { RequestLog, loggerOptions, newRequestId, registerRequestId } from './http/logging.ts';
import { parseNested } from './http/qs.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa, rewriteUrl } from './http/spa.ts';
import { modules } from './modules/index.ts';
import './modules/jobs/jobs.registry.ts';
import { JobQueue } from './modules/jobs/jobs.queue.ts';
import { configureServices } from './configure-services.ts';
import { apiDocsUiOptions } from './http/api-docs-ui.ts';
import { startSessionCache } from './modules/auth/session-cache.ts';

export type BuildAppOptions = {
  database: Database;
  config: Config;
  logger?: boolean;
  /** Where log lines go (tests capture them); standard output when absent. */
  logStream?: { write: (line: string) => void };
  /** The job queue; one that only enqueues (no workers) when absent. Started here, stopped on close. */
  jobs?: JobQueue;
  /**
   * Test harness only: hooks a harness adds before the routes (the browser suite's request
   * capture). The server a charity runs passes none.
   */
  instrument?: (app: FastifyInstance) => void;
};

/** Builds the HTTP app: one Fastify instance, every module's routes, the SPA and the API docs. */
export async function buildApp({ database, config, logger = false, logStream, jobs, instrument }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    logController: new RequestLog(),
    genReqId: newRequestId,
    rewriteUrl,
    routerOptions: { querystringParser: parseNested },
    trustProxy: process.env.ALMONER_TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
    // Shutting down (SIGTERM), a request on a connection the server had already accepted is
    // served, not answered 503: the listening socket is closed first, so no new connection
    // comes, and every answer then closes its connection (the onSend hook below). Fastify's
    // default 503 lost a sale under load when a balancer's connection was accepted just before
    // the signal and its request read just after (reliability/scale-out.test.ts, CI).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const queue =
    jobs ??
    new JobQueue(database, {
      work: false,
      onError: (error) => app.log.error({ code: error.code, queue: error.queue }, 'job queue error'),
    });
  configureServices(config);
  await queue.start();
  app.addHook('onClose', () => queue.stop());
  const sessionCache = await startSessionCache(database);
  app.addHook('onClose', () => sessionCache.stop());
  // Shutting down (SIGTERM): each answer still owed closes its connection behind it. Otherwise a
  // client's keep-alive connection, idle only once its answer went out, held the exit for the
  // 72 s keep-alive timeout (measured by reliability/faults.test.ts).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
  const read = await openReadDatabase(database, config);
  if (read !== database) app.addHook('onClose', () => read.close());
  app.decorate('ctx', { database, db: database.db, read, config, jobs: queue, sessionCache });

  await app.register(cookie);
  await app.register(formbody, { parser: parseNested });
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  registerRequestId(app);
  instrument?.(app);
  registerAccessControl(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Almoner API', version: '1.0.0', description: 'The staff back-office API. Every call needs a session cookie and the X-CSRF-TOKEN header, or a Bearer API token under /jpanel/api/v1.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'almoner_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, apiDocsUiOptions);

  for (const register of modules) await app.register(register);
  await registerSpa(app);
  return app;
}

/**
 * The replica reports and exports read from (DATABASE_READ_URL), with the same statement bound as
 * the primary's pool; PostgreSQL only (the embedded database has no replica), else the database.
 */
async function openReadDatabase(database: Database, config: Config): Promise<Database> {
  if (!config.databaseReadUrl || database.kind !== 'postgres') return database;
  return openDatabase({ url: config.databaseReadUrl, statementTimeoutMs: config.statementTimeoutMs });
}
