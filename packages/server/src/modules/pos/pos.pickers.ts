import { billingPeriodLabels, formatMoney, type BillingPeriod } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { fundraiserOptionSchema, sponseeOptionSchema } from '@almoner/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Storage } from '../../integrations/storage/index.ts';
import { queryRows } from '../../listing/engine.ts';
import { thumbUrl } from './pos.media.ts';
import { toDecimal } from '@almoner/contracts';

/** The POS modals' pickers (spec §7 "Pickers and lookups"): promo codes, fundraisers, sponsees. */

const PICKER_LIMIT = 50;
const likeOf = (query: string) => `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /jpanel/promocodes.json?query: codes that have not ended. */
export async function promoCodeOptions(q: Queryable, query: string): Promise<{ code: string }[]> {
  if (!query.trim()) return [];
  const rows = await queryRows(q, sql`
    select code from promo_codes
     where deleted_at is null and (ends_at is null or ends_at > now()) and lower(code) like ${likeOf(query.trim())}
     order by lower(code) limit ${PICKER_LIMIT}`);
  return rows.map((r) => ({ code: String(r.code) }));
}

/** GET /jpanel/fundraisers.json?query: pages by title, url or organiser. */
export async function fundraiserOptions(q: Queryable, storage: Storage | undefined, query: string): Promise<z.infer<typeof fundraiserOptionSchema>[]> {
  if (!query.trim()) return [];
  const like = likeOf(query.trim());
  const rows = await queryRows(q, sql`
    select f.id, f.title, f.url, m.storage_key,
           coalesce(nullif(s.display_name, ''), trim(concat_ws(' ', s.first_name, s.last_name))) as author
      from fundraising_pages f join supporters s on s.id = f.author_supporter_id left join media m on m.id = f.media_id
     where f.deleted_at is null and f.status = 'active'
       and (lower(f.title) like ${like} or lower(f.url) like ${like} or lower(coalesce(s.display_name, '') || ' ' || coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, '')) like ${like})
     order by f.is_featured desc, lower(f.title), f.id limit ${PICKER_LIMIT}`);
  // Pages staff featured come first (issue 38 item 4).
  return Promise.all(rows.map(async (r) => ({ id: Number(r.id), title: String(r.title), url: String(r.url), author: String(r.author ?? ''), thumbnail: await thumbUrl(storage, r.storage_key) })));
}

function ageOn(birth: string | null, today: Date): number | null {
  if (!birth) return null;
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/** GET /jpanel/sponsees.json?query: enabled sponsees by reference or name, with their payment options. */
export async function sponseeOptions(q: Queryable, storage: Storage | undefined, query: string): Promise<z.infer<typeof sponseeOptionSchema>[]> {
  if (!query.trim()) return [];
  const like = likeOf(query.trim());
  const rows = await queryRows(q, sql`
    select s.id, s.reference_number, s.first_name, s.last_name, s.gender, to_char(s.birth_date, 'YYYY-MM-DD') as birth_date, s.is_sponsored,
           s.payment_option_group_id, m.storage_key
      from sponsorships s left join media m on m.id = s.media_id
     where s.deleted_at is null and s.is_enabled
       and (lower(s.reference_number) like ${like} or lower(concat_ws(' ', s.first_name, s.last_name)) like ${like})
     order by lower(s.reference_number) limit ${PICKER_LIMIT}`);
  const groups = [...new Set(rows.map((r) => r.payment_option_group_id).filter((g) => g !== null).map(Number))];
  const options = groups.length === 0 ? [] : await queryRows(q, sql`
    select * from payment_options where deleted_at is null and group_id in (${sql.join(groups.map((g) => sql`${g}`), sql`, `)}) order by group_id, sequence, id`);
  const today = new Date();
  return Promise.all(rows.map(async (r) => {
    const first = (r.first_name as string | null) ?? null;
    const last = (r.last_name as string | null) ?? null;
    const birth = (r.birth_date as string | null) ?? null;
    return {
      id: Number(r.id),
      reference_number: String(r.reference_number),
      first_name: first,
      last_name: last,
      full_name: [first, last].filter(Boolean).join(' '),
      gender: r.gender === 'F' || r.gender === 'M' ? r.gender : null,
      birth_date: birth,
      age: ageOn(birth, today),
      sponsored_status: r.is_sponsored ? 'sponsored' as const : 'unsponsored' as const,
      thumbnail: await thumbUrl(storage, r.storage_key),
      payment_options: options.filter((o) => Number(o.group_id) === Number(r.payment_option_group_id)).map((o) => {
        const currency = String(o.currency_code);
        const frequency = (o.recurring_frequency as string | null) ?? null;
        const amount = o.amount === null ? null : Number(o.amount);
        const period = o.is_recurring && frequency ? billingPeriodLabels[frequency as BillingPeriod] ?? frequency : 'One-time';
        return {
          id: Number(o.id),
          amount: amount === null ? null : toDecimal(amount, currency),
          currency_code: currency,
          is_custom: Boolean(o.is_custom),
          is_recurring: Boolean(o.is_recurring),
          recurring_frequency: frequency,
          label: `${o.is_custom || amount === null ? 'Custom amount' : formatMoney(amount, currency)} ${period.toLowerCase()}`,
        };
      }),
    };
  }));
}
