import { formatByteLimit, storageMessages } from '@almoner/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { storageFor } from './index.ts';
import { LOCAL_STORAGE_PREFIX, type LocalStorage } from './local-storage.ts';

const routeConfig = { public: true, csrf: false } as const;

/**
 * The local driver's signed URLs: PUT stores a file, GET serves it. The signature in the URL is
 * the only credential (browsers PUT without cookies or CSRF token, as they would to S3).
 */
export const storageRoutes: FastifyPluginAsync = async (app) => {
  // Uploads are any type and any size up to the signed limit: read the raw stream ourselves.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const local = (): LocalStorage | null => {
    const storage = storageFor(app.ctx.config);
    return storage.kind === 'local' ? (storage as LocalStorage) : null;
  };

  /** The key from the raw path: an encoded slash, NUL or dot segment is not a key, never decoded into one. */
  const checked = (request: FastifyRequest, reply: FastifyReply, contentType: string) => {
    const storage = local();
    const path = request.url.split('?')[0] ?? '';
    const key = path.slice(LOCAL_STORAGE_PREFIX.length);
    const query = request.query as Record<string, string | undefined>;
    const verdict = storage ? storage.verify({ method: request.method, key, contentType, query }) : 'invalid';
    if (verdict !== 'ok' || !storage) {
      void reply
        .status(403)
        .header('cache-control', 'no-store')
        .send({ message: verdict === 'expired' ? storageMessages.linkExpired : storageMessages.linkInvalid, code: 'forbidden' });
      return null;
    }
    return { storage, key, max: Number(query.max), name: query.name };
  };

  app.put(`${LOCAL_STORAGE_PREFIX}*`, { config: routeConfig, schema: { hide: true } }, async (request, reply) => {
    const contentType = request.headers['content-type'] ?? '';
    const signed = checked(request, reply, contentType);
    if (!signed) return reply;
    const declared = Number(request.headers['content-length'] ?? 0);
    const limit = storageMessages.tooLarge(formatByteLimit(signed.max));
    if (declared > signed.max) return reply.status(413).header('connection', 'close').send({ message: limit, code: 'bad_request' });
    const stored = await signed.storage.write(signed.key, request.raw, contentType, signed.max);
    if (!stored) return reply.status(413).header('connection', 'close').send({ message: limit, code: 'bad_request' });
    return reply.status(200).send({});
  });

  app.get(`${LOCAL_STORAGE_PREFIX}*`, { config: routeConfig, schema: { hide: true } }, async (request, reply) => {
    const signed = checked(request, reply, '');
    if (!signed) return reply;
    const file = await signed.storage.read(signed.key);
    if (!file) return reply.status(404).send({ message: storageMessages.linkInvalid, code: 'not_found' });
    void reply
      .type(file.object.contentType)
      .header('content-length', file.object.size)
      .header('cache-control', 'private, max-age=300')
      // An uploaded HTML or SVG file must never run as a page of this origin.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('x-content-type-options', 'nosniff');
    if (signed.name) void reply.header('content-disposition', `attachment; filename="${signed.name.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    return reply.send(file.body);
  });
};
