import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { LOCAL_STORAGE_PREFIX } from '../integrations/storage/local-storage.ts';

/** The file in the data folder the browser suite scans for card numbers (e2e/support/card-scan.ts). */
export const CAPTURED_REQUESTS_FILE = 'captured-requests.log';

/** The sandbox gateway's token endpoint stands for the gateway's own servers: card numbers belong there. */
const GATEWAY_TOKEN_PATH = '/sandbox-gateway/v1/tokens';
/**
 * Signed uploads stream the raw request into storage themselves, so their body is not copied
 * here (the suite scans the stored files instead, under the data folder's storage/).
 */
const UPLOAD_PREFIX = LOCAL_STORAGE_PREFIX;

/**
 * Test harness only: the browser suite starts its servers through e2e/support/server-entry.ts,
 * which wires this in, so the URL and raw body of every request Almoner receives are appended to
 * a file and the suite can show that no card number ever reached Almoner. The server a charity
 * runs (main.ts) never imports this file, and no setting turns it on: nothing a person typed is
 * written anywhere.
 */
export function registerRequestCapture(app: FastifyInstance, dataDir: string): void {
  const file = join(dataDir, CAPTURED_REQUESTS_FILE);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(GATEWAY_TOKEN_PATH)) appendFileSync(file, `${request.method} ${request.url}\n`);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.url.startsWith(GATEWAY_TOKEN_PATH) || request.url.startsWith(UPLOAD_PREFIX)) return payload;
    // A copy of the stream for the parser; the bytes pass through unchanged.
    const copy = new PassThrough();
    const chunks: Buffer[] = [];
    payload.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
    payload.on('end', () => appendFileSync(file, `${Buffer.concat(chunks).toString('utf8')}\n`));
    payload.pipe(copy);
    return copy;
  });
}
