import { contributionRowSchema, productRowSchema, receiptRowSchema, supporterRowSchema } from '@almoner/contracts';
import { describe, expect, it } from 'vitest';
import { contributionsListing } from '../modules/contributions/contributions.listing.ts';
import { supportersListing } from '../modules/supporters/supporters.listing.ts';
import { receiptsListing } from '../modules/receipts/receipts.listing.ts';
import { productsListing } from '../modules/products/products.listing.ts';
import { createTestApp } from '../test/test-app.ts';

const t = await createTestApp();
type Schema = { type?: string; properties?: Record<string, Schema>; additionalProperties?: unknown } & Record<string, unknown>;
type Operation = {
  summary?: string;
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
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
    // A background export's params are the named list's own filters, checked against that list's
    // schema when the export starts; a saved view's filters likewise belong to its list.
    const perList = ['POST /jpanel/exports body.properties.params', 'POST /jpanel/saved-views body.properties.state.properties.filters'];
    expect(bare.filter((at) => !perList.includes(at))).toEqual([]);
  });

  it('documents the listing fields (paging, search and the listing\'s filters)', () => {
    const body = doc.paths['/jpanel/supporters.listing']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(expect.arrayContaining(['draw', 'start', 'length', 'order', 'search', 'status', 'from', 'to']));
    const csv = doc.paths['/jpanel/contributions.csv']?.get?.parameters?.map((p) => p.name);
    expect(csv).toEqual(expect.arrayContaining(['start', 'search', 'from', 'to']));
  });

  it('shows every response with its real fields, listing rows included', () => {
    const bare = operations.flatMap(({ name, operation }) =>
      Object.entries(operation.responses ?? {}).flatMap(([status, response]) =>
        Object.values(response.content ?? {}).flatMap((content) => bareObjects(content.schema, `${name} ${status}`)),
      ),
    );
    // An event's JSON Schema and sample payload are free-form JSON by nature: the only "any keys" answers.
    const freeForm = ['GET /jpanel/events/catalogue.json 200.items.properties.sample', 'GET /jpanel/events/catalogue.json 200.items.properties.schema'];
    // Maps whose keys are data, not fields: a dashboard row's value per series (the chart's own
    // series names), a saved view's filters (its list's filter names), a webhook delivery's
    // HTTP headers (header names) and a country's subdivisions (the spec's map of code to name).
    const maps = (at: string) =>
      at === 'GET /gc-json/v1/services/locale/{country}/subdivisions 200.properties.subdivisions' ||
      /^GET \/jpanel\/settings\/hook-deliveries\/\{id\} 200\.properties\.(request|response)_headers$/.test(at) ||
      /^GET \/jpanel\/dashboard\/[a-z0-9-]+\.json 200\.properties\.rows\.items\.properties\.values$/.test(at) ||
      /^(GET \/jpanel\/saved-views\.json 200\.properties\.data\.items|POST \/jpanel\/saved-views 200\.properties\.view)\.properties\.state\.properties\.filters$/.test(at);
    expect(bare.filter((at) => !freeForm.includes(at) && !maps(at))).toEqual([]);
    const rowOf = (path: string) => {
      const data = doc.paths[path]?.post?.responses?.['200']?.content?.['application/json']?.schema.properties?.data as { items?: Schema } | undefined;
      return data?.items;
    };
    const contributionRow = rowOf('/jpanel/contributions-v2.listing');
    expect(contributionRow?.properties?.total).toMatchObject({ type: 'number', nullable: true, description: expect.stringContaining('decimal'), example: 39.5 });
    expect(contributionRow?.properties?.currency_code).toMatchObject({ type: 'string', example: 'USD' });
    expect(Object.keys(contributionRow?.properties ?? {})).toEqual(expect.arrayContaining(['id', 'number', 'supporter', 'status', 'total', 'ordered_at', 'currency_code']));
    expect(Object.keys(rowOf('/jpanel/supporters.listing')?.properties ?? {})).toEqual(expect.arrayContaining(['id', 'display_name', 'email', 'lifetime_total']));
  });

  it('declares exactly the keys each listing answers, so none is stripped from a row', () => {
    const pairs: [{ rowExtras: object; fields: object }, { shape: object }][] = [
      [contributionsListing, contributionRowSchema],
      [supportersListing, supporterRowSchema],
      [receiptsListing, receiptRowSchema],
      [productsListing, productRowSchema],
    ];
    for (const [definition, row] of pairs) {
      const answered = [...Object.keys(definition.rowExtras), ...Object.keys(definition.fields)].sort();
      expect(Object.keys(row.shape).sort()).toEqual(answered);
    }
  });
});
