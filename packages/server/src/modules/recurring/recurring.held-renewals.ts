import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { GatewayError, gatewayOfPayment } from '../../integrations/payments/index.ts';
import { queryRows } from '../../listing/engine.ts';

/**
 * Cancels at their gateway the renewals of a profile that waited for the donor to authenticate
 * (Stripe leaves such a PaymentIntent open, so it could be confirmed later, outside any run).
 * Called whenever the wait ends: the donor's new authentication failed, the gift is cancelled, or
 * the donor put a new card on it (the next run charges that card anew). A run never completes the old intent (it charges a new one under a key of
 * its own), so nothing needs it. A gateway that answers no (cancelled already) changes nothing.
 */
export async function cancelHeldRenewals(tx: Tx, profileId: number): Promise<void> {
  const held = await queryRows(tx, sql`
    select p.gateway, p.reference_number from payments p join payment_links l on l.payment_id = p.id
     where l.recurring_payment_profile_id = ${profileId} and p.status = 'failed' and p.failure_code = 'authentication_required'
       and p.reference_number is not null
     order by p.id`);
  for (const row of held) {
    const gateway = gatewayOfPayment(tx as unknown as Db, row.gateway === null ? null : String(row.gateway));
    if (!gateway?.cancelPayment) continue;
    try {
      await gateway.cancelPayment(String(row.reference_number));
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
    }
  }
}
