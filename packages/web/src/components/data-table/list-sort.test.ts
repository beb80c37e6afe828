import { describe, expect, it } from 'vitest';
import { sortRows } from './list-sort.ts';

type Row = { name: string; amount: number | null };
const rows: Row[] = [
  { name: 'b10', amount: 5 },
  { name: 'a2', amount: null },
  { name: 'B2', amount: 5 },
  { name: 'a10', amount: 1 },
];
const values = [(r: Row) => r.name, (r: Row) => r.amount, undefined];

describe('sortRows', () => {
  it('sorts text as people read it (case and digits) both ways', () => {
    expect(sortRows(rows, values, [{ column: 0, dir: 'asc' }]).map((r) => r.name)).toEqual(['a2', 'a10', 'B2', 'b10']);
    expect(sortRows(rows, values, [{ column: 0, dir: 'desc' }]).map((r) => r.name)).toEqual(['b10', 'B2', 'a10', 'a2']);
  });

  it('keeps empty values last in either direction, and ties in their order or by the next entry', () => {
    expect(sortRows(rows, values, [{ column: 1, dir: 'desc' }]).map((r) => r.name)).toEqual(['b10', 'B2', 'a10', 'a2']);
    expect(sortRows(rows, values, [{ column: 1, dir: 'asc' }]).map((r) => r.name)).toEqual(['a10', 'b10', 'B2', 'a2']);
    expect(sortRows(rows, values, [{ column: 1, dir: 'asc' }, { column: 0, dir: 'asc' }]).map((r) => r.name)).toEqual(['a10', 'B2', 'b10', 'a2']);
  });

  it('leaves the rows as they came without an order or on a column that does not sort', () => {
    expect(sortRows(rows, values, [])).toEqual(rows);
    expect(sortRows(rows, values, [{ column: 2, dir: 'asc' }])).toEqual(rows);
  });
});
