import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { crmSandboxDonors, crmSandboxGifts } from '../integrations/crm/sandbox-crm.tables.ts';
import { decimalSql } from '../modules/money/money.sql.ts';
import { resetSequences } from './writer.ts';

/**
 * The built-in sandbox CRM's side of the demo: every donor id a supporter carries is a donor
 * there, and every gift id a contribution carries is a gift of that donor, as the CRM push would
 * have left them (same reference and narrative). Without it "Open in the donor CRM" answered
 * "This donor is not in the donor CRM." on every demo record once the CRM was on (issue 39).
 * Written from the rows already seeded, so it stays deterministic.
 */
export async function insertSandboxCrm(q: Queryable): Promise<void> {
  await q.execute(sql`
    insert into crm_sandbox_donors (id, first_name, last_name, email, address, city, state, zip, country, created_at)
    select s.donor_id::bigint, left(coalesce(s.first_name, ''), 50), left(coalesce(s.last_name, ''), 75), left(coalesce(s.email, ''), 100),
           left(coalesce(s.bill_address_01, ''), 450), left(coalesce(s.bill_city, ''), 200), left(coalesce(s.bill_state, ''), 45),
           left(coalesce(s.bill_zip, ''), 45), left(coalesce(s.bill_country, ''), 45), s.created_at
      from supporters s
     where s.donor_id ~ '^[0-9]{1,15}$'
    on conflict (id) do nothing`);
  await q.execute(sql`
    insert into crm_sandbox_gifts (id, donor_id, record_type, gift_date, amount, gl_code, campaign, reference, gift_narrative, updated_at)
    select c.gift_id::bigint, c.donor_id::int, 'G', (coalesce(c.paid_at, c.ordered_at) at time zone 'UTC')::date,
           (${decimalSql(sql`c.total_amount`, sql`c.currency_code`)})::text,
           coalesce((select nullif(i.gl_code, '') from contribution_items i where i.contribution_id = c.id order by i.id limit 1), ''),
           'ANNUAL', 'ALMONER-C-' || c.client_uuid, 'Almoner contribution #' || coalesce(c.invoice_number, c.client_uuid::text), coalesce(c.paid_at, c.updated_at)
      from contributions c
     where c.gift_id ~ '^[0-9]{1,15}$' and c.donor_id ~ '^[0-9]{1,9}$'
       and exists (select 1 from crm_sandbox_donors d where d.id = c.donor_id::bigint)
    on conflict (id) do nothing`);
  await resetSequences(q, [crmSandboxDonors, crmSandboxGifts]);
}
