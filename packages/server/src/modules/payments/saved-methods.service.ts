import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PaymentGateway, SavedPaymentMethod } from '../../integrations/payments/index.ts';
import { queryRows } from '../../listing/engine.ts';

/**
 * The supporter's customer at `gateway`, created there the first time it is needed and kept
 * (payment_gateway_customers); null at gateways without customers (the sandbox). The gateway
 * is asked under a key of the supporter and the details sent, so a save rolled back after the
 * customer was made finds the same customer on its retry rather than a second one.
 */
export async function gatewayCustomerFor(tx: Tx, gateway: PaymentGateway, supporterId: number): Promise<string | null> {
  if (!gateway.createCustomer) return null;
  const kept = await keptCustomer(tx, gateway.name, supporterId);
  if (kept) return kept;
  const [s] = await queryRows(tx, sql`select display_name, coalesce(email, bill_email) as email from supporters where id = ${supporterId}`);
  const name = (s?.display_name as string | null | undefined) || null;
  const email = (s?.email as string | null | undefined) || null;
  const details = createHash('sha256').update(JSON.stringify([name, email])).digest('base64url').slice(0, 16);
  const reference = await gateway.createCustomer({ idempotencyKey: `customer:${supporterId}:${details}`, supporterId, name, email });
  await tx.execute(sql`insert into payment_gateway_customers (supporter_id, gateway, reference) values (${supporterId}, ${gateway.name}, ${reference})
                        on conflict (supporter_id, gateway) do nothing`);
  // Two saves at once for one supporter: the first kept is the one both use.
  return (await keptCustomer(tx, gateway.name, supporterId)) ?? reference;
}

async function keptCustomer(tx: Tx, gateway: string, supporterId: number): Promise<string | null> {
  const [row] = await queryRows(tx, sql`select reference from payment_gateway_customers where supporter_id = ${supporterId} and gateway = ${gateway}`);
  return row ? String(row.reference) : null;
}

export type MethodSaved = SavedPaymentMethod & { gateway: string; customer: string | null };

/**
 * A capture token made a reusable method for the supporter at `gateway`, set up there for the
 * renewals charged while the donor is away (Stripe: attached to their customer by a SetupIntent).
 * The caller keeps it as a payment_methods row with `gateway` and `customer` beside the token.
 */
export async function saveMethodAtGateway(tx: Tx, gateway: PaymentGateway, request: { supporterId: number; token: string; idempotencyKey: string; setupReference?: string | undefined }): Promise<MethodSaved> {
  const customer = await gatewayCustomerFor(tx, gateway, request.supporterId);
  const saved = await gateway.savePaymentMethod({ token: request.token, idempotencyKey: request.idempotencyKey, customer, setupReference: request.setupReference });
  return { ...saved, gateway: gateway.name, customer };
}
