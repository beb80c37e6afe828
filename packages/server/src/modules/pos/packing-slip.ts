import {
  formatContributionNumber,
  packingSlipQuerySchema,
  packingSlipSchema,
  type PackingSlip,
  type PackingSlipAddress,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { getOrgName } from '../settings/settings.service.ts';

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

function addressOf(row: Row, p: 'bill' | 'ship'): PackingSlipAddress {
  const name = [row[`${p}_first_name`], row[`${p}_last_name`]].map(str).filter(Boolean).join(' ');
  const cityLine = [
    str(row[`${p}_city`]),
    [str(row[`${p}_state`]), str(row[`${p}_zip`])].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return {
    name: name || null,
    organization: p === 'bill' ? str(row.bill_organization_name) : null,
    lines: [
      str(row[`${p}_address_01`]),
      str(row[`${p}_address_02`]),
      cityLine || null,
      str(row[`${p}_country`]),
    ].filter((l): l is string => Boolean(l)),
    email: p === 'bill' ? str(row.bill_email) : null,
    phone: p === 'bill' ? str(row.bill_phone) : null,
  };
}

/** One contribution as a packing slip: what to pack and where it goes. */
export async function getPackingSlip(db: Queryable, id: number): Promise<PackingSlip> {
  const [row] = await queryRows(
    db,
    sql`
    select c.id, c.invoice_number, c.client_uuid, c.ordered_at, c.ship_to_billing, c.comments,
           coalesce(c.shipping_method_name, (select m.name from shipping_methods m where m.id = c.shipping_method_id)) as shipping_method,
           c.bill_first_name, c.bill_last_name, c.bill_organization_name, c.bill_email, c.bill_phone,
           c.bill_address_01, c.bill_address_02, c.bill_city, c.bill_state, c.bill_zip, c.bill_country,
           c.ship_first_name, c.ship_last_name, c.ship_address_01, c.ship_address_02, c.ship_city, c.ship_state, c.ship_zip, c.ship_country
      from contributions c where c.id = ${id} and c.deleted_at is null`,
  );
  if (!row) throw new AppError('not_found', 'This contribution does not exist.');
  const items = await queryRows(
    db,
    sql`
    select id, description, code, qty, requires_shipping from contribution_items where contribution_id = ${id} order by id`,
  );
  const billing = addressOf(row, 'bill');
  const shipping =
    row.ship_to_billing || !row.ship_address_01
      ? { ...billing, email: null, phone: null }
      : addressOf(row, 'ship');
  return {
    id: Number(row.id),
    number: formatContributionNumber({
      invoice_number: str(row.invoice_number),
      client_uuid: String(row.client_uuid),
    }),
    org_name: await getOrgName(db),
    ordered_at: new Date(row.ordered_at as string | Date).toISOString(),
    billing,
    shipping,
    shipping_method: str(row.shipping_method),
    comments: str(row.comments),
    items: items.map((i) => ({
      id: Number(i.id),
      description: String(i.description),
      code: str(i.code),
      qty: Number(i.qty),
      requires_shipping: Boolean(i.requires_shipping),
    })),
    total_qty: items.reduce((sum, i) => sum + Number(i.qty), 0),
  };
}

/** GET /jpanel/contributions/packing_slip.json?id= — the data of the printable packing slip page. */
export const packingSlipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jpanel/contributions/packing_slip.json',
    {
      config: { permission: 'order.view' },
      schema: {
        summary: 'Read a contribution as a packing slip',
        tags: ['pos'],
        querystring: packingSlipQuerySchema,
        response: { 200: packingSlipSchema },
      },
    },
    async (request) => getPackingSlip(app.ctx.db, request.query.id),
  );
};
