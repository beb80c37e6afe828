import { formatDate, thanksMessages as m } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { numberSql } from '../contributions/contributions.status.ts';
import { orgTimeZoneSql } from '../money/money.sql.ts';
import { htmlPagesToPdf } from '../receipts/html-pdf.ts';
import { getSettings } from '../settings/settings.service.ts';
import { letterEngine as engine, letterProblemOf, letterValues } from './thanks.template.ts';

type Row = Record<string, unknown>;
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The gifts to write to, in id order: live ones only (a deleted gift is not thanked). */
const letterRows = (ids: SQL) => sql`
  select c.id, ${numberSql} as number, coalesce(c.paid_at, c.ordered_at, c.created_at) as at, c.total_amount, c.currency_code, c.acknowledged_on,
         k.id as campaign_id, k.name as campaign_name, k.thank_you_letter, a.name as appeal_name, a.code as appeal_code,
         coalesce(s.first_name, c.bill_first_name) as first_name, coalesce(s.last_name, c.bill_last_name) as last_name,
         coalesce(nullif(s.display_name, ''), nullif(trim(concat_ws(' ', coalesce(s.first_name, c.bill_first_name), coalesce(s.last_name, c.bill_last_name))), ''), c.bill_organization_name) as name,
         coalesce(c.bill_email, s.email) as email,
         coalesce(s.bill_address_01, c.bill_address_01) as address_01, coalesce(s.bill_address_02, c.bill_address_02) as address_02,
         coalesce(s.bill_city, c.bill_city) as city, coalesce(s.bill_state, c.bill_state) as state, coalesce(s.bill_zip, c.bill_zip) as zip,
         coalesce(s.bill_country, c.bill_country) as country,
         (select string_agg(distinct i.description, ', ') from contribution_items i where i.contribution_id = c.id and i.is_donation) as funds
    from contributions c left join supporters s on s.id = c.supporter_id
    left join campaigns k on k.id = c.campaign_id left join appeals a on a.id = c.appeal_id
   where c.id in (${ids}) and c.deleted_at is null
   order by c.id`;

/**
 * One letter per gift, each from its campaign's template or the default one, merged into one
 * PDF (a page or more per letter). A template that fails names itself: nothing is rendered
 * half-way and the caller changes nothing.
 */
export async function renderThankYouLetters(q: Queryable, ids: SQL): Promise<{ pdf: Buffer; gifts: Row[] }> {
  const gifts = await queryRows(q, letterRows(ids));
  if (gifts.length === 0) throw new AppError('validation', m.noGifts, { ids: [m.noGifts] });
  const settings = await getSettings(q, ['org_name', 'org_legal_name', 'tax_receipt_authorized_name', 'tax_receipt_authorized_title', 'thank_you_letter']);
  const [today] = await queryRows(q, sql`select (now() at time zone ${orgTimeZoneSql})::date::text as d`);
  const common = {
    date: formatDate(String(today?.d)),
    organisation: settings.org_legal_name || settings.org_name,
    signature: { name: settings.tax_receipt_authorized_name, title: settings.tax_receipt_authorized_title },
  };
  const parsed = new Map<string, ReturnType<typeof engine.parse>>();
  const pages: string[] = [];
  for (const gift of gifts) {
    const source = text(gift.thank_you_letter) || settings.thank_you_letter;
    const campaign = gift.thank_you_letter ? text(gift.campaign_name) : null;
    try {
      if (!parsed.has(source)) parsed.set(source, engine.parse(source));
      pages.push(await engine.render(parsed.get(source)!, letterValues(gift, common)));
    } catch (error) {
      const problem = letterProblemOf(error);
      if (problem === null) throw error;
      throw new AppError('validation', m.templateBroken(campaign, problem));
    }
  }
  return { pdf: await htmlPagesToPdf(pages, gifts.length === 1 ? `Thank-you letter ${text(gifts[0]?.number)}` : 'Thank-you letters'), gifts };
}
