import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../packages/server/src/test/test-app.ts';
import { AdminSession, type Operation, hasMessage, openApi } from './support/app.ts';
import { SEED, SHORT, percentile, printFigures, prng, type Rng } from './support/figures.ts';
import { MASS_ASSIGNMENT, type Schema, hostileScalar, mutatedBody, validValue } from './support/schema-gen.ts';

/**
 * Item 1 of issue 17: schema fuzzing. Every operation in the OpenAPI document is called by a
 * signed-in account administrator (session cookie, XHR header, CSRF token) with requests built
 * from its own schema: valid ones, and mutated ones (wrong types, missing and extra fields,
 * huge and unicode strings with NUL, nulls, arrays for objects, hostile path and query values).
 * No answer may be a 5xx; every 4xx carries a message; no record gains a field the route does
 * not declare (the canaries of MASS_ASSIGNMENT are looked for in every table afterwards).
 */
const PER_ROUTE = SHORT ? 10 : 100;

/**
 * Operations left out, each with its reason. Everything else in the document is fuzzed.
 * - The API reference itself: documentation pages, not an API.
 */
const EXCLUDED: Record<string, string> = {
  'GET /jpanel/api/docs': 'the API reference page (HTML), not an API operation',
  'GET /jpanel/api/docs/json': 'the OpenAPI document itself',
};
/** Pages a person opens from a link: a bad request may get an HTML page that says so. */
const isLinkedPage = (path: string) => path.startsWith('/give/') || path.startsWith('/sandbox-billing/hosted/');

type Op = { method: string; path: string; name: string; operation: Operation };

/** Creates first (so later ids name real records), then reads, updates, deletes and sign-out last. */
function rank({ method, path }: Op): number {
  if (path === '/jpanel/logout') return 9;
  if (method === 'POST' && !path.includes('{')) return 0;
  if (method === 'GET') return 1;
  if (method === 'DELETE') return 3;
  return 2;
}

function bodySchema(operation: Operation): { type: string; schema: Schema | undefined } | null {
  const content = operation.requestBody?.content;
  if (!content) return null;
  const type = content['application/json'] ? 'application/json' : (Object.keys(content)[0] as string);
  return { type, schema: content[type]?.schema };
}

function multipart(fields: Record<string, unknown>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = 'reliabilityBoundary7MA4YWxk';
  const parts = Object.entries(fields).map(([name, value]) =>
    /file|attachment_data/.test(name)
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`,
  );
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function buildUrl(path: string, operation: Operation, rng: Rng, hostile: 'path' | 'query' | null): string {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const hostilePath = hostile === 'path' && pathParams.length ? rng.pick(pathParams).name : null;
  let url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = pathParams.find((p) => p.name === name);
    const value = name === hostilePath ? hostileScalar(rng) : String(validValue(parameter?.schema ?? { type: 'integer', minimum: 1 }, rng, name));
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    if (!parameter.required && !rng.chance(0.5)) continue;
    const value = validValue(parameter.schema, rng, parameter.name);
    if (Array.isArray(value)) for (const item of value) query.append(parameter.name, String(item));
    else if (value !== undefined && value !== null) query.append(parameter.name, String(value));
  }
  if (hostile === 'query') {
    const names = parameters.filter((p) => p.in === 'query').map((p) => p.name);
    const name = names.length && rng.chance(0.8) ? rng.pick(names) : rng.pick(['is_admin', 'id', 'search[value]', 'order[0][column]', 'zz[]']);
    query.set(name, hostileScalar(rng));
    if (rng.chance(0.3)) query.append(name, hostileScalar(rng));
  }
  const search = query.toString();
  url += search ? `?${search}` : '';
  return url;
}

const t = await createTestApp();
const doc = await openApi(t.app);
const operations: Op[] = Object.entries(doc.paths)
  .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, name: `${method.toUpperCase()} ${path}`, operation })))
  .filter(({ name }) => !(name in EXCLUDED))
  .sort((a, b) => rank(a) - rank(b));

describe('schema fuzzing of every route in the OpenAPI document', () => {
  it('never answers 5xx, gives every 4xx a message and assigns no undeclared field', async () => {
    const rng = prng(SEED);
    const admin = new AdminSession(t);
    await admin.signIn();
    const failures: string[] = [];
    const durations: number[] = [];
    const statuses: Record<string, number> = {};
    const slowest: { name: string; ms: number }[] = [];
    let valid = 0;
    let mutated = 0;
    let accepted = 0;
    const started = Date.now();

    for (const op of operations) {
      const body = bodySchema(op.operation);
      let routeMs = 0;
      for (let i = 0; i < PER_ROUTE * 2; i++) {
        const isMutated = i % 2 === 1;
        const target = !isMutated ? null : body && rng.chance(0.6) ? 'body' : rng.pick(op.path.includes('{') ? (['path', 'query'] as const) : (['query'] as const));
        const url = buildUrl(op.path, op.operation, rng, target === 'path' || target === 'query' ? target : null);
        let payload: unknown = undefined;
        let headers: Record<string, string> = {};
        let kind = 'valid';
        if (body) {
          const mutation = target === 'body' ? mutatedBody(body.schema, rng) : { kind: 'valid', value: validValue(body.schema, rng) };
          kind = target === 'body' ? mutation.kind : target ? `hostile-${target}` : 'valid';
          if (body.type === 'multipart/form-data' && mutation.value && typeof mutation.value === 'object' && !Array.isArray(mutation.value)) {
            const form = multipart(mutation.value as Record<string, unknown>);
            payload = form.payload;
            headers = form.headers;
          } else if (body.type === 'application/x-www-form-urlencoded' && kind === 'valid') {
            payload = new URLSearchParams(Object.entries(mutation.value as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)])).toString();
            headers = { 'content-type': body.type };
          } else {
            payload = JSON.stringify(mutation.value) ?? 'null';
            headers = { 'content-type': 'application/json' };
          }
        } else if (target) {
          kind = `hostile-${target}`;
        }
        if (isMutated) mutated += 1;
        else valid += 1;

        if (process.env.RELIABILITY_PROGRESS === '2') process.stderr.write(`  ${op.name} ${kind} ${url.slice(0, 80)}\n`);
        const before = performance.now();
        const response = await admin.agent.request(op.method, url, { body: payload, headers, remoteAddress: admin.nextAddress() });
        const ms = performance.now() - before;
        durations.push(ms);
        routeMs += ms;
        statuses[`${Math.floor(response.statusCode / 100)}xx`] = (statuses[`${Math.floor(response.statusCode / 100)}xx`] ?? 0) + 1;
        const what = `${op.name} [${kind}] ${url.slice(0, 120)} ${typeof payload === 'string' ? payload.slice(0, 160) : ''}`;
        const code = response.statusCode;
        if (code >= 500) failures.push(`${what} → ${code} ${response.body.slice(0, 200)}`);
        else if (code >= 400 && !(isLinkedPage(op.path) && String(response.headers['content-type']).startsWith('text/html')) && !hasMessage(response.body)) {
          failures.push(`${what} → ${code} without a message: ${response.body.slice(0, 120)}`);
        } else if (code < 300) {
          accepted += 1;
          if (kind === 'extra' && /mass-assign-canary|987654321/.test(response.body)) failures.push(`${what} → ${code} echoed an undeclared field: ${response.body.slice(0, 200)}`);
        }
        if (code === 401 || code === 419) await admin.signIn();
      }
      slowest.push({ name: op.name, ms: routeMs });
      if (process.env.RELIABILITY_PROGRESS) process.stderr.write(`${op.name} ${routeMs.toFixed(0)}ms\n`);
    }

    // No table holds a canary: no record gained an undeclared field.
    const tables = (await t.database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)) as unknown as { rows: { table_name: string }[] };
    const canaries = [MASS_ASSIGNMENT.status, String(MASS_ASSIGNMENT.id), '1999-09-09'];
    let rowsSearched = 0;
    for (const { table_name } of tables.rows) {
      const rows = (await t.database.db.execute(sql.raw(`select * from "${table_name}"`))) as unknown as { rows: unknown[] };
      rowsSearched += rows.rows.length;
      for (const row of rows.rows) {
        const text = JSON.stringify(row);
        const hit = canaries.find((c) => text.includes(c));
        if (hit) failures.push(`table ${table_name} holds the mass-assignment canary ${hit}: ${text.slice(0, 300)}`);
      }
    }

    slowest.sort((a, b) => b.ms - a.ms);
    printFigures('schema fuzzing', {
      seed: `${SEED} (RELIABILITY_SEED=${SEED} replays it)`,
      operations: `${operations.length} fuzzed, ${Object.keys(EXCLUDED).length} excluded`,
      'valid requests': valid,
      'mutated requests': mutated,
      'answers by class': Object.entries(statuses).sort().map(([k, v]) => `${k} ${v}`).join(', '),
      'accepted (2xx/3xx)': accepted,
      'rows searched for canaries': rowsSearched,
      're-sign-ins': admin.renewals,
      'p50 / p99 / max ms': `${percentile(durations, 50).toFixed(1)} / ${percentile(durations, 99).toFixed(1)} / ${Math.max(...durations).toFixed(0)}`,
      'slowest routes (total ms)': slowest.slice(0, 3).map((s) => `${s.name} ${s.ms.toFixed(0)}`).join('; '),
      'wall time s': ((Date.now() - started) / 1000).toFixed(1),
      failures: failures.length,
    });
    if (failures.length) process.stdout.write(`${failures.slice(0, 60).join('\n')}\n`);
    expect(failures).toEqual([]);
    expect(valid).toBeGreaterThanOrEqual(operations.length * PER_ROUTE);
  });
});
