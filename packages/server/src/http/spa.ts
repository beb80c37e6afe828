import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { csrfTokenFor } from '../modules/auth/session.ts';

export const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));
export const SPA_ROUTE = '/__spa';

const API_SUFFIX = /\.(json|ajax|csv|listing|pdf|zip)$/;
const FILE_SUFFIX = /\.(js|css|map|svg|png|ico|jpg|jpeg|gif|webp|woff2?|txt)$/;

/**
 * ARCHITECTURE.md: a GET under /jpanel that is not an XHR and does not end in an API suffix is
 * a page load, answered with the SPA. Rewriting the URL keeps API and page routes on one path.
 */
export function rewriteUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (req.method !== 'GET' && req.method !== 'HEAD') return url;
  const path = url.split('?')[0] ?? '/';
  if (path === '/' || path === '/jpanel') return SPA_ROUTE;
  if (!path.startsWith('/jpanel/')) return url;
  if (path.startsWith('/jpanel/assets/') || path.startsWith('/jpanel/api/')) return url;
  if (req.headers['x-requested-with'] === 'XMLHttpRequest') return url;
  if (API_SUFFIX.test(path) || FILE_SUFFIX.test(path)) return url;
  return SPA_ROUTE;
}

export async function registerSpa(app: FastifyInstance): Promise<void> {
  // The build writes a .br and a .gz beside each text asset (packages/web/build/precompress.ts);
  // a browser that accepts one gets it, with `Vary: Accept-Encoding`, and any other the file.
  await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });
  let template: string | null = null;
  const indexFile = join(webDist, 'index.html');

  app.get(SPA_ROUTE, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (request.originalUrl === '/' || request.originalUrl === '/jpanel') return reply.redirect('/jpanel/');
    if (!existsSync(indexFile)) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    template ??= readFileSync(indexFile, 'utf8');
    const token = csrfTokenFor(app.ctx.config.appKey, request.session?.id ?? '');
    const html = template.replace('<head>', `<head>\n    <meta name="csrf-token" content="${token}" />`);
    return reply.type('text/html').header('cache-control', 'no-store').send(html);
  });

  app.get('/jpanel/assets/*', { config: { public: true }, schema: { hide: true } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    // The build names each asset by its content's hash, so a browser may keep it for good. Said
    // through sendFile's own options: a header set before it was replaced by its default
    // (`max-age=0`), and every page load asked again for each of the app's ~60 files.
    return reply.sendFile(join('assets', file), { maxAge: '365d', immutable: true });
  });
  app.get('/jpanel/favicon.svg', { config: { public: true }, schema: { hide: true } }, (_request, reply) =>
    reply.sendFile('favicon.svg'),
  );
}
