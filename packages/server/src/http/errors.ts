import type { ErrorCode } from '@almoner/contracts';
import { messages } from '@almoner/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isStatementTimedOut } from '../db/client.ts';
import { GatewayUnavailable } from '../integrations/payments/gateway.ts';
import { logUnhandledError } from '../modules/logs/logs.hooks.ts';
import { templateProblem } from '../templates/liquid.ts';

/** The one error type services throw; the handler below turns it into an HTTP answer. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A 422 for one field, in the spec's `{ message, errors: { field: [..] } }` shape. */
export const fieldError = (field: string, message: string) =>
  new AppError('validation', message, { [field]: [message] });

export const statusByCode: Record<ErrorCode, number> = {
  validation: 422,
  unauthenticated: 401,
  csrf_mismatch: 419,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  password_confirmation_required: 423,
  bad_request: 400,
  internal: 500,
  unavailable: 503,
};

/** Seconds a client should wait before trying again while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function fieldsFromValidation(issues: ValidationIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const field = path.map(String).join('.') || '_';
    const text = issue.message ?? messages.required;
    (errors[field] ??= []).push(text);
  }
  return errors;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply
        .status(statusByCode[error.code])
        .send({ message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldsFromValidation(error.validation as ValidationIssue[]);
      const first = Object.values(errors)[0]?.[0] ?? messages.required;
      return reply.status(422).send({ message: first, code: 'validation', errors });
    }
    // A payment service that did not answer: staff are told so and to try again (the retry
    // carries the same idempotency key). Logged by the gateway's name only.
    if (error instanceof GatewayUnavailable) {
      request.log.warn({ gateway: error.gateway }, 'payment gateway unavailable');
      return reply
        .status(statusByCode.unavailable)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: error.message, code: 'unavailable' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(statusByCode.unavailable)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: messages.unavailable, code: 'unavailable' });
    }
    // A statement past statement_timeout (a slow query, or one stuck behind another session's
    // lock): the database is busy, not the request wrong. Logged by code only, as above.
    if (isStatementTimedOut(error)) {
      request.log.warn({ err: error }, 'statement timed out');
      return reply
        .status(statusByCode.unavailable)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: messages.unavailable, code: 'unavailable' });
    }
    // A stored template that merges past a limit while printing or sending (a tribute letter, a
    // receipt): the template is at fault, not the server, and staff are told which limit.
    const template = templateProblem(error);
    if (template) return reply.status(422).send({ message: template, code: 'validation' });
    const pgCode = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (pgCode === '23505') {
      return reply.status(409).send({ message: messages.conflict, code: 'conflict' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? messages.tooLarge : status === 404 ? messages.notFound : error.message;
      return reply.status(status).send({ message, code: status === 404 ? 'not_found' : 'bad_request' });
    }
    // The error goes through the log's safe serializer: type, code and frames, never the
    // message (a failed query's message holds its SQL and parameters). The line carries the
    // request id, which the answer also carries as X-Request-Id.
    request.log.error({ err: error }, 'unhandled error');
    logUnhandledError(app, request, error);
    return reply.status(500).send({ message: messages.internal, code: 'internal' });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: messages.notFound, code: 'not_found' }),
  );
}
