import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { queryRows } from '../listing/engine.ts';
import { at, DAY, isoDay, type SeedContext } from './context.ts';

/**
 * Two gift batches (issue 37 item 2), dated from the app clock: last week's mailed cheques,
 * closed, whose gifts are the recent cheque contributions already posted (so its deposit slip
 * and links are real), and this week's, open with some of its cheques still to key.
 */
export async function insertBatches(ctx: SeedContext, q: Queryable): Promise<void> {
  const staff = ctx.staff[0] ?? null;
  const posted = await queryRows(q, sql`
    select c.id, c.supporter_id, c.total_amount::bigint as amount, c.check_number, coalesce(c.check_date, c.ordered_at::date)::text as received, i.variant_id
      from contributions c join contribution_items i on i.contribution_id = c.id
      join product_variants v on v.id = i.variant_id join products p on p.id = v.product_id
     where c.paid_at is not null and c.deleted_at is null and c.payment_type = 'cheque' and c.check_number is not null
       and c.currency_code = ${ctx.currency} and c.supporter_id is not null and c.total_items = 1 and c.refunded_amount = 0
       and v.is_donation and v.billing_period = 'onetime' and p.show_in_pos and c.ordered_at < ${at(ctx.now - 3 * DAY)}
     order by c.ordered_at desc limit 8`);
  if (posted.length > 0) {
    const total = posted.reduce((sum, g) => sum + Number(g.amount), 0);
    const [closed] = await queryRows(q, sql`
      insert into gift_batches (name, deposit_date, currency_code, expected_count, expected_total, status, closed_at, closed_by, created_by, created_at, updated_at)
      values ('Mailed cheques – last week', ${isoDay(ctx.now - 3 * DAY)}, ${ctx.currency}, ${posted.length}, ${total}, 'closed',
              ${at(ctx.now - 3 * DAY + 3_600_000)}, ${staff}, ${staff}, ${at(ctx.now - 4 * DAY)}, ${at(ctx.now - 3 * DAY + 3_600_000)})
      returning id`);
    for (const [i, g] of posted.entries()) {
      await q.execute(sql`
        insert into gift_batch_gifts (batch_id, position, supporter_id, amount, currency_code, payment_type, check_number, variant_id, received_on, contribution_id, created_at, updated_at)
        values (${closed!.id}, ${i + 1}, ${g.supporter_id}, ${g.amount}, ${ctx.currency}, 'check', ${g.check_number}, ${g.variant_id}, ${g.received}, ${g.id},
                ${at(ctx.now - 4 * DAY)}, ${at(ctx.now - 3 * DAY + 3_600_000)})`);
    }
  }
  await insertOpenBatch(ctx, q, staff);
}

/** This week's deposit: six cheques expected, four keyed so far. */
async function insertOpenBatch(ctx: SeedContext, q: Queryable, staff: number | null): Promise<void> {
  const [fund] = await queryRows(q, sql`
    select v.id from product_variants v join products p on p.id = v.product_id
     where p.code = 'GEN-FUND' and v.is_donation and v.billing_period = 'onetime' and v.deleted_at is null order by v.id limit 1`);
  const donors = await queryRows(q, sql`select id from supporters where is_active and not is_spam and archived_at is null order by id limit 4 offset 20`);
  if (!fund || donors.length < 4) return;
  const [open] = await queryRows(q, sql`
    insert into gift_batches (name, deposit_date, currency_code, expected_count, expected_total, created_by, created_at, updated_at)
    values ('Mailed cheques – this week', ${isoDay(ctx.now)}, ${ctx.currency}, 6, 47500, ${staff}, ${at(ctx.now - DAY)}, ${at(ctx.now - DAY)})
    returning id`);
  const amounts = [5000, 10000, 2500, 15000];
  for (const [i, donor] of donors.entries()) {
    await q.execute(sql`
      insert into gift_batch_gifts (batch_id, position, supporter_id, amount, currency_code, payment_type, check_number, variant_id, received_on, created_at, updated_at)
      values (${open!.id}, ${i + 1}, ${donor.id}, ${amounts[i]}, ${ctx.currency}, 'check', ${String(2041 + i)}, ${fund.id}, ${isoDay(ctx.now - (i % 3) * DAY)},
              ${at(ctx.now - DAY)}, ${at(ctx.now - DAY)})`);
  }
}
