import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contributions } from '../modules/contributions/contributions.tables.ts';
import { supporters } from '../modules/supporters/supporters.tables.ts';
import type { Agent} from '../test/test-app.ts';
import { createTestApp, signedIn, type TestApp } from '../test/test-app.ts';

/**
 * The search boxes match `searchable_text`, which the database derives on every write (migration
 * 0026). Rows here are written the way the app writes them — no writer sets the column itself.
 */
let t: TestApp;
let agent: Agent;

type Page = { recordsFiltered: number; data: { id: number }[] };
const found = async (url: string, search: string) =>
  ((await agent.post(url, { search })).json() as Page).data.map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
}, 60_000);

describe('search text kept by the database', () => {
  it('finds a supporter added without any search text, and again after a rename', async () => {
    const [row] = await t.database.db
      .insert(supporters)
      .values({ firstName: 'Quillon', lastName: 'Searchwell', email: 'quill.one@example.org', billPhone: '555 0199', currencyCode: 'USD' })
      .returning({ id: supporters.id });
    const id = (row as { id: number }).id;
    expect(await found('/jpanel/supporters.listing', 'quillon searchwell')).toEqual([id]);
    expect(await found('/jpanel/supporters.listing', 'QUILL.ONE@example')).toEqual([id]);
    expect(await found('/jpanel/supporters.listing', '555 0199')).toEqual([id]);

    await t.database.db.update(supporters).set({ lastName: 'Renamedly' }).where(eq(supporters.id, id));
    expect(await found('/jpanel/supporters.listing', 'searchwell')).toEqual([]);
    expect(await found('/jpanel/supporters.listing', 'quillon renamedly')).toEqual([id]);
  });

  it('finds a sale by the number it was given when paid, and by its supporter’s new name', async () => {
    const [person] = await t.database.db
      .insert(supporters)
      .values({ firstName: 'Odile', lastName: 'Numberfind', displayName: 'Odile Numberfind', currencyCode: 'USD' })
      .returning({ id: supporters.id });
    const supporterId = (person as { id: number }).id;
    const uuid = 'C0FFEE00-1234-4ABC-8DEF-0123456789AB';
    const [row] = await t.database.db
      .insert(contributions)
      .values({
        clientUuid: uuid, supporterId, currencyCode: 'USD', totalAmount: 1000, subtotalAmount: 1000,
        functionalCurrencyCode: 'USD', functionalExchangeRate: '1', functionalTotalAmount: 1000, functionalRateDate: '2026-01-01',
      })
      .returning({ id: contributions.id });
    const id = (row as { id: number }).id;
    const url = '/jpanel/contributions-v2.listing';
    // An open cart is found by its cart number; paying numbers it as the POS does.
    expect(await found(url, uuid)).toEqual([id]);
    await t.database.db.update(contributions).set({ invoiceNumber: uuid, paidAt: new Date() }).where(eq(contributions.id, id));
    expect(await found(url, uuid.toLowerCase())).toEqual([id]);
    expect(await found(url, 'odile numberfind')).toEqual([id]);

    await t.database.db.update(supporters).set({ displayName: 'Odile Renumbered' }).where(eq(supporters.id, supporterId));
    expect(await found(url, 'renumbered')).toEqual([id]);
  });
});
