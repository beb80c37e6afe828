import { type IncomingHttpHeaders, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** `closedAt`: when the sender gave up on a request left unanswered (its timeout fired). */
export type Received = { headers: IncomingHttpHeaders; body: string; at: number; closedAt?: number };

/**
 * A real HTTP receiver on loopback for tests and the bench. `mode` decides the answer:
 * ok (204), down (503), hang (never answers), or a function for anything else.
 */
export async function startReceiver(host = '127.0.0.1') {
  const requests: Received[] = [];
  let connections = 0;
  const state = { mode: 'ok' as 'ok' | 'down' | 'hang' | ((res: ServerResponse) => void) };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      requests.push(received);
      const { mode } = state;
      if (mode === 'hang') {
        res.on('close', () => (received.closedAt = Date.now()));
        return;
      }
      if (typeof mode === 'function') return mode(res);
      res.writeHead(mode === 'ok' ? 204 : 503, { 'x-receiver': 'test' }).end();
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    requests,
    state,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
