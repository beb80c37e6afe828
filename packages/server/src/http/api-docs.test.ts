import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

const t = await createTestApp();
type Schema = { type?: string; properties?: Record<string, Schema>; additionalProperties?: unknown } & Record<string, unknown>;
type Operation = {
  summary?: string;
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: { name: string; in: string; schema?: Schema }[];
};

const doc = (await t.app.inject({ method: 'GET', url: '/jpanel/api/docs/json' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
);

/** Paths inside a schema where an object is only "any keys" (Swagger UI shows additionalProp1…). */
function bareObjects(schema: unknown, at: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Schema;
  const here =
    node.additionalProperties !== undefined && node.additionalProperties !== false && !node.properties ? [at] : [];
  return [...here, ...Object.entries(node).flatMap(([key, value]) => (typeof value === 'object' ? bareObjects(value, `${at}.${key}`) : []))];
}

describe('the API reference', () => {
  it('lists the operations', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it('gives every operation a summary', () => {
    expect(operations.filter(({ operation }) => !operation.summary?.trim()).map(({ name }) => name)).toEqual([]);
  });

  it('shows every request body and query with its real fields, never as "any keys"', () => {
    const bare = operations.flatMap(({ name, operation }) => [
      ...Object.values(operation.requestBody?.content ?? {}).flatMap((content) => bareObjects(content.schema, `${name} body`)),
      ...(operation.parameters ?? []).flatMap((parameter) => bareObjects(parameter.schema, `${name} ${parameter.in} ${parameter.name}`)),
    ]);
    expect(bare).toEqual([]);
  });

  it('documents the listing fields (paging, search and the listing\'s filters)', () => {
    const body = doc.paths['/jpanel/supporters.listing']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(expect.arrayContaining(['draw', 'start', 'length', 'order', 'search', 'status', 'from', 'to']));
    const csv = doc.paths['/jpanel/contributions.csv']?.get?.parameters?.map((p) => p.name);
    expect(csv).toEqual(expect.arrayContaining(['start', 'search', 'from', 'to']));
  });
});
