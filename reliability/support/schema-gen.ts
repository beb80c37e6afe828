import type { Rng } from './figures.ts';

/** The JSON Schema subset the OpenAPI document uses. */
export type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  description?: string;
};

/** Values that satisfy the document's patterns; the first that matches is used. */
const PATTERN_SAMPLES = [
  '2026-01-15T10:30:00Z', '2026-01-15', '2026-01', 'US', 'USD', 'ABC', 'ab12', 'abc', 'abc-def', 'a_b',
  'AB_1', '123', '1,2,3', '', 'text/plain', '/jpanel/supporters', '/about', 'https://example.org/hook',
  '+15551234567', 'report.json', '00000000-0000-0000-0000-000000000000', 'Abc123',
];

const WORDS = ['Ada', 'Lovelace', 'Grace', 'gift', 'Spring appeal', 'école', 'Zoë', '寄付', 'donor', 'note'];

function stringFor(schema: Schema, name: string, rng: Rng): string {
  if (schema.format === 'uuid') return '3f0e1c9a-6b2d-4f4e-9a51-0c8f2e7b1d42';
  if (schema.format === 'date-time') return '2026-01-15T10:30:00.000Z';
  if (schema.format === 'date') return '2026-01-15';
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    const sample = PATTERN_SAMPLES.find((s) => re.test(s) && s.length >= (schema.minLength ?? 0));
    if (sample !== undefined) return sample;
  }
  let value: string;
  if (/email/i.test(name) || schema.format === 'email') value = `fuzz${rng.int(1, 1e6)}@example.org`;
  else if (/url|link|href/i.test(name) || schema.format === 'uri') value = 'https://example.org/page';
  else if (/date|_at$|from|to$|until|since/i.test(name)) value = rng.pick(['2026-01-15', '2025-12-31']);
  else if (/phone/i.test(name)) value = '+15551234567';
  else if (/currency/i.test(name)) value = 'USD';
  else if (/country/i.test(name)) value = 'US';
  else if (/colou?r/i.test(name)) value = '#336699';
  else value = `${rng.pick(WORDS)} ${rng.int(1, 9999)}`;
  const max = schema.maxLength ?? 200;
  const min = schema.minLength ?? 0;
  if (value.length > max) value = value.slice(0, max);
  while (value.length < min) value += 'x';
  return value;
}

function numberFor(schema: Schema, integer: boolean, rng: Rng): number {
  const exMin = schema.exclusiveMinimum === true ? 1 : 0;
  const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 0) + exMin;
  const max = Math.min(schema.maximum ?? min + 1000, min + 1000);
  // Ids: mostly small, so they name records the fuzzer created.
  const value = rng.chance(0.6) ? Math.min(max, min + rng.int(0, 5)) : min + rng.next() * (max - min);
  return integer ? Math.floor(value) : Math.round(value * 100) / 100;
}

/** A value the schema accepts (best effort: the server has the last word). */
export function validValue(schema: Schema | undefined, rng: Rng, name = '', depth = 0): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  if (schema.anyOf ?? schema.oneOf) return validValue(rng.pick((schema.anyOf ?? schema.oneOf) as Schema[]), rng, name, depth);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => validValue(s, rng, name, depth) as object));
  if (schema.nullable && rng.chance(0.1)) return null;
  switch (schema.type ?? 'object') {
    case 'string':
      return stringFor(schema, name, rng);
    case 'integer':
      return numberFor(schema, true, rng);
    case 'number':
      return numberFor(schema, false, rng);
    case 'boolean':
      return rng.chance(0.5);
    case 'array': {
      const min = schema.minItems ?? 0;
      const count = Math.min(schema.maxItems ?? 3, Math.max(min, rng.int(0, 3)));
      return depth > 4 ? [] : Array.from({ length: count }, () => validValue(schema.items, rng, name, depth + 1));
    }
    case 'object':
    default: {
      if (!schema.properties) return {};
      const required = new Set(schema.required ?? []);
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties)) {
        if (required.has(key) || rng.chance(0.7)) {
          const value = validValue(property, rng, key, depth + 1);
          if (value !== undefined) out[key] = value;
        }
      }
      return out;
    }
  }
}

export const HUGE = 'x'.repeat(100_000);
const UNICODE = ['a\u0000b', '\u0000', '\ud83d\udca9\u200b\u202e', '\ufeffnull', 'Ω≈ç√∫', '\ud800', '\u0007\u001b[31m', '𝕏'.repeat(300)];
const HOSTILE = [HUGE, '', ' ', "1'; drop table users; --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '9'.repeat(400), '-1', 'NaN', '1e309', '2024-02-30', '0000-01-01', ...UNICODE];
const WRONG_TYPES: unknown[] = [null, 12345, -1, 1.5, 1e308, true, 'text', [], [1, 'a'], {}, { a: { b: [null] } }];

/**
 * Fields a client must never set on a record: the route's schema does not declare them, so
 * they are ignored or refused. The values are canaries looked for in the database afterwards.
 */
export const MASS_ASSIGNMENT = {
  is_admin: true,
  is_account_admin: true,
  id: 987654321,
  user_id: 987654321,
  total: 987654321,
  totals: { total: 987654321 },
  total_amount: 987654321,
  balance: 987654321,
  status: 'mass-assign-canary',
  secret: 'mass-assign-canary',
  api_token: 'mass-assign-canary',
  password_hash: 'mass-assign-canary',
  created_at: '1999-09-09T09:09:09Z',
  deleted_at: '1999-09-09T09:09:09Z',
} as const;

export type Mutation = { kind: string; value: unknown };

/** A mutated body: one hostile change to a valid one, or a whole-body replacement. */
export function mutatedBody(schema: Schema | undefined, rng: Rng): Mutation {
  const base = validValue(schema, rng);
  const properties = schema?.properties ?? {};
  const names = Object.keys(properties);
  const kind = rng.pick(names.length ? ['wrong-type', 'missing', 'extra', 'hostile-string', 'null', 'array-for-object', 'object-for-array', 'whole-body', 'every-field-hostile', 'deep'] : ['extra', 'whole-body', 'deep']);
  const body = (base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {}) as Record<string, unknown>;
  const field = names.length ? rng.pick(names) : 'x';
  switch (kind) {
    case 'wrong-type':
      body[field] = rng.pick(WRONG_TYPES.filter((v) => typeof v !== (properties[field]?.type ?? '')));
      return { kind, value: body };
    case 'missing': {
      const required = schema?.required?.length ? rng.pick(schema.required) : field;
      delete body[required];
      return { kind, value: body };
    }
    case 'extra':
      return { kind, value: { ...body, ...Object.fromEntries(Object.entries(MASS_ASSIGNMENT).filter(([k]) => !(k in properties))), [rng.pick(['zz', '__proto__', 'constructor'])]: { polluted: true } } };
    case 'hostile-string':
      body[field] = rng.pick(HOSTILE);
      return { kind, value: body };
    case 'null':
      body[field] = null;
      return { kind, value: body };
    case 'array-for-object':
      body[field] = [body[field] ?? 'x', { nested: HUGE.slice(0, 1000) }];
      return { kind, value: rng.chance(0.3) ? [body] : body };
    case 'object-for-array':
      body[field] = { 0: 'a', length: 1e9 };
      return { kind, value: body };
    case 'every-field-hostile':
      return { kind, value: Object.fromEntries(names.map((n) => [n, rng.pick(HOSTILE)])) };
    case 'deep': {
      let deep: unknown = 'leaf';
      for (let i = 0; i < 200; i++) deep = { a: deep };
      return { kind, value: { ...body, [field]: deep } };
    }
    default:
      return { kind: 'whole-body', value: rng.pick<unknown>([[], 'text', 12345, null, true, [body], HOSTILE[0]]) };
  }
}

/** A hostile path or query value. */
export function hostileScalar(rng: Rng): string {
  return rng.pick(['abc', '-1', '0', '1.5', '99999999999999999999999', "1'; drop table users; --", 'a\u0000b', HUGE.slice(0, 5000), '%', '..%2f..', '\ud83d\udca9', 'null', '[]', '2024-02-30']);
}
