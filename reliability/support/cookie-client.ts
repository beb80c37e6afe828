import http from 'node:http';

export type Answer = { status: number; text: string };

/**
 * One signed-in visitor as the web app is one: the cookies the server hands out (session and
 * XSRF-TOKEN) sent back on every request, the CSRF header and X-Requested-With with them. It can
 * call any port, so a session opened through one process can be tried on another.
 */
export class CookieClient {
  readonly cookies: Record<string, string> = {};

  /** Opens the login page (for the CSRF cookie), then signs in; answers the login's answer. */
  async signIn(port: number, email: string, password: string): Promise<Answer> {
    await this.call(port, 'GET', '/jpanel/login');
    return this.call(port, 'POST', '/jpanel/login', { email, password });
  }

  /** One request on a fresh connection; a server killed mid-request rejects it (ECONNRESET). */
  call(port: number, method: string, path: string, body?: unknown): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1', port, method, path, agent: false,
          headers: {
            'x-requested-with': 'XMLHttpRequest',
            'x-csrf-token': this.cookies['XSRF-TOKEN'] ?? '',
            cookie: Object.entries(this.cookies).map(([k, v]) => `${k}=${v}`).join('; '),
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const [k, v] = (pair ?? '').split('=');
            if (k) this.cookies[k] = v ?? '';
          }
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
}
