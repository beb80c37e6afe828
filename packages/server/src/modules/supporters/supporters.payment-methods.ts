import { type PaymentMethodAction, paymentMethodMessages, type PaymentMethodSaved, type SupporterPaymentMethod } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { methodLabelSql } from '../recurring/recurring.change.ts';
import { assertSupporter } from './supporters.record.ts';

/**
 * A supporter's saved cards and bank accounts (tokens at the gateway): listed on their page, one
 * made the default the point of sale and new recurring gifts offer first, one removed when the
 * donor asks. Each change is written to the supporter's own history (from → to), beside the
 * payment_methods row's own trail.
 */

/** A profile still charging a method keeps it: removing it would fail the next charge. */
const LIVE_PROFILE = sql`rp.status in ('Active', 'Suspended') and rp.deleted_at is null`;

const methodsSql = (supporterId: number, methodId?: number) => sql`
  select m.id, m.type, m.status, m.use_as_default, m.account_last_four, m.card_expiry_month, m.card_expiry_year, m.created_at,
         ${methodLabelSql('m')} as label,
         coalesce(case when m.type = 'bank' then m.bank_name when m.card_brand is not null then initcap(m.card_brand) end, m.display_name,
                  case when m.type = 'bank' then 'Bank account' else 'Card' end) as name,
         coalesce((select array_agg(rp.id order by rp.id) from recurring_payment_profiles rp where rp.payment_method_id = m.id and ${LIVE_PROFILE}), '{}') as profiles
    from payment_methods m
   where m.supporter_id = ${supporterId} and m.deleted_at is null ${methodId === undefined ? sql`` : sql`and m.id = ${methodId}`}
   order by m.use_as_default desc, m.id desc`;

type MethodRow = SupporterPaymentMethod & { label: string };

function toMethod(r: Record<string, unknown>, today: Date): MethodRow {
  const year = r.card_expiry_year === null ? null : Number(r.card_expiry_year);
  const month = r.card_expiry_month === null ? null : Number(r.card_expiry_month);
  // A card is good through the last day of its expiry month.
  const isExpired = year !== null && month !== null && (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1));
  return {
    id: Number(r.id),
    type: String(r.type),
    display_name: String(r.name),
    account_number: r.account_last_four ? `•••• ${String(r.account_last_four)}` : '••••',
    expires: year !== null && month !== null ? `${String(month).padStart(2, '0')}/${year}` : null,
    is_expired: isExpired,
    status: String(r.status),
    use_as_default: Boolean(r.use_as_default),
    used_by_profiles: (r.profiles as number[]).map(Number),
    created_at: new Date(r.created_at as string).toISOString(),
    label: String(r.label),
  };
}

async function readMethods(q: Queryable, supporterId: number): Promise<MethodRow[]> {
  const [clock] = await queryRows(q, sql`select now() as now`);
  const today = new Date(clock!.now as string);
  return (await queryRows(q, methodsSql(supporterId))).map((r) => toMethod(r, today));
}

const withoutLabel = (rows: MethodRow[]): SupporterPaymentMethod[] => rows.map(({ label: _label, ...m }) => m);

export async function listPaymentMethods(db: Queryable, supporterId: number): Promise<{ data: SupporterPaymentMethod[] }> {
  await assertSupporter(db, supporterId);
  return { data: withoutLabel(await readMethods(db, supporterId)) };
}

/** One entry in the supporter's history, by whoever acts in this transaction (withActor). */
async function writeSupporterHistory(tx: Tx, supporterId: number, changes: Record<string, [unknown, unknown]>): Promise<void> {
  await tx.execute(sql`
    insert into audit_log (actor_user_id, actor_ip, table_name, record_id, action, changes)
    select nullif(current_setting('almoner.actor_id', true), '')::int, nullif(current_setting('almoner.actor_ip', true), '')::inet,
           'supporters', ${String(supporterId)}, 'update', ${JSON.stringify(changes)}::jsonb
     where coalesce(current_setting('almoner.audit', true), '') <> 'off'`);
}

/**
 * `POST /jpanel/supporters/{id}/payment_methods/{methodId}/{default|remove}`. The supporter's
 * rows are locked first, so two staff members making two cards the default end with one.
 */
export async function changePaymentMethod(db: Db, actor: Actor, supporterId: number, methodId: number, action: PaymentMethodAction): Promise<PaymentMethodSaved> {
  return withActor(db, actor, async (tx) => {
    await assertSupporter(tx, supporterId);
    await tx.execute(sql`select id from payment_methods where supporter_id = ${supporterId} and deleted_at is null order by id for update`);
    const before = await readMethods(tx, supporterId);
    const method = before.find((m) => m.id === methodId);
    if (!method) throw new AppError('not_found', paymentMethodMessages.notFound);
    const name = method.label;
    let message: string;
    if (action === 'default') {
      if (method.use_as_default) throw new AppError('validation', paymentMethodMessages.alreadyDefault(name));
      if (method.status !== 'ACTIVE' || method.is_expired) throw new AppError('validation', paymentMethodMessages.notActive(name));
      await tx.execute(sql`update payment_methods set use_as_default = (id = ${methodId}), updated_at = now()
        where supporter_id = ${supporterId} and deleted_at is null and (use_as_default or id = ${methodId})`);
      await writeSupporterHistory(tx, supporterId, { default_payment_method: [before.find((m) => m.use_as_default)?.label ?? null, name] });
      message = paymentMethodMessages.madeDefault(name);
    } else {
      if (method.used_by_profiles.length) {
        throw new AppError('conflict', paymentMethodMessages.inUse(name, method.used_by_profiles.map((p) => `#${p}`).join(', ')));
      }
      // Kept for the payments it paid (they name it); the gateway token goes, so nothing can charge it again.
      await tx.execute(sql`update payment_methods set deleted_at = now(), use_as_default = false, token = null, updated_at = now() where id = ${methodId}`);
      await writeSupporterHistory(tx, supporterId, { payment_methods: [before.map((m) => m.label), before.filter((m) => m.id !== methodId).map((m) => m.label)] });
      message = paymentMethodMessages.removed(name);
    }
    return { message, data: withoutLabel(await readMethods(tx, supporterId)) };
  });
}
