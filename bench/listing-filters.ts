// Each listing's filters, one at a time, for bench/indexes.bench.ts (issue 31 item 1): the
// indexes that lead with a filter's column are only scanned when a filter is sent.
//
// The values come from the listing's own filter schema (the one its route parses), read as JSON
// Schema: every value of an enum, a date range, an amount range, the first record for an id,
// this year for a year. So a filter added to a listing is sent without this file changing.
import { z } from 'zod';
import type { ListingDefinition } from '../packages/server/src/listing/engine.ts';

type Schema = { type?: string | string[]; enum?: unknown[]; const?: unknown; anyOf?: Schema[]; items?: Schema; pattern?: string; minimum?: number };
export type FilterCall = { label: string; filters: Record<string, unknown> };

const YEAR = new Date().getUTCFullYear();
const AGO = `${YEAR - 1}-01-01`;
const TODAY = new Date().toISOString().slice(0, 10);

/** The schema without its "empty means none" branch (`.or(z.literal(''))`). */
function meaningful(schema: Schema): Schema {
  return schema.anyOf?.find((branch) => branch.const !== '') ?? schema;
}

/** The values worth sending for one filter: each choice, or one that narrows the way a person would. */
function valuesFor(key: string, schema: Schema): unknown[] {
  const s = meaningful(schema);
  if (s.enum) return s.enum;
  if (s.type === 'array') return s.items?.enum?.map((v) => [v]) ?? (key === 'ids' ? [[1, 2, 3]] : [['POS']]);
  if (s.type === 'integer') return [s.minimum === 1900 ? YEAR : 1];
  if (Array.isArray(s.type) && s.type.includes('number')) return [/max/.test(key) ? '100.00' : '10.00'];
  if (s.pattern === '^[A-Z]{3}$' || /currency/.test(key)) return ['USD'];
  if (s.type === 'string' && /(^|_)(from|to)$/.test(key)) return [/(^|_)to$/.test(key) ? TODAY : AGO];
  if (s.type === 'string') return ['a'];
  return [];
}

/** One call per value of each filter, and one per date range (its from and to together). */
export function filterCalls<F>(def: ListingDefinition<F>): FilterCall[] {
  const schema = z.toJSONSchema(def.filters, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Schema> };
  const properties = Object.entries(schema.properties ?? {});
  const calls = properties.flatMap(([key, s]) => valuesFor(key, s).map((value) => ({ label: `${key}=${JSON.stringify(value)}`, filters: { [key]: value } })));
  for (const [from] of properties.filter(([key]) => /(^|_)from$/.test(key))) {
    const to = from.replace(/from$/, 'to');
    if (properties.some(([key]) => key === to)) calls.push({ label: `${from}..${to}`, filters: { [from]: AGO, [to]: TODAY } });
  }
  return calls;
}
