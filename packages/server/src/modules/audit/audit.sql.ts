import type { Database } from '../../db/client.ts';

/** Tables whose rows are bookkeeping, not business records. */
const UNAUDITED = ['sessions', 'auth_throttle', 'audit_log', 'mail_outbox', 'sandbox_sources', 'sandbox_ledger', 'listing_counts', 'contribution_counts'];
/** Columns whose values never leave the row: a change is noted, the value is not. */
const HIDDEN = [
  'password_hash', 'two_factor_secret', 'two_factor_recovery_codes', 'api_token_hash', 'secret',
  'two_factor_last_step', 'password', 'credentials', 'token', 'stream_key',
];
/** Columns that change on every write and would only add noise. */
const IGNORED = ['updated_at', 'search_vector', 'searchable_text', 'supporter_name'];

const quoteList = (items: string[]) => items.map((i) => `'${i}'`).join(',');

/**
 * A row trigger on every business table writes the audit trail. The acting user and address are
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
  insert into audit_log (actor_user_id, actor_ip, table_name, record_id, action, changes)
  values (
    nullif(current_setting('almoner.actor_id', true), '')::int,
    nullif(current_setting('almoner.actor_ip', true), '')::inet,
    tg_table_name,
    coalesce(new_row ->> 'id', old_row ->> 'id', new_row ->> 'key', old_row ->> 'key', ''),
    lower(tg_op),
    diff);
  return null;
end $$;`;

/** Idempotent; runs as one transaction under an advisory lock so parallel starts do not race. */
export async function installAuditTriggers(database: Database): Promise<void> {
  await database.exec(`
    begin;
    select pg_advisory_xact_lock(424242);
    ${functionSql}
    do $$
    declare t text;
    begin
      for t in select c.relname from pg_class c
                 join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and c.relkind in ('r', 'p')
                  and c.relname <> all(array[${quoteList(UNAUDITED)}])
                  and not exists (select 1 from pg_trigger g
                                   where g.tgrelid = c.oid and g.tgname = 'almoner_audit_trg')
      loop
        execute format('create trigger almoner_audit_trg after insert or update or delete on %I '
                       'for each row execute function almoner_audit()', t);
      end loop;
    end $$;
    commit;`);
}
