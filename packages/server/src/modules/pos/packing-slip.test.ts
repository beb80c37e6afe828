import { formatContributionNumber } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(120, 40));
  ({ agent } = await signedIn(t));
}, 120_000);

describe('packing slip', () => {
  it('lists what to pack and where it goes, without prices', async () => {
    const [c] = await queryRows(t.database.db, sql`
      select c.id, c.invoice_number, c.client_uuid, c.bill_last_name, c.ship_to_billing, c.ship_address_01, c.bill_address_01,
             (select sum(qty)::int from contribution_items i where i.contribution_id = c.id) as qty,
             (select count(*)::int from contribution_items i where i.contribution_id = c.id) as n
        from contributions c
       where c.deleted_at is null and exists (select 1 from contribution_items i where i.contribution_id = c.id)
       order by c.shippable_items desc, c.id limit 1`);
    const response = await agent.get(`/jpanel/contributions/packing_slip.json?id=${c!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const slip = response.json();
    expect(slip.number).toBe(formatContributionNumber({ invoice_number: c!.invoice_number as string | null, client_uuid: String(c!.client_uuid) }));
    expect(slip.items).toHaveLength(c!.n as number);
    expect(slip.total_qty).toBe(c!.qty);
    expect(slip.org_name).toBeTruthy();
    if (c!.bill_last_name) expect(slip.billing.name).toContain(c!.bill_last_name);
    const expectedFirstLine = c!.ship_to_billing || !c!.ship_address_01 ? c!.bill_address_01 : c!.ship_address_01;
    if (expectedFirstLine) expect(slip.shipping.lines[0]).toBe(expectedFirstLine);
    expect(JSON.stringify(slip)).not.toMatch(/"(price|total|amount)"/);
  });

  it('answers 404 for a contribution that does not exist and 422 for an id that is not one', async () => {
    expect((await agent.get('/jpanel/contributions/packing_slip.json?id=999999999')).statusCode).toBe(404);
    expect((await agent.get('/jpanel/contributions/packing_slip.json?id=abc')).statusCode).toBe(422);
    expect((await agent.get('/jpanel/contributions/packing_slip.json')).statusCode).toBe(422);
  });

  it('needs the order.view permission', async () => {
    const { agent: clerk } = await signedIn(t, { permissions: [] });
    const response = await clerk.get('/jpanel/contributions/packing_slip.json?id=1');
    expect(response.statusCode).toBe(403);
  });
});
