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
 * A row trigger on every business table writes the audit trail. The record id is the primary
 * key: the trigger is created with the key's column names as its argument ('id', or
 * 'contribution_id,promo_code_id' for a composite key, whose values are joined with ':'). The acting user and address are
 * transaction-local settings (`almoner.actor_id`, `almoner.actor_ip`) set by `withActor`; bulk
 * seeding turns the trail off with `almoner.audit = off` for its own transaction only.
 */
const functionSql = `
create or replace function almoner_audit() returns trigger language plpgsql as $$
declare
  old_row jsonb;
  new_row jsonb;
  diff jsonb := '{}'::jsonb;
  k text;
  record_id text;
begin
  -- Checked before any row is turned into JSON, so bulk loads with the trail off pay nothing.
  if coalesce(current_setting('almoner.audit', true), '') = 'off' then return null; end if;
  old_row := case when tg_op <> 'INSERT' then to_jsonb(old) else '{}'::jsonb end;
  new_row := case when tg_op <> 'DELETE' then to_jsonb(new) else '{}'::jsonb end;
  for k in select jsonb_object_keys(old_row || new_row) loop
    continue when k = any(array[${quoteList(IGNORED)}]);
    continue when coalesce(old_row -> k, 'null'::jsonb) = coalesce(new_row -> k, 'null'::jsonb);
    if k = any(array[${quoteList(HIDDEN)}]) then
      diff := diff || jsonb_build_object(k, jsonb_build_array(
        case when coalesce(old_row -> k, 'null'::jsonb) = 'null'::jsonb then null else '[hidden]' end,
        case when coalesce(new_row -> k, 'null'::jsonb) = 'null'::jsonb then null else '[hidden]' end));
    else
      diff := diff || jsonb_build_object(k, jsonb_build_array(old_row -> k, new_row -> k));
    end if;
  end loop;
  if diff = '{}'::jsonb then return null; end if;
  select string_agg(coalesce(new_row ->> u.col, old_row ->> u.col, ''), ':' order by u.ord) into record_id
    from unnest(string_to_array(coalesce(tg_argv[0], 'id'), ',')) with ordinality as u(col, ord);
  insert into audit_log (actor_user_id, actor_ip, table_name, record_id, action, changes)
  values (
    nullif(current_setting('almoner.actor_id', true), '')::int,
    nullif(current_setting('almoner.actor_ip', true), '')::inet,
    tg_table_name,
    left(coalesce(record_id, ''), 64),
    lower(tg_op),
    diff);
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
    begin
      for t in select c.oid, c.relname,
                      (select string_agg(a.attname, ',' order by array_position(i.indkey::int2[], a.attnum))
                         from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                        where i.indrelid = c.oid and i.indisprimary) as key_columns,
                      (select encode(g.tgargs, 'escape') from pg_trigger g
                        where g.tgrelid = c.oid and g.tgname = 'almoner_audit_trg') as current_args
                 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and c.relkind in ('r', 'p')
      loop
        if t.relname = any(array[${quoteList(UNAUDITED)}]) then
          if t.current_args is not null then execute format('drop trigger almoner_audit_trg on %I', t.relname); end if;
          continue;
        end if;
        wanted := coalesce(t.key_columns, 'id');
        -- tgargs holds each argument followed by a NUL byte, which encode() writes as backslash-000.
        continue when t.current_args = wanted || '\\000';
        if t.current_args is not null then execute format('drop trigger almoner_audit_trg on %I', t.relname); end if;
        execute format('create trigger almoner_audit_trg after insert or update or delete on %I '
                       'for each row execute function almoner_audit(%L)', t.relname, wanted);
      end loop;
    end $$;
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
