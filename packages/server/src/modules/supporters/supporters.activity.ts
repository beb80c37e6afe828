import { type ActivityAnswer, type ActivityKind, activityKindPermissions, type ActivityRow, consentSourceLabels, consentTopicLabels, type ConsentSource, type ConsentTopic, hasPermission, historyFieldOf, mailKindLabels, type MailKind, type PermissionHolder, toDecimal } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { inLedgerSql, statusLabelSql } from '../contributions/contributions.status.ts';

/**
 * A supporter's activity timeline (`GET /jpanel/supporters/{id}/activity.json`): gifts, payments,
 * refunds, recurring changes, receipts, notes, tasks, mail, consent, tags, payment methods and
 * the record's own edits, merged newest first in one query and paged there, so a page is exactly
 * what the next one continues. Each kind is shown only to someone who may see its area.
 */

/** Supporter columns another row of the timeline already tells (consent), or that change on their own (giving totals). */
const NOT_EDITS = [
  'updated_at', 'searchable_text', 'last_login_at', 'first_payment_at', 'last_payment_at',
  'lifetime_donation_amount', 'lifetime_donation_count', 'lifetime_purchase_amount', 'lifetime_purchase_count',
  'lifetime_fundraising_amount', 'lifetime_fundraising_count',
  'email_opt_in', 'email_opt_in_changed_at', 'post_opt_in', 'phone_opt_in', 'sms_opt_in', 'do_not_contact', 'deceased_on',
];
/** The recurring profile changes a supporter's story holds (not each charge's bookkeeping). */
const RECURRING_TERMS = ['status', 'amount', 'billing_period', 'recurring_day', 'recurring_day_of_week', 'payment_method_id', 'cancel_reason'];

const textArray = (items: string[]) => sql`${`{${items.join(',')}}`}::text[]`;

/** One source of rows: the kinds it gives (the record's trail gives three) and its select. */
type Branch = { kind: ActivityKind; kinds?: ActivityKind[]; sql: (id: number) => SQL };

/** One select per source, each giving: kind, id, at, title, detail, amount, currency, link, by_id, extra. */
const BRANCHES: Branch[] = [
  {
    kind: 'gift',
    sql: (id) => sql`select 'gift' as kind, c.id::text as id, c.ordered_at as at, 'Gift #' || c.id as title, ${statusLabelSql} as detail,
      c.total_amount::bigint as amount, c.currency_code::text as currency, '/contributions/' || c.id as link, null::int as by_id, null::jsonb as extra
      from contributions c where c.supporter_id = ${id} and ${inLedgerSql}`,
  },
  {
    kind: 'payment',
    sql: (id) => sql`select 'payment', p.id::text, coalesce(p.captured_at, p.created_at),
      case p.status when 'succeeded' then 'Payment received' when 'failed' then 'Payment failed' when 'pending' then 'Payment pending' else 'Payment ' || p.status end,
      nullif(concat_ws(' · ', initcap(p.card_brand) || ' •••• ' || p.card_last4, p.failure_message), ''),
      p.amount::bigint, p.currency_code::text, null, null::int, null::jsonb
      from payments p where p.supporter_id = ${id}`,
  },
  {
    kind: 'refund',
    sql: (id) => sql`select 'refund', r.id::text, r.created_at,
      case r.status when 'succeeded' then 'Refund' when 'failed' then 'Refund failed' else 'Refund ' || r.status end,
      replace(initcap(replace(r.reason, '_', ' ')), ' By ', ' by '), r.amount::bigint, r.currency_code::text, null, r.refunded_by, null::jsonb
      from refunds r join payments p on p.id = r.payment_id where p.supporter_id = ${id}`,
  },
  {
    kind: 'recurring',
    sql: (id) => sql`select 'recurring', 'p' || rp.id, rp.created_at, 'Recurring profile ' || rp.profile_id || ' started', rp.description,
      rp.amount::bigint, rp.currency_code::text, '/recurring/' || rp.id, null::int, null::jsonb
      from recurring_payment_profiles rp where rp.supporter_id = ${id} and rp.deleted_at is null
      union all
      select 'recurring', 'a' || a.id, a.occurred_at, 'Recurring profile ' || rp.profile_id || ' changed', null, null, null,
      '/recurring/' || rp.id, a.actor_user_id, a.changes
      from recurring_payment_profiles rp
      join audit_log a on a.table_name = 'recurring_payment_profiles' and a.record_id = rp.id::text
      where rp.supporter_id = ${id} and a.action = 'update' and a.changes ?| ${textArray(RECURRING_TERMS)}`,
  },
  {
    kind: 'receipt',
    sql: (id) => sql`select 'receipt', t.id::text, t.issued_at, 'Tax receipt ' || coalesce(t.number, '#' || t.id) || ' issued',
      case when t.voided_at is not null then 'Voided' when t.receipt_type = 'consolidated' then 'Consolidated' end,
      t.amount::bigint, t.currency_code::text, '/tax-receipts/' || t.id, t.created_by, null::jsonb
      from tax_receipts t where t.supporter_id = ${id} and t.issued_at is not null and t.deleted_at is null`,
  },
  {
    kind: 'note',
    sql: (id) => sql`select 'note', n.id::text, n.created_at, 'Note added', left(n.body, 2000),
      null::bigint, null::text, null, n.created_by, null::jsonb
      from notes n where n.commentable_type = 'supporter' and n.commentable_id = ${id} and n.deleted_at is null`,
  },
  {
    kind: 'task',
    sql: (id) => sql`select 'task', 'c' || k.id, k.created_at, 'Task added: ' || k.title, 'Due ' || to_char(k.due_on, 'Mon FMDD, YYYY'),
      null::bigint, null::text, null, k.created_by, null::jsonb from tasks k where k.supporter_id = ${id}
      union all
      select 'task', 'd' || k.id, k.completed_at, 'Task completed: ' || k.title, null, null, null, null, k.completed_by, null
      from tasks k where k.supporter_id = ${id} and k.completed_at is not null`,
  },
  {
    kind: 'mail',
    sql: (id) => sql`select 'mail', m.id::text, m.created_at, m.subject, null, null::bigint, null::text, null, m.created_by,
      jsonb_build_object('kind', m.kind, 'status', m.status, 'to', m.to_address)
      from mail_outbox m where m.supporter_id = ${id}`,
  },
  {
    kind: 'consent',
    sql: (id) => sql`select 'consent', c.id::text, c.recorded_at, null, c.note, null::bigint, null::text, null, c.recorded_by,
      jsonb_build_object('topic', c.topic, 'granted', c.granted, 'source', c.source, 'changed_on', to_char(c.changed_on, 'YYYY-MM-DD'))
      from supporter_consent_changes c where c.supporter_id = ${id}`,
  },
  {
    // The record's own trail: tag and payment-method entries are written there too (tags.history.ts,
    // supporters.payment-methods.ts); an entry of only giving totals or consent columns is left out.
    kind: 'edit',
    kinds: ['edit', 'tag', 'payment_method'],
    sql: (id) => sql`select case when a.changes ? 'tags' then 'tag'
                                 when a.changes ?| ${textArray(['payment_methods', 'default_payment_method'])} then 'payment_method'
                                 else 'edit' end,
      a.id::text, a.occurred_at, null, null, null::bigint, null::text, null, a.actor_user_id, jsonb_build_object('action', a.action, 'changes', a.changes)
      from audit_log a where a.table_name = 'supporters' and a.record_id = ${String(id)}
       and exists (select 1 from jsonb_object_keys(a.changes) k where k <> all(${textArray(NOT_EDITS)}))`,
  },
];

type Extra = Record<string, unknown> | null;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const NOTE_SHOWN = 200;

/** A note's HTML as a line of text: tags out, entities read, spaces collapsed, the start only. */
function plainText(html: string): string {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '').replace(/\s+/g, ' ').trim();
  return text.length > NOTE_SHOWN ? `${text.slice(0, NOTE_SHOWN - 1)}…` : text;
}
type Changes = Record<string, [unknown, unknown]>;

const listOf = (v: unknown) => (Array.isArray(v) && v.length ? v.join(', ') : 'none');
const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** Words for the rows whose title the query leaves to the catalogues (consent, mail, the trail). */
function describe(kind: ActivityKind, title: string | null, detail: string | null, extra: Extra): { title: string; detail: string | null } {
  if (kind === 'consent' && extra) {
    const topic = extra.topic as ConsentTopic;
    const granted = Boolean(extra.granted);
    const words = topic === 'deceased' ? (granted ? `Marked deceased (${String(extra.changed_on)})` : 'Deceased mark removed')
      : topic === 'do_not_contact' ? (granted ? 'Do not contact' : 'Contact allowed again')
      : `${consentTopicLabels[topic]}: ${granted ? 'opted in' : 'opted out'}`;
    return { title: words, detail: [consentSourceLabels[extra.source as ConsentSource], detail].filter(Boolean).join(' · ') };
  }
  if (kind === 'note') return { title: title ?? '', detail: detail === null ? null : plainText(detail) };
  if (kind === 'mail' && extra) {
    const label = extra.kind ? mailKindLabels[extra.kind as MailKind] : 'E-mail';
    return { title: title ?? '', detail: `${label} to ${String(extra.to)} · ${String(extra.status)}` };
  }
  if (kind === 'recurring' && extra) {
    const changes = extra as Changes;
    const parts = RECURRING_TERMS.filter((k) => k in changes).map((k) => (k === 'status' || k === 'cancel_reason' ? `${historyFieldOf('recurring_payment_profiles', k).label}: ${shown(changes[k]?.[0])} → ${shown(changes[k]?.[1])}` : historyFieldOf('recurring_payment_profiles', k).label));
    return { title: title ?? '', detail: parts.join('; ') };
  }
  if ((kind === 'tag' || kind === 'payment_method' || kind === 'edit') && extra) {
    const changes = extra.changes as Changes;
    if (kind === 'tag') return { title: 'Tags changed', detail: `${listOf(changes.tags?.[0])} → ${listOf(changes.tags?.[1])}` };
    if (kind === 'payment_method') {
      const def = changes.default_payment_method;
      return def ? { title: 'Default payment method changed', detail: `${shown(def[0])} → ${shown(def[1])}` } : { title: 'Payment method removed', detail: `${listOf(changes.payment_methods?.[0])} → ${listOf(changes.payment_methods?.[1])}` };
    }
    const fields = Object.keys(changes).filter((k) => !NOT_EDITS.includes(k)).map((k) => historyFieldOf('supporters', k));
    const labels = fields.filter((f) => f.kind !== 'hidden').map((f) => f.label);
    if (extra.action === 'insert') return { title: 'Supporter added', detail: null };
    return { title: 'Record edited', detail: labels.length ? labels.join(', ') : null };
  }
  return { title: title ?? '', detail };
}

/** The sources a viewer may see on a supporter's timeline (a kind's area: `activityKindPermissions`), of one kind when asked. */
export const activityBranchesFor = (viewer: PermissionHolder, kind?: ActivityKind) =>
  BRANCHES.filter((b) => hasPermission(viewer, activityKindPermissions[b.kind]) && (!kind || (b.kinds ?? [b.kind]).includes(kind)));

export async function listActivity(db: Queryable, id: number, viewer: PermissionHolder, query: { page: number; page_size: number; kind?: ActivityKind | undefined }): Promise<ActivityAnswer> {
  const [exists] = await queryRows(db, sql`select 1 from supporters where id = ${id}`);
  if (!exists) throw new AppError('not_found', 'This supporter does not exist.');
  const branches = activityBranchesFor(viewer, query.kind);
  // A kind the viewer may not see has no source: nothing to list (not a 403: the kind exists).
  if (branches.length === 0) return { data: [], total: 0, page: query.page, page_size: query.page_size };
  const union = sql.join(branches.map((b) => sql`(${b.sql(id)})`), sql` union all `);
  const offset = (query.page - 1) * query.page_size;
  const ofKind = query.kind ? sql` and x.kind = ${query.kind}` : sql``;
  const rows = await queryRows(db, sql`
    select x.*, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as by_name, count(*) over () as total
      from (${union}) as x(kind, id, at, title, detail, amount, currency, link, by_id, extra)
      left join users u on u.id = x.by_id
     where x.at is not null${ofKind}
     order by x.at desc, x.kind, x.id desc
     limit ${query.page_size} offset ${offset}`);
  const total = rows[0] ? Number(rows[0].total) : await countActivity(db, union, ofKind);
  const data: ActivityRow[] = rows.map((r) => {
    const kind = r.kind as ActivityKind;
    const words = describe(kind, (r.title as string | null) ?? null, (r.detail as string | null) ?? null, (r.extra as Extra) ?? null);
    const currency = (r.currency as string | null) ?? null;
    return {
      key: `${kind}:${String(r.id)}`,
      kind,
      occurred_at: new Date(r.at as string).toISOString(),
      title: words.title,
      detail: words.detail || null,
      amount: r.amount === null || r.amount === undefined || !currency ? null : toDecimal(String(r.amount), currency),
      currency_code: currency,
      link: (r.link as string | null) ?? null,
      by: (r.by_name as string | null) ?? null,
    };
  });
  return { data, total, page: query.page, page_size: query.page_size };
}

/** A page past the end still says how many rows there are. */
async function countActivity(db: Queryable, union: SQL, ofKind: SQL): Promise<number> {
  const [row] = await queryRows(db, sql`select count(*) as n from (${union}) as x(kind, id, at) where x.at is not null${ofKind}`);
  return Number(row?.n ?? 0);
}
