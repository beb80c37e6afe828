import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CAPTURED_REQUESTS_FILE, registerRequestCapture } from './request-capture.ts';

async function appIn(dir: string, capture = true) {
  const app = Fastify();
  if (capture) registerRequestCapture(app, dir);
  app.post('/jpanel/echo', async (request) => request.body);
  app.post('/sandbox-gateway/v1/tokens', async () => ({ token: 'tok_x' }));
  // As the signed upload route does: the raw request is the file.
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.put('/storage/*', async (request) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request.raw) chunks.push(chunk as Buffer);
      return { bytes: Buffer.concat(chunks).length };
    });
  });
  return app;
}

describe('request capture for the browser suite’s card scan', () => {
  it('keeps the URL and raw body of each request, but not the gateway token endpoint’s, and passes the body on unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'capture-'));
    const app = await appIn(dir);
    const echoed = await app.inject({ method: 'POST', url: '/jpanel/echo?q=1', payload: { note: 'hello' } });
    expect(echoed.json()).toEqual({ note: 'hello' });
    await app.inject({ method: 'POST', url: '/sandbox-gateway/v1/tokens', payload: { number: '4242424242424242' } });
    const upload = await app.inject({ method: 'PUT', url: '/storage/a.csv', payload: 'a,b\n1,2\n', headers: { 'content-type': 'text/csv' } });
    expect(upload.json()).toEqual({ bytes: 8 });
    const captured = readFileSync(join(dir, CAPTURED_REQUESTS_FILE), 'utf8');
    expect(captured).toContain('POST /jpanel/echo?q=1\n{"note":"hello"}');
    expect(captured).not.toContain('4242');
    await app.close();
  });

  it('is wired in by the harness only: the server builds without it and the production entry never imports it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'capture-'));
    const app = await appIn(dir, false);
    await app.inject({ method: 'POST', url: '/jpanel/echo', payload: { note: 'hello' } });
    expect(() => readFileSync(join(dir, CAPTURED_REQUESTS_FILE))).toThrow();
    await app.close();
    const server = join(import.meta.dirname, '..');
    for (const file of ['main.ts', 'server.ts', 'app.ts']) expect(readFileSync(join(server, file), 'utf8'), file).not.toMatch(/request-capture|SCAN_REQUESTS/);
  });
});
