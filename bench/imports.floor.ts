import type pg from 'pg';

/**
 * The database's own floor for what the contributions import writes: the same rows (the import's
 * created ones, read from import_rows, undone or not) written by hand-written set-based SQL, every table in one
 * statement, in one transaction that is rolled back. Per gift: a supporter for each new donor,
 * the contribution, its item, its payment and payment link, its status history, the brief audit
 * entries, the donors' lifetime giving, the domain events and the row's outcome. No checks, no
 * matching beyond e-mail, no round trips: what is left is the indexes, triggers and constraints
 * of the ledger's tables, which no import can skip. Answers the milliseconds it took, and each
 * statement's.
 */
export async function importFloor(client: pg.Client, importId: number): Promise<{ ms: number; steps: [string, number][] }> {
  const started = Date.now();
  const steps: [string, number][] = [];
  // Each statement's time, named by the table it writes (the first one it names after into/update).
  const query = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<unknown>;
  client = Object.create(client, {
    query: {
      value: async (text: string, values?: unknown[]) => {
        const at = Date.now();
        const result = await query(text, values);
        const table = /(?:insert into|update|create temp table)\s+(\w+)/i.exec(text.replace(/with[\s\S]*?\binsert into\s+(?=\w+\s*\()/i, 'insert into '))?.[1] ?? text.slice(0, 20);
        steps.push([table, Date.now() - at]);
        return result;
      },
    },
  });
  await client.query('begin');
  try {
    await client.query(`set local almoner.audit = 'off'`);
    await client.query(`
      create temp table g on commit drop as
      select r.row_number as n, r.raw as v, upper(gen_random_uuid()::text) as uuid,
             round((r.raw->>'subtotal_amt')::numeric * 100)::bigint as subtotal,
             round((r.raw->>'dcc')::numeric * 100)::bigint as dcc,
             round((r.raw->>'total')::numeric * 100)::bigint as total,
             (r.raw->>'date')::date::timestamp at time zone 'UTC' as at
        from import_rows r where r.import_id = $1 and r.outcome in ('created', 'undone')`, [importId]);
    // The brief audit entries of `from`'s rows (id, n); `insert` is a data-modifying CTE named w.
    const audit = (table: string, from: string, insert = '') => `
      ${insert ? `with w as (${insert}), x as (${from})` : `with x as (select * from ${from})`}
      insert into audit_log (actor_user_id, table_name, record_id, action, changes)
      select 1, '${table}', x.id::text, 'insert', jsonb_build_object('imported_from', jsonb_build_array(null, 'Import #' || $1::int || ', row ' || x.n))
        from x`;
    await client.query(`
      create temp table sup on commit drop as
      with first_rows as (select distinct on (lower(v->>'email')) * from g order by lower(v->>'email'), n),
      ins as (
        insert into supporters (first_name, last_name, display_name, email, bill_first_name, bill_last_name, bill_email,
                                bill_address_01, bill_city, bill_state, bill_zip, bill_phone, bill_country, email_opt_in,
                                currency_code, sign_up_method, account_type_id)
        select v->>'first_name', v->>'last_name', concat_ws(' ', v->>'first_name', v->>'last_name'), v->>'email', v->>'first_name',
               v->>'last_name', v->>'email', v->>'address_line_1', v->>'city', v->>'state', v->>'zip', v->>'phone', upper(v->>'country'),
               v->>'marketing_opt_in' = 'yes', 'USD', 'import', (select id from account_types order by id limit 1)
          from first_rows
        returning id, lower(email) as e)
      select ins.id, ins.e, f.n from ins join first_rows f on lower(f.v->>'email') = ins.e`);
    await client.query(audit('supporters', 'sup'), [importId]);
    await client.query(`
      create temp table con on commit drop as
      with ins as (
        insert into contributions (client_uuid, invoice_number, confirmation_number, supporter_id, started_at, ordered_at, paid_at,
                                   currency_code, subtotal_amount, dcc_amount, total_amount, dcc_enabled_by_customer,
                                   functional_currency_code, functional_exchange_rate, functional_total_amount, payment_type,
                                   payment_status, payment_gateway, source, email_opt_in, send_confirmation_emails, bill_first_name,
                                   bill_last_name, bill_email, bill_address_01, bill_city, bill_state, bill_zip, bill_phone, bill_country,
                                   gift_id, total_items, total_qty, created_by)
        select g.uuid, g.uuid, v->>'payment_auth', s.id, g.at, g.at, g.at, 'USD', g.subtotal, g.dcc, g.total, g.dcc > 0, 'USD', 1, g.total,
               'unknown', 'succeeded', 'offline', 'Import', v->>'marketing_opt_in' = 'yes', false, v->>'first_name', v->>'last_name',
               v->>'email', v->>'address_line_1', v->>'city', v->>'state', v->>'zip', v->>'phone', upper(v->>'country'), v->>'dp_gift_id', 1, 1, 1
          from g join sup s on s.e = lower(g.v->>'email')
        returning id, client_uuid, supporter_id, total_amount)
      select ins.*, g.n, g.subtotal, g.dcc, g.at from ins join g on g.uuid = ins.client_uuid`);
    await client.query(audit('contributions', 'con'), [importId]);
    await client.query(audit('contribution_items', 'select w.id, con.n from w join con on con.id = w.contribution_id', `
        insert into contribution_items (contribution_id, description, qty, price, original_price, total, is_donation, dcc_eligible, dcc_amount)
        select id, 'Imported gift', 1, subtotal, subtotal, subtotal, true, dcc > 0, dcc from con returning id, contribution_id`), [importId]);
    await client.query(`
      create temp table pay on commit drop as
      with ins as (
        insert into payments (type, status, amount, currency_code, functional_amount, functional_rate, paid, captured, captured_at,
                              reference_number, description, supporter_id, gateway)
        select 'unknown', 'succeeded', total_amount, 'USD', total_amount, 1, true, true, at, null,
               'Imported gift for Contribution #' || client_uuid, supporter_id, 'offline' from con
        returning id, description)
      select ins.id, con.id as contribution_id, con.n from ins join con on ins.description = 'Imported gift for Contribution #' || con.client_uuid`);
    await client.query(audit('payments', 'pay'), [importId]);
    await client.query(audit('payment_links', 'select w.id, pay.n from w join pay on pay.contribution_id = w.contribution_id', `
        insert into payment_links (payment_id, contribution_id) select id, contribution_id from pay returning id, contribution_id`), [importId]);
    await client.query(audit('contribution_status_history', 'select w.id, con.n from w join con on con.id = w.contribution_id', `
        insert into contribution_status_history (contribution_id, event, amount, user_id) select id, 'paid', total_amount, 1 from con
        returning id, contribution_id`), [importId]);
    await client.query(`
      update supporters s set lifetime_donation_amount = t.amount, lifetime_donation_count = t.n,
                              first_payment_at = t.first_at, last_payment_at = t.last_at
        from (select supporter_id, sum(total_amount) as amount, count(*) as n, min(at) as first_at, max(at) as last_at
                from con group by supporter_id) t
       where s.id = t.supporter_id`);
    await client.query(`
      insert into domain_events (type, version, payload)
      select 'contribution.paid', 1, jsonb_build_object('contribution_id', id, 'supporter_id', supporter_id,
             'total', jsonb_build_object('amount', (total_amount / 100.0)::text, 'currency', 'USD')) from con
      union all
      select 'supporter.created', 1, jsonb_build_object('supporter_id', id, 'email', e) from sup`);
    await client.query(`
      update import_rows r set note = r.note, record_id = c.id from con c where r.import_id = $1 and r.row_number = c.n`, [importId]);
  } finally {
    await client.query('rollback');
  }
  return { ms: Date.now() - started, steps };
}
