import type { EditionFlags, ListingColumn } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { streamCsv } from './csv.ts';
import { type ListingDefinition, readListingQuery, runListing } from './engine.ts';

const flags: EditionFlags = { express: false, dp: false, referral_sources: true, nps: false };
const columns: ListingColumn[] = [
  { key: 'name', label: 'Name', sortable: true },
  { key: 'amount', label: 'Amount', sortable: true },
  { key: 'created_at', label: 'Created', sortable: true },
];

const probe: ListingDefinition<{ min?: number | undefined }> = {
  columns,
  fields: {
    name: { select: sql`p.name` },
    amount: { select: sql`p.amount::float8` },
    created_at: { select: sql`p.created_at` },
  },
  rowExtras: { id: sql`p.id`, _url: sql`'/jpanel/probe/' || p.id` },
  from: sql`listing_probe p`,
  baseWhere: sql`not p.deleted`,
  filters: z.object({ min: z.coerce.number().int().optional() }),
  where: (f) => [f.min !== undefined ? sql`p.amount >= ${f.min}` : undefined],
  search: (term) => sql`p.name ilike ${`%${term}%`}`,
  tiebreak: sql`p.id`,
  defaultOrder: [{ column: 2, dir: 'desc' }],
  pageSize: 10,
  csv: () => [
    { header: 'ID', value: sql`p.id`, kind: 'number' },
    { header: 'Name', value: sql`p.name`, kind: 'text' },
    { header: 'Amount', value: sql`(p.amount / 100.0)::numeric(12,2)`, kind: 'number' },
  ],
};

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.exec(`
    create table listing_probe (id serial primary key, name text not null, amount bigint not null,
                                created_at timestamptz not null, deleted boolean not null default false);
    insert into listing_probe (name, amount, created_at, deleted)
    select case when i % 17 = 0 then '=HYPERLINK("x")' when i % 19 = 0 then '-' || i::text || ', "quoted"' else 'Donor ' || i end,
           (i * 37) % 5000, timestamptz '2026-01-01' + (i % 40) * interval '1 day', i % 23 = 0
      from generate_series(1, 137) i;`);
});
afterAll(() => database.close());

const list = async (raw: Record<string, unknown>) => runListing(database.db, probe, readListingQuery(probe, raw));

async function exportIds(raw: Record<string, unknown>): Promise<string[][]> {
  let text = '';
  for await (const chunk of streamCsv(database, probe, readListingQuery(probe, raw), flags)) text += String(chunk);
  return parseCsv(text).slice(1);
}

/** A small RFC 4180 reader, enough to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += ch;
    }
  }
  return rows;
}

describe('listing engine', () => {
  it('pages, sorts on several columns, filters and searches — and the CSV holds exactly those rows', async () => {
    const raw = { order: [{ column: '1', dir: 'asc' }, { column: '0', dir: 'desc' }], min: '500', search: { value: 'donor' } };
    const shown: unknown[] = [];
    for (let start = 0; ; start += 10) {
      const page = await list({ ...raw, start, length: 10, draw: 3 });
      expect(page.draw).toBe(3);
      shown.push(...page.data.map((r) => r.id));
      if (page.data.length < 10) {
        expect(page.recordsFiltered).toBe(shown.length);
        break;
      }
    }
    const exported = await exportIds(raw);
    expect(exported.map((r) => Number(r[0]))).toEqual(shown);
    const amounts = (await list({ ...raw, length: 500 })).data.map((r) => Number(r.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('neutralises spreadsheet formulas and keeps numbers as numbers', async () => {
    const rows = await exportIds({ search: { value: '' } });
    const names = rows.map((r) => r[1] as string);
    expect(names).toContain(`'=HYPERLINK("x")`);
    expect(names.some((n) => n.startsWith("'-"))).toBe(true);
    expect(names.every((n) => !/^[=+\-@\t\r]/.test(n))).toBe(true);
    expect(rows.every((r) => /^\d+\.\d{2}$/.test(r[2] as string))).toBe(true);
  });

  it('clamps hostile paging and drops unknown sorts instead of failing', async () => {
    const page = await list({ start: '-40', length: '999999', draw: 'abc', order: [{ column: '99', dir: 'sideways' }, { column: "1; drop table x", dir: 'asc' }] });
    expect(page.draw).toBe(0);
    expect(page.data.length).toBe(page.recordsFiltered);
    expect(page.data.length).toBeLessThanOrEqual(500);
    const dates = page.data.map((r) => String(r.created_at));
    expect(dates).toEqual([...dates].sort().reverse());
    const sqlSearch = await list({ search: { value: "'; drop table listing_probe; --" } });
    expect(sqlSearch.data).toEqual([]);
    expect((await list({ start: '1e12' })).data).toEqual([]);
  });

  it('refuses a 100,000-character search with a clear message', async () => {
    await expect(list({ search: { value: 'x'.repeat(100_000) } })).rejects.toMatchObject({
      code: 'validation',
      message: 'This field can contain a maximum of 200 characters.',
    });
    await expect(list({ min: 'lots' })).rejects.toMatchObject({ code: 'validation' });
  });
});
