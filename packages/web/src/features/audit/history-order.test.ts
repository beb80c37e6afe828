import type { HistoryEntry } from '@almoner/contracts';
import { describe, expect, it } from 'vitest';
import { orderedChanges } from './history-order.ts';

type Change = HistoryEntry['changes'][number];
const change = (field: string, after: unknown, before: unknown = null) => ({ field, label: field, kind: 'text', before, after }) as unknown as Change;

describe('orderedChanges', () => {
  it("puts a supporter's fields in the form's order, not the database's, and unknown ones last", () => {
    const fields = orderedChanges('supporters', 'update', [change('ship_city', 'b', 'a'), change('zz_new', 1, 0), change('first_name', 'Jo', 'J'), change('bill_city', 'd', 'c')]);
    expect(fields.map((c) => c.field)).toEqual(['first_name', 'bill_city', 'ship_city', 'zz_new']);
  });

  it('leaves the empty fields out of a created record, and keeps an update that emptied one', () => {
    expect(orderedChanges('supporters', 'insert', [change('email', ''), change('first_name', 'Jo'), change('title', null)]).map((c) => c.field)).toEqual(['first_name']);
    expect(orderedChanges('supporters', 'update', [change('email', null, 'a@b.org')]).map((c) => c.field)).toEqual(['email']);
  });
});
