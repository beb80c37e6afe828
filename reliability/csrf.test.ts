import { describe, expect, it } from 'vitest';
import { Agent, buildUser, createTestApp } from '../packages/server/src/test/test-app.ts';
import { printFigures } from './support/figures.ts';

/**
 * Item 3 of issue 17 (first part): CSRF on every state-changing route. The app's contract
 * (ARCHITECTURE.md, session.ts): a token header (X-CSRF-Token or X-XSRF-Token) equal to an
 * HMAC of the session id, readable by the app's own pages from the XSRF-TOKEN cookie. So each
 * state-changing route registered with CSRF on must refuse (419, with a message, nothing done):
 * no token; another session's token; the token this browser held before signing in (the
 * session id changes at sign-in); and a foreign Origin without a token (Origin grants nothing).
 * Routes registered with csrf: false stand for third parties that hold no Almoner session (the
 * storage upload URL, the sandbox gateway's token endpoint, the sandbox billing hosted page);
 * they are listed in the figures. The right token is not enough on its own either: a call
 * without the X-Requested-With header, or from a foreign Origin, is refused too.
 */
const t = await createTestApp();

describe('CSRF on every state-changing route', () => {
  it('refuses no token, another session\'s token, the pre-sign-in token, a foreign Origin, and the right token without the XHR header or from a foreign Origin', async () => {
    const email = (await buildUser(t.database)).email;
    const victim = new Agent(t.app);
    await victim.get('/jpanel/login');
    const preLoginToken = victim.cookies['XSRF-TOKEN'] as string;
    await victim.login(email);
    const other = new Agent(t.app);
    await other.login((await buildUser(t.database)).email);
    const otherToken = other.cookies['XSRF-TOKEN'] as string;
    expect(victim.cookies['XSRF-TOKEN']).not.toBe(preLoginToken);
    const ownToken = victim.cookies['XSRF-TOKEN'] as string;

    const routes = t.app.routeList.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    const guarded = routes.filter((r) => r.csrf);
    const exempt = routes.filter((r) => !r.csrf).map((r) => `${r.method} ${r.url}`);
    const failures: string[] = [];
    let calls = 0;
    const cookie = () => Object.entries(victim.cookies).map(([k, v]) => `${k}=${v}`).join('; ');
    for (const route of guarded) {
      const url = route.url.replace(/:[^/]+/g, '1').replace(/\*$/, '1');
      const cases: [string, Record<string, string>][] = [
        ['no token', { 'x-requested-with': 'XMLHttpRequest' }],
        ['another session\'s token', { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': otherToken }],
        ['the pre-sign-in token', { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': preLoginToken }],
        ['a foreign Origin', { origin: 'https://evil.example', referer: 'https://evil.example/x' }],
        ['the right token without the XHR header', { 'x-csrf-token': ownToken }],
        ['the right token from a foreign Origin', { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': ownToken, origin: 'https://evil.example' }],
      ];
      for (const [what, headers] of cases) {
        calls += 1;
        const response = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, cookie: cookie(), 'content-type': 'application/json' },
          payload: '{}',
          remoteAddress: `198.19.${Math.floor(calls / 250) % 250}.${(calls % 250) + 1}`,
        });
        if (response.statusCode !== 419 || !(response.json() as { message?: string }).message) failures.push(`${route.method} ${route.url} with ${what} → ${response.statusCode}`);
      }
    }
    // The victim's own session still works (the refusals ended nothing), and the same call made
    // properly (token, XHR header, Almoner's own Origin) is taken: the refusals above are the guard's.
    expect((await victim.get('/jpanel/auth/session')).statusCode).toBe(200);
    const proper = await t.app.inject({
      method: 'POST',
      url: '/jpanel/supporters.listing',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': ownToken, origin: 'http://localhost', cookie: cookie(), 'content-type': 'application/json' },
      payload: JSON.stringify({ draw: 1, start: 0, length: 1 }),
    });
    expect(proper.statusCode, proper.body).toBe(200);
    printFigures('CSRF', {
      'state-changing routes': routes.length,
      'guarded (csrf on)': guarded.length,
      'forged requests tried': calls,
      'not refused with 419': failures.length,
      'exempt (no session: third-party callers)': exempt.join(', '),
    });
    expect(failures).toEqual([]);
    expect(guarded.length).toBeGreaterThan(150);
  });
});
