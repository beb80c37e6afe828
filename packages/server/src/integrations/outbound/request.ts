import http from 'node:http';
import https from 'node:https';
import { type AllowList, type Resolver, OutboundRefused, checkOutboundUrl, guardedLookup, systemResolver } from './guard.ts';

export type OutboundRequest = {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Skip TLS certificate checks (and nothing else: the address guard still applies). */
  insecureTls?: boolean;
  timeoutMs?: number;
  /** Response body bytes kept; the rest is read and dropped. */
  maxResponseBytes?: number;
  allow: AllowList;
  resolver?: Resolver;
};

/** What came back; status -1 when there was no answer (refused, DNS, TLS, timeout). */
export type OutboundResponse = {
  status: number;
  headers: Record<string, string>;
  body: string;
  durationMs: number;
  /** No complete answer within the timeout: the receiver held the request (see CIRCUIT_TIMEOUTS). */
  timedOut?: true;
};

/**
 * One POST through the SSRF guard. Redirects are never followed (a 3xx is returned as it is and
 * counts as a failure for the caller); the whole exchange is bounded by `timeoutMs`.
 */
export function guardedPost(request: OutboundRequest): Promise<OutboundResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (message: string): OutboundResponse => ({ status: -1, headers: {}, body: message, durationMs: elapsed() });
  const checked = checkOutboundUrl(request.url, request.allow);
  if (!checked.ok) return Promise.resolve(failed(new OutboundRefused(`refused: ${checked.reason}`).message));
  const { url } = checked;
  const client = url.protocol === 'https:' ? https : http;
  const maxBytes = request.maxResponseBytes ?? 64 * 1024;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: OutboundResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        // A fresh socket each time, resolved through the guard: no pooled socket to an old address.
        agent: false,
        lookup: guardedLookup(request.allow, request.resolver ?? systemResolver) as never,
        ...(url.protocol === 'https:' ? { rejectUnauthorized: !request.insecureTls } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept >= maxBytes) return;
          const part = chunk.subarray(0, maxBytes - kept);
          chunks.push(part);
          kept += part.length;
        });
        res.on('end', () => finish({ status: res.statusCode ?? -1, headers: flatHeaders(res.headers), body: Buffer.concat(chunks).toString('utf8'), durationMs: elapsed() }));
        res.on('error', (error) => finish(failed(error.message)));
      },
    );
    const timer = setTimeout(() => {
      finish({ ...failed(`timed out after ${request.timeoutMs ?? 10_000} ms`), timedOut: true });
      req.destroy();
    }, request.timeoutMs ?? 10_000);
    req.on('error', (error) => finish(failed(error.message)));
    req.end(request.body);
  });
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}
