import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * contributions.supporter_name is stored so the Supporter sort has an index; it must always be
 * what the list used to compute across the join: the supporter's display name, else the billing
 * name, else 'Anonymous Donor' — after every change on either side.
 */
const t = await createTestApp();
const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
const one = async (q: ReturnType<typeof sql>) => (await rows(q))[0] as Record<string, unknown>;

/** The rule as the list computed it before it was stored, over the join. */
const computed = sql`coalesce(nullif(s.display_name, ''), nullif(trim(concat_ws(' ', c.bill_first_name, c.bill_last_name)), ''), 'Anonymous Donor')`;

async function disagreements(): Promise<unknown[]> {
  return rows(sql`select c.id, c.supporter_name, ${computed} as expected from contributions c left join supporters s on s.id = c.supporter_id
                   where c.supporter_name is distinct from ${computed}`);
}

let n = 0;
async function contribution(values: { supporter_id?: number | null; first?: string | null; last?: string | null }): Promise<number> {
  n++;
  const row = await one(sql`insert into contributions (client_uuid, supporter_id, bill_first_name, bill_last_name,
                                          currency_code, functional_currency_code, functional_exchange_rate, functional_total_amount)
                            values (${`name-case-${n}`}, ${values.supporter_id ?? null}, ${values.first ?? null}, ${values.last ?? null}, 'USD', 'USD', 1, 0) returning id`);
  return Number(row.id);
}

describe('contributions.supporter_name', () => {
  it('agrees with the rule on insert, on every edit of either side, and on a supporter deleted', async () => {
    const named = Number((await one(sql`insert into supporters (display_name, first_name, last_name, currency_code) values ('Grace Hopper', 'Grace', 'Hopper', 'USD') returning id`)).id);
    const blank = Number((await one(sql`insert into supporters (display_name, currency_code) values ('', 'USD') returning id`)).id);
    const ids = [
      await contribution({ supporter_id: named, first: 'Bill', last: 'Payer' }),
      await contribution({ supporter_id: blank, first: 'Ada', last: null }),
      await contribution({ supporter_id: blank, first: null, last: 'Lovelace' }),
      await contribution({ first: '  ', last: null }),
      await contribution({}),
    ];
    expect(await disagreements()).toEqual([]);
    expect((await rows(sql`select supporter_name from contributions where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id`)).map((r) => r.supporter_name))
      .toEqual(['Grace Hopper', 'Ada', 'Lovelace', 'Anonymous Donor', 'Anonymous Donor']);

    await rows(sql`update supporters set display_name = 'Rear Admiral Hopper' where id = ${named}`);
    await rows(sql`update supporters set display_name = 'Now Named' where id = ${blank}`);
    expect(await disagreements()).toEqual([]);
    await rows(sql`update contributions set bill_first_name = 'Changed' where id = ${ids[3] as number}`);
    await rows(sql`update contributions set supporter_id = ${named} where id = ${ids[4] as number}`);
    expect(await disagreements()).toEqual([]);
    // A hand-written value does not stick.
    await rows(sql`update contributions set supporter_name = 'Somebody else' where id = ${ids[0] as number}`);
    expect(await disagreements()).toEqual([]);
    // Deleting the supporter unlinks their contributions, which fall back to the billing name.
    await rows(sql`delete from supporters where id = ${blank}`);
    expect(await disagreements()).toEqual([]);
    expect((await one(sql`select supporter_name from contributions where id = ${ids[1] as number}`)).supporter_name).toBe('Ada');
  });

  it('person_name says what trim(concat_ws(…)) says, for every mix of missing parts', async () => {
    const parts = [null, '', ' ', 'Ada', ' Ada '];
    for (const first of parts) {
      for (const last of parts) {
        const r = await one(sql`select person_name(${first}, ${last}) as ours, nullif(trim(concat_ws(' ', ${first}::text, ${last}::text)), '') as theirs`);
        expect(r.ours, JSON.stringify([first, last])).toBe(r.theirs);
      }
    }
  });
});
