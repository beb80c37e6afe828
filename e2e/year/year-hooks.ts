import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request that reached the receiver, its signatures checked as it arrived. */
export type Received = {
  event: string;
  delivery: string;
  body: { id: string; type: string; data: Record<string, unknown> };
  /** X-Hub-Signature-256 (HMAC-SHA256 of the body, hex) matched. */
  github: boolean;
  /** webhook-signature (Standard Webhooks: HMAC-SHA256 of "id.timestamp.body", base64) matched. */
  standard: boolean;
};

export type Receiver = { url: string; received: Received[]; stop: () => Promise<void> };

const header = (headers: IncomingHttpHeaders, name: string) => String(headers[name] ?? '');

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The charity's own webhook receiver: a plain HTTP server on 127.0.0.1 that answers 200 and keeps
 * what it was sent. The signatures are checked here, as a receiver would (spec part 1 §7: GitHub's
 * header and Standard Webhooks'), from the secret the admin typed, not from the app's code.
 */
export async function startReceiver(secret: string): Promise<Receiver> {
  const received: Received[] = [];
  // A secret typed by staff is its UTF-8 bytes for both signatures (webhooks.sign.ts).
  const key = Buffer.from(secret, 'utf8');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const id = header(request.headers, 'webhook-id');
      const timestamp = header(request.headers, 'webhook-timestamp');
      const github = `sha256=${createHmac('sha256', key).update(raw, 'utf8').digest('hex')}`;
      const standard = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${raw}`, 'utf8').digest('base64')}`;
      received.push({
        event: header(request.headers, 'x-almoner-event'),
        delivery: header(request.headers, 'x-almoner-delivery'),
        body: JSON.parse(raw) as Received['body'],
        github: same(header(request.headers, 'x-hub-signature-256'), github),
        standard: header(request.headers, 'webhook-signature').split(' ').some((s) => same(s, standard)),
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/almoner-hooks`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
