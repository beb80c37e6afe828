import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user.ts';
import { writeLogEntry } from './logs.service.ts';

/**
 * Called by the error handler for an unhandled (500) error. The entry names the route pattern
 * (not the URL, which can hold typed text), the method and the error's type and code; never its
 * message, which for a failed query holds SQL and parameters. A failure here is swallowed: the
 * log must not turn one error into two.
 */
export function logUnhandledError(app: FastifyInstance, request: FastifyRequest, error: unknown): void {
  const user = request.user as AuthUser | undefined;
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  writeLogEntry(app.ctx.db, {
    message: 'Unhandled error while answering a request',
    source: 'http',
    level: 'error',
    userId: user?.id ?? null,
    ipAddress: request.ip,
    context: {
      method: request.method,
      route: request.routeOptions.url ?? null,
      error_type: error instanceof Error ? error.constructor.name : typeof error,
      error_code: typeof code === 'string' || typeof code === 'number' ? code : null,
      request_id: String(request.id),
    },
  }).catch((failure: unknown) => request.log.warn({ err: failure }, 'log entry not written'));
}
