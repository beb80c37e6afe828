import { readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../packages/server/src/http/access.ts';
import { seedDemoIfEmpty } from '../packages/server/src/seed/demo.ts';
import { Agent, buildUser, createTestApp } from '../packages/server/src/test/test-app.ts';
import { type Operation, openApi } from './support/app.ts';
import { printFigures } from './support/figures.ts';

/**
 * Item 2 of issue 17: the access matrix. Every route is called by five callers — anonymous, an
 * API token, staff without any permission, staff with exactly the route's permission, and an
 * account administrator — naming records that belong to someone else (the demo organisation's
 * records, another staff user's id). The answers are kept in reliability/access-matrix.md: a
 * refusal by its status (401, 403, 419, 423), anything else as "ok" (what a caller who may call
 * the route gets depends on the data, not on access). A change to who may call what shows up as
 * a mismatch; ACCESS_MATRIX_WRITE=1 rewrites the table for review in the commit.
 *
 * Besides the table, rules that hold whatever it says: no answer is a 5xx; anonymous callers are
 * refused every non-public route (401); a route that declares a permission refuses staff without
 * it (403); an API token opens only /jpanel/api/v1; an account administrator is never refused as
 * unauthenticated. And GET never changes data: every table is compared before and after a crawl
 * of every GET route.
 */
const t = await createTestApp();
await seedDemoIfEmpty(t.database, () => {});
const TABLE = new URL('./access-matrix.md', import.meta.url);
const CALLERS = ['anonymous', 'api token', 'staff without', 'staff with', 'account admin'] as const;
type Caller = (typeof CALLERS)[number];

/** Routes left out of the matrix, each with its reason. */
const SKIPPED: Record<string, string> = {
  'POST /jpanel/logout': 'ends the caller\'s own session (sessions.test.ts covers it)',
  'GET /jpanel/api/docs': 'the API reference page, public by design',
  'GET /jpanel/api/docs/json': 'the OpenAPI document, public by design',
  'GET /__spa': 'the web app\'s page shell, public by design (its answer depends on whether the web app is built)',
};
/** Answers that say "not you": kept by status in the table. Everything else < 500 is "ok". */
const REFUSALS = new Set([401, 403, 419, 423]);

let address = 0;
const nextAddress = () => {
  address += 1;
  return `198.51.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
};

/** Staff users by permission set, signed in once and again whenever a call ended their session. */
class Staff {
  private agents = new Map<string, { agent: Agent; email: string }>();
  async agentFor(key: string, overrides: Parameters<typeof buildUser>[1]): Promise<Agent> {
    let entry = this.agents.get(key);
    if (!entry) {
      const user = await buildUser(t.database, overrides);
      entry = { agent: new Agent(t.app), email: user.email };
      await entry.agent.login(user.email);
      this.agents.set(key, entry);
    }
    if ((await entry.agent.get('/jpanel/auth/session')).statusCode !== 200) {
      entry.agent = new Agent(t.app);
      await entry.agent.login(entry.email);
    }
    return entry.agent;
  }
}

const firstPermission = (p: RouteEntry['permission']) => (typeof p === 'string' ? p : (p?.[0] ?? null));
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the access matrix', async () => {
  const other = await buildUser(t.database, { firstName: 'Other', lastName: 'Admin' });
  const tokenOwner = await buildUser(t.database, { firstName: 'Token', lastName: 'Owner' });
  const staff = new Staff();
  const admin = await staff.agentFor('admin', {});
  const token = (await admin.post(`/jpanel/users/${tokenOwner.id}/regenerate-key`)).json().api_token as string;
  const doc = await openApi(t.app);

  /** A path with its parameters naming someone else's record (ids from the demo data, another user's id). */
  function urlFor(route: RouteEntry): string {
    const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] as Operation | undefined;
    const params = new Map((operation?.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema]));
    return route.url
      .replace(/:([A-Za-z_]+)/g, (_, name: string) => {
        const schema = params.get(name) as { type?: string; enum?: string[] } | undefined;
        if (schema?.enum?.length) return String(schema.enum[0]);
        if (/users/.test(route.url) && /^(id|userId)$/.test(name)) return String(other.id);
        return schema?.type === 'string' && !/id$/i.test(name) ? 'x' : '1';
      })
      .replace(/\*$/, 'x');
  }

  async function call(route: RouteEntry, caller: Caller): Promise<number> {
    const method = route.method as 'GET';
    const url = urlFor(route);
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    if (caller === 'api token') {
      const response = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: '{}' } : {}),
        remoteAddress: nextAddress(),
      });
      return response.statusCode;
    }
    let agent: Agent;
    if (caller === 'anonymous') {
      agent = new Agent(t.app);
      await agent.get('/jpanel/login');
    } else if (caller === 'staff without') agent = await staff.agentFor('none', { permissions: [] });
    else if (caller === 'staff with') {
      const permission = firstPermission(route.permission);
      agent = await staff.agentFor(`with:${permission ?? '-'}`, { permissions: permission ? [permission] : [] });
    } else agent = await staff.agentFor('admin', {});
    const options = { remoteAddress: nextAddress() };
    const response = await agent.request(method, url, { ...options, ...(body ? { body } : {}) });
    return response.statusCode;
  }

  it('answers every route as the table in the repository says, and by the rules', async () => {
    const routes = t.app.routeList
      .filter((r) => !SKIPPED[`${r.method} ${r.url}`])
      // Reads first, then writes, deletes last: a delete cannot take a record from a later row.
      .sort((a, b) => rank(a) - rank(b) || a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
    const rows: string[] = [];
    const broken: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const statuses: Record<Caller, number> = { anonymous: 0, 'api token': 0, 'staff without': 0, 'staff with': 0, 'account admin': 0 };
      for (const caller of CALLERS) {
        statuses[caller] = await call(route, caller);
        calls += 1;
      }
      const name = `${route.method} ${route.url}`;
      const isApi = route.url.startsWith('/jpanel/api/v1/');
      for (const caller of CALLERS) if (statuses[caller] >= 500) broken.push(`${name} as ${caller}: ${statuses[caller]}`);
      if (!route.isPublic) {
        if (statuses.anonymous !== 401) broken.push(`${name}: anonymous got ${statuses.anonymous}, not 401`);
        // Outside the API a token counts for nothing: refused as anonymous (419 first on a write: no session, so no CSRF token).
        if (!isApi && ![401, 419].includes(statuses['api token'])) broken.push(`${name}: an API token outside /jpanel/api/v1 got ${statuses['api token']}, not 401 or 419`);
        if (route.permission && statuses['staff without'] !== 403) broken.push(`${name}: staff without ${String(route.permission)} got ${statuses['staff without']}, not 403`);
        if (statuses['account admin'] === 401) broken.push(`${name}: an account administrator got 401`);
      }
      const cell = (s: number) => (REFUSALS.has(s) ? String(s) : 'ok');
      const permission = route.isPublic ? 'public' : route.permission ? [route.permission].flat().join(' or ') : 'signed in';
      rows.push(`| ${route.method} | \`${route.url}\` | ${permission} | ${CALLERS.map((c) => cell(statuses[c])).join(' | ')} |`);
    }
    const table = [
      '# Access matrix',
      '',
      'Written by `reliability/access.test.ts` (`ACCESS_MATRIX_WRITE=1 npm run test:reliability -- reliability/access.test.ts`);',
      'the suite fails when an answer differs. A refusal is shown by its status (401 not signed in,',
      '403 not allowed, 419 CSRF, 423 password confirmation needed); "ok" is any other answer below 500.',
      'Ids in paths name records of the demo organisation and another staff user.',
      '',
      `| method | route | needs | ${CALLERS.join(' | ')} |`,
      `|---|---|---|${CALLERS.map(() => '---').join('|')}|`,
      ...rows,
      '',
    ].join('\n');
    if (process.env.ACCESS_MATRIX_WRITE === '1') writeFileSync(TABLE, table);
    const kept = readFileSync(TABLE, 'utf8').split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| method'));
    const keptByRoute = new Map(kept.map((l) => [l.split('|').slice(1, 3).join('|'), l]));
    const mismatches = rows.filter((r) => keptByRoute.get(r.split('|').slice(1, 3).join('|')) !== r);
    const missing = kept.filter((l) => !rows.some((r) => r.split('|').slice(1, 3).join('|') === l.split('|').slice(1, 3).join('|')));
    printFigures('access matrix', {
      routes: routes.length,
      callers: CALLERS.length,
      'requests made': calls,
      'rule breaks': broken.length,
      'mismatches with the table': mismatches.length,
      'rows in the table for routes that are gone': missing.length,
      skipped: Object.keys(SKIPPED).join(', '),
    });
    expect(broken).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(missing).toEqual([]);
  });

  it('changes no data on any GET', async () => {
    const before = await snapshot();
    const gets = t.app.routeList.filter((r) => r.method === 'GET' && !SKIPPED[`${r.method} ${r.url}`]);
    for (const route of gets) {
      await call(route, 'account admin');
      if (route.url.startsWith('/jpanel/api/v1/')) await call(route, 'api token');
    }
    const after = await snapshot();
    const changed = Object.keys(after).filter((table) => before[table] !== after[table] && !GET_WRITES[table]);
    printFigures('GET changes nothing', {
      'GET routes crawled': gets.length,
      'tables compared': Object.keys(after).length - Object.keys(GET_WRITES).length,
      'tables changed': changed.length,
      'left out (written on purpose by any request)': Object.entries(GET_WRITES).map(([k, why]) => `${k} (${why})`).join('; '),
    });
    expect(changed).toEqual([]);
  });
});

function rank(route: RouteEntry): number {
  if (route.method === 'GET') return 0;
  if (route.method === 'DELETE' || /destroy|delete|remove/.test(route.url)) return 2;
  return 1;
}

/** Tables any request may write: sessions (sign-in, idle stamp), the throttle, the job queue's own. */
const GET_WRITES: Record<string, string> = {
  sessions: 'sign-in and the idle stamp',
};

/** Each table's row count and a digest of its rows. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = (await t.database.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)) as unknown as { rows: { name: string }[] };
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const result = (await t.database.db.execute(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from "${name}" x`))) as unknown as { rows: { n: number; digest: string }[] };
    out[name] = `${result.rows[0]?.n}:${result.rows[0]?.digest}`;
  }
  return out;
}
