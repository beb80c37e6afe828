import { type SQL, sql } from 'drizzle-orm';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { GatewayError, gatewayOfPayment } from '../../integrations/payments/index.ts';
import { queryRows } from '../../listing/engine.ts';

/** A renewal payment left waiting for the donor to authenticate: its gateway and that gateway's reference. */
export type HeldRenewal = { id: number; gateway: string | null; reference: string };

/** The payments of the profiles `profileIds` (a subquery) left waiting for the donor to authenticate and not cancelled yet. */
const heldRenewalsOf = (profileIds: SQL) => sql`
  select p.id, p.gateway, p.reference_number from payments p join payment_links l on l.payment_id = p.id
   where l.recurring_payment_profile_id in (${profileIds}) and p.status = 'failed' and p.failure_code = 'authentication_required'
     and p.reference_number is not null and p.cancelled_at is null`;

const heldOf = (rows: Record<string, unknown>[]): HeldRenewal[] =>
  rows.map((r) => ({ id: Number(r.id), gateway: r.gateway === null ? null : String(r.gateway), reference: String(r.reference_number) }));

/**
 * Asks the payment's gateway to cancel it; true once the gateway is done with it: cancelled now,
 * or an answer of no (cancelled or final already). False when its gateway cancels nothing.
 */
async function cancelAtGateway(q: Queryable, held: HeldRenewal): Promise<boolean> {
  const gateway = gatewayOfPayment(q, held.gateway);
  if (!gateway?.cancelPayment) return false;
  try {
    await gateway.cancelPayment(held.reference);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
  }
  return true;
}

/** Marks a held renewal cancelled at its gateway: it is never asked again. */
const markCancelled = (tx: Tx, id: number) => tx.execute(sql`update payments set cancelled_at = now(), updated_at = now() where id = ${id} and cancelled_at is null`);

/**
 * Cancels at their gateway the renewals of a profile that waited for the donor to authenticate
 * (Stripe leaves such a PaymentIntent open, so it could be confirmed later, outside any run).
 * Called whenever the wait ends: the donor's new authentication failed, the gift is cancelled or
 * marked spam (heldRenewalsOfProfiles), or the donor put a new card on it (the next run charges
 * that card anew). A run never completes the old intent (it charges a new one under a key of its
 * own), so nothing needs it. Each one is cancelled once: marked so, a later call asks nothing.
 */
export async function cancelHeldRenewals(tx: Tx, profileId: number): Promise<void> {
  const held = heldOf(await queryRows(tx, sql`${heldRenewalsOf(sql`${profileId}`)} order by p.id for update of p`));
  for (const payment of held) if (await cancelAtGateway(tx, payment)) await markCancelled(tx, payment.id);
}

/** The held renewals of the profiles `profileIds` (a subquery), for cancelHeldRenewalsAfterCommit. */
export async function heldRenewalsOfProfiles(tx: Tx, profileIds: SQL): Promise<HeldRenewal[]> {
  return heldOf(await queryRows(tx, sql`${heldRenewalsOf(profileIds)} order by p.id`));
}

/**
 * Cancels held renewals a committed transaction found (a bulk action), outside any transaction:
 * no lock is held while the gateway answers; each is marked in a short transaction of its own.
 */
export async function cancelHeldRenewalsAfterCommit(db: Db, actor: Actor, held: HeldRenewal[]): Promise<void> {
  for (const payment of held) if (await cancelAtGateway(db, payment)) await withActor(db, actor, (tx) => markCancelled(tx, payment.id));
}
