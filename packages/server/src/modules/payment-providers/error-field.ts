import type { FastifyInstance } from 'fastify';

/**
 * The spec's connector and payment provider answers carry the error text in an `error` field
 * (part 1 §7, part 3 §7). The shared handler answers `{ message, code, errors }`; within the
 * plugin that calls this, a failed JSON answer gets `error` too (the same text as `message`).
 */
export function withErrorField(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    try {
      const body = JSON.parse(payload) as Record<string, unknown>;
      if (typeof body.message !== 'string' || 'error' in body) return payload;
      return JSON.stringify({ ...body, error: body.message });
    } catch {
      return payload;
    }
  });
}
