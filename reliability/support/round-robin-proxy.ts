import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer on loopback for the scale-out suite: each request goes to the next web
 * process in turn. A process that refuses the connection or drops it before answering (it is
 * stopping) is passed over and the request goes to the next, as nginx's `proxy_next_upstream
 * error` does; a request is given up only when every process has failed it. `served` counts the
 * answers each process gave, `passedOver` the requests a stopping process did not take.
 */
export async function startRoundRobinProxy(ports: number[]) {
  const served = new Map<number, number>(ports.map((p) => [p, 0]));
  let next = 0;
  let passedOver = 0;

  const forward = (port: number, req: http.IncomingMessage, body: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      upstream.on('error', reject);
      upstream.end(body);
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        for (let tries = 0; tries < ports.length; tries += 1) {
          const port = ports[next++ % ports.length]!;
          try {
            const answer = await forward(port, req, body);
            served.set(port, (served.get(port) ?? 0) + 1);
            res.writeHead(answer.status, answer.headers).end(answer.body);
            return;
          } catch {
            passedOver += 1;
          }
        }
        res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'No web process answered.' }));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    served,
    passedOver: () => passedOver,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
