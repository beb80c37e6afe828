import type { Database } from '../../db/client.ts';

/**
 * Tables whose rows are bookkeeping, not business records: sessions and throttles, the trail
 * itself, counters (page views, cached and kept listing counts), logs (webhook deliveries, the
 * mail outbox, the sandbox gateway's ledger and sources) and job bookkeeping (imports' progress;
 * the job queue lives in its own schema, which is never audited). A table added here loses its
 * trigger at the next start. Later areas add their own bookkeeping tables to this list.
 */
export const UNAUDITED = [
  'sessions', 'auth_throttle', 'audit_log', 'mail_outbox', 'sandbox_sources', 'sandbox_ledger',
  'listing_counts', 'contribution_counts', 'fundraising_page_views', 'webhook_deliveries', 'imports',
  // job bookkeeping, the event outbox and reset tokens: bookkeeping or secrets, never business changes
  'job_once_keys', 'job_progress', 'domain_events', 'password_reset_tokens',
  // the text-to-give bot's chat log and its place in each chat: a transcript, not staff changes
  'messenger_conversations', 'messenger_messages',
  // the billing sandbox's hosted pages stand for the provider's servers (billing_subscriptions is audited)
  'sandbox_billing_pages',
  // an import's staged rows and their outcomes: the job's own record (the records it changes are audited)
  'import_rows',
  // a supporter's consent changes: an append-only log (the supporters row's own change is audited)
  'supporter_consent_changes',
  // a supporter's tags: each change is written to the supporter's own history (tags.history.ts)
  'supporter_tags',
];
/** Columns whose values never leave the row: a change is noted, the value is not. */
const HIDDEN = [
  'password_hash', 'two_factor_secret', 'two_factor_recovery_codes', 'api_token_hash', 'secret',
  'two_factor_last_step', 'password', 'credentials', 'token', 'stream_key',
];
/** Columns that change on every write, or count visits and sign-ins: they would only add noise. */
const IGNORED = [
  'updated_at', 'search_vector', 'searchable_text', 'supporter_name', 'views', 'access_count', 'last_seen_at',
  'last_login_at', 'login_count',
  // a webhook's circuit-breaker counters change on every failed try (a pause itself, paused_until, is kept)
  'failures_in_a_row', 'timeouts_in_a_row', 'probe_failures', 'probe_queued_at',
];

const quoteList = (items: string[]) => items.map((i) => `'${i}'`).join(',');

/**
 * Three statement triggers on every business table write the audit trail, one entry per row the
 * statement inserted, updated or deleted, read from the statement's transition tables in one
 * insert. (They were row triggers: a PL/pgSQL call and two queries per row were most of a bulk
 * write's time, an import's 500 contributions with their payments and items.) An entry holds
 * each changed column as [before, after]; hidden columns say only that they changed, ignored
 * ones are left out. The record id is the primary key: the triggers are created with the key's
 * column names as their argument ('id', or 'contribution_id,promo_code_id' for a composite key,
 * whose values are joined with ':'); an update's old and new rows are paired by it. The acting
 * user and address are transaction-local settings (`almoner.actor_id`, `almoner.actor_ip`) set
 * by `withActor`; bulk seeding turns the trail off with `almoner.audit = off` for its own
 * transaction only.
 */
const functionSql = `
-- The changes from one row's old values to its new ones ('{}' for the side an insert or a delete lacks).
create or replace function almoner_audit_diff(old_row jsonb, new_row jsonb) returns jsonb language sql immutable as $fn$
  select jsonb_object_agg(k, case when k = any(array[${quoteList(HIDDEN)}])
                                  then jsonb_build_array(case when o = 'null'::jsonb then null else '[hidden]' end,
                                                         case when n = 'null'::jsonb then null else '[hidden]' end)
                                  else jsonb_build_array(o, n) end)
    from (select k, coalesce(old_row -> k, 'null'::jsonb) as o, coalesce(new_row -> k, 'null'::jsonb) as n
            from jsonb_object_keys(old_row || new_row) as k
           where k <> all(array[${quoteList(IGNORED)}])) as c
   where o <> n
$fn$;

-- A row's record id: its primary key's values joined with ':'.
create or replace function almoner_audit_key(row_json jsonb, key_columns text) returns text language sql immutable as $fn$
  select left(coalesce(string_agg(coalesce(row_json ->> u.col, ''), ':' order by u.ord), ''), 64)
    from unnest(string_to_array(coalesce(key_columns, 'id'), ',')) with ordinality as u(col, ord)
$fn$;

create or replace function almoner_audit_rows() returns trigger language plpgsql as $$
declare
  actor int;
  actor_ip inet;
begin
  -- Checked before any row is turned into JSON, so bulk loads with the trail off pay nothing.
  if coalesce(current_setting('almoner.audit', true), '') = 'off' then return null; end if;
  actor := nullif(current_setting('almoner.actor_id', true), '')::int;
  actor_ip := nullif(current_setting('almoner.actor_ip', true), '')::inet;
  -- One statement per operation: each names only the transition tables its trigger has.
  if tg_op = 'INSERT' then
    insert into audit_log (actor_user_id, actor_ip, table_name, record_id, action, changes)
    select actor, actor_ip, tg_table_name, almoner_audit_key(r.j, tg_argv[0]), 'insert', d.diff
      from (select to_jsonb(x) as j from almoner_new_rows x) as r
      cross join lateral almoner_audit_diff('{}'::jsonb, r.j) as d(diff)
     where d.diff is not null;
  elsif tg_op = 'DELETE' then
    insert into audit_log (actor_user_id, actor_ip, table_name, record_id, action, changes)
    select actor, actor_ip, tg_table_name, almoner_audit_key(r.j, tg_argv[0]), 'delete', d.diff
      from (select to_jsonb(x) as j from almoner_old_rows x) as r
      cross join lateral almoner_audit_diff(r.j, '{}'::jsonb) as d(diff)
     where d.diff is not null;
  else
    insert into audit_log (actor_user_id, actor_ip, table_name, record_id, action, changes)
    select actor, actor_ip, tg_table_name, n.k, 'update', d.diff
      from (select to_jsonb(x) as j, almoner_audit_key(to_jsonb(x), tg_argv[0]) as k from almoner_new_rows x) as n
      join (select to_jsonb(x) as j, almoner_audit_key(to_jsonb(x), tg_argv[0]) as k from almoner_old_rows x) as o on o.k = n.k
      cross join lateral almoner_audit_diff(o.j, n.j) as d(diff)
     where d.diff is not null;
  end if;
  return null;
end $$;`;

/**
 * Idempotent; runs as one transaction under an advisory lock so parallel starts do not race.
 * Attaches the trigger (with the table's primary-key columns) where it is missing or out of
 * date, and removes it from tables listed as bookkeeping.
 */
export async function installAuditTriggers(database: Database): Promise<void> {
  await database.exec(`
    begin;
    select pg_advisory_xact_lock(424242);
    ${functionSql}
    do $$
    declare
      t record;
      wanted text;
      old_name text;
    begin
      for t in select c.oid, c.relname,
                      (select string_agg(a.attname, ',' order by array_position(i.indkey::int2[], a.attnum))
                         from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                        where i.indrelid = c.oid and i.indisprimary) as key_columns,
                      -- Each audit trigger's arguments and type, as one text to compare with the wanted one.
                      (select string_agg(g.tgname || ' ' || g.tgtype || ' ' || encode(g.tgargs, 'escape'), ';' order by g.tgname)
                         from pg_trigger g
                        where g.tgrelid = c.oid and g.tgname in ('almoner_audit_trg', 'almoner_audit_insert_trg', 'almoner_audit_update_trg', 'almoner_audit_delete_trg')) as current_triggers
                 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and c.relkind in ('r', 'p')
      loop
        wanted := coalesce(t.key_columns, 'id');
        -- tgargs holds each argument followed by a NUL byte, which encode() writes as backslash-000;
        -- tgtype 4, 8 and 16 are statement triggers on insert, delete and update.
        continue when t.relname = any(array[${quoteList(UNAUDITED)}]) and t.current_triggers is null;
        continue when not t.relname = any(array[${quoteList(UNAUDITED)}])
          and t.current_triggers = format('almoner_audit_delete_trg 8 %s\\000;almoner_audit_insert_trg 4 %s\\000;almoner_audit_update_trg 16 %s\\000', wanted, wanted, wanted);
        foreach old_name in array array['almoner_audit_trg', 'almoner_audit_insert_trg', 'almoner_audit_update_trg', 'almoner_audit_delete_trg'] loop
          execute format('drop trigger if exists %I on %I', old_name, t.relname);
        end loop;
        continue when t.relname = any(array[${quoteList(UNAUDITED)}]);
        execute format('create trigger almoner_audit_insert_trg after insert on %I referencing new table as almoner_new_rows '
                       'for each statement execute function almoner_audit_rows(%L)', t.relname, wanted);
        execute format('create trigger almoner_audit_update_trg after update on %I referencing old table as almoner_old_rows new table as almoner_new_rows '
                       'for each statement execute function almoner_audit_rows(%L)', t.relname, wanted);
        execute format('create trigger almoner_audit_delete_trg after delete on %I referencing old table as almoner_old_rows '
                       'for each statement execute function almoner_audit_rows(%L)', t.relname, wanted);
      end loop;
    end $$;
    -- The row trigger's function, from before the trail was written a statement at a time.
    drop function if exists almoner_audit();
    ${touchUpdatedAtSql}
    commit;`);
}

/**
 * Every table with an `updated_at` column gets it set on each UPDATE, unless the statement set
 * it itself (imports and the seed keep the times they were given).
 */
const touchUpdatedAtSql = `
create or replace function almoner_touch_updated_at() returns trigger language plpgsql as $$
begin
  if new.updated_at is not distinct from old.updated_at then new.updated_at := now(); end if;
  return new;
end $$;
do $$
declare t text;
begin
  for t in select c.relname from pg_class c
             join pg_namespace n on n.oid = c.relnamespace
             join pg_attribute a on a.attrelid = c.oid and a.attname = 'updated_at' and not a.attisdropped
            where n.nspname = 'public' and c.relkind in ('r', 'p')
              and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'almoner_touch_updated_at_trg')
  loop
    execute format('create trigger almoner_touch_updated_at_trg before update on %I '
                   'for each row execute function almoner_touch_updated_at()', t);
  end loop;
end $$;`;
