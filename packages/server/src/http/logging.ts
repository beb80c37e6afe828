import { randomUUID } from 'node:crypto';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

type LogStream = { write: (line: string) => void };

/** The codes worth logging: PostgreSQL's SQLSTATE, Node's errno names, Fastify's FST_ codes. */
const codeOf = (error: Error): string | undefined => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
};

/**
 * What the log keeps of an error: its type, its code and where it was thrown. Never its message
 * or detail: a failed query's message holds the SQL and its parameters (an e-mail, a password
 * hash, a search term), and PostgreSQL quotes refused values in its own messages.
 */
export function safeError(error: unknown): { type: string; message: string; stack: string; code?: string; cause?: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const cause = (error as { cause?: unknown }).cause;
  // A failed query (DrizzleQueryError) carries PostgreSQL's SQLSTATE on its cause.
  const code = codeOf(error) ?? (cause instanceof Error ? codeOf(cause) : undefined);
  return {
    type: error.constructor.name,
    // The code stands in for the message, which is never logged.
    message: code ?? '',
    ...(code ? { code } : {}),
    ...(cause instanceof Error ? { cause: { type: cause.constructor.name, code: codeOf(cause) } } : {}),
    // Only the "at …" frames: the lines before them are the message, spread over lines.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 8)
      .join('\n'),
  };
}

/** Pino options for the app; `RequestLog` below decides which lines Fastify itself writes. */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      err: safeError,
      error: safeError,
      req: (request: { method?: string; routeOptions?: { url?: string } }) => ({ method: request.method, route: request.routeOptions?.url }),
      res: (reply: { statusCode?: number }) => ({ status: reply.statusCode }),
    },
    hooks: {
      // `log.error(error)` would make the error's message the line's message: pass it as `err`.
      logMethod(args, method) {
        if (args[0] instanceof Error) return method.apply(this, [{ err: args[0] }, 'error']);
        return method.apply(this, args);
      },
    },
    // Passwords, codes and tokens never reach the log: bodies are not logged, and these
    // headers are masked wherever a header object is logged.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'req.headers["x-xsrf-token"]'],
  };
}

/** A request id no one can guess or confuse with another run's; answered as X-Request-Id. */
export const newRequestId = (): string => randomUUID();

const requestFields = (request: FastifyRequest, reply: FastifyReply) => ({
  method: request.method,
  route: request.routeOptions.url ?? null,
  status: reply.statusCode,
  ms: Math.round(reply.elapsedTime * 10) / 10,
  user: request.user?.id ?? null,
});

/**
 * Fastify's own request lines carry the full URL (search terms, e-mails) and come two per
 * request. This writes one line per request instead: method, route pattern (never the URL),
 * status, duration, request id (as `reqId`) and the signed-in user's id. A response that fails
 * mid-stream (a CSV export) gets its line, at error level, when it fails.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ ...requestFields(request, reply), err: error }, 'request');
    else reply.log.info(requestFields(request, reply), 'request');
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { ...requestFields(request, reply), aborted: true };
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.info(fields, 'request');
    else reply.log.error({ ...fields, err: error }, 'request');
  }

  override defaultErrorLog(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    reply.log.error({ err: error }, 'unhandled error');
  }

  override writeHeadError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    reply.log.warn({ err: error }, 'could not write the response headers');
  }
}

/** The answer names its request id, so a person reporting a failure can point at its log line. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
}
