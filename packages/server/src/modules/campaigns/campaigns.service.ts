import { type Campaign, type CampaignAnswer, type CampaignChoice, type CampaignValues, campaignMessages as m, campaignNameKey, normaliseAppealCode, toDecimal, toMinor } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { giftsSql } from '../reports/gift-facts.sql.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { checkLetterTemplate } from '../thanks/thanks.template.ts';

type Row = Record<string, unknown>;

/**
 * Each campaign's raised, gifts and donors: the same counted gifts the Campaign results report
 * adds (gift-facts.sql.ts), so the list and the report show one figure.
 */
const progressSql = sql`(select g.campaign_id, coalesce(sum(g.net), 0)::text as raised, count(*)::int as gifts, count(distinct g.donor_key)::int as donors
                           from ${giftsSql(sql`c.campaign_id is not null`)} g group by g.campaign_id)`;

async function readCampaigns(q: Queryable, where: SQL): Promise<Campaign[]> {
  const rows = await queryRows(q, sql`
    select k.id, k.name, k.goal_amount::text as goal_amount, k.currency_code, k.starts_on::text as starts_on, k.ends_on::text as ends_on,
           k.description, k.thank_you_letter, k.updated_at, coalesce(p.raised, '0') as raised, coalesce(p.gifts, 0) as gifts, coalesce(p.donors, 0) as donors,
           (select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'code', a.code,
                     'gifts', (select count(*) from contributions x where x.appeal_id = a.id)) order by a.name, a.id), '[]'::json)
              from appeals a where a.campaign_id = k.id) as appeals
      from campaigns k left join ${progressSql} p on p.campaign_id = k.id
     where ${where}
     order by k.starts_on desc, k.id desc`);
  const { currency: org } = await getOrgMoneySettings(q);
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    goal: toDecimal(String(r.goal_amount), String(r.currency_code)),
    currency: String(r.currency_code),
    starts_on: String(r.starts_on),
    ends_on: (r.ends_on as string | null) ?? null,
    description: (r.description as string | null) ?? null,
    thank_you_letter: (r.thank_you_letter as string | null) ?? null,
    appeals: (typeof r.appeals === 'string' ? JSON.parse(r.appeals) : r.appeals) as Campaign['appeals'],
    progress: { raised: toDecimal(String(r.raised), org), gifts: Number(r.gifts), donors: Number(r.donors) },
    updated_at: new Date(r.updated_at as string).toISOString(),
  }));
}

export const listCampaigns = (q: Queryable) => readCampaigns(q, sql`true`);

export async function getCampaign(q: Queryable, id: number): Promise<Campaign> {
  const [campaign] = await readCampaigns(q, sql`k.id = ${id}`);
  if (!campaign) throw new AppError('not_found', m.notFound);
  return campaign;
}

/** Campaigns and their appeals, newest first: what a gift can be credited to. */
export async function campaignChoices(q: Queryable): Promise<CampaignChoice[]> {
  const rows = await queryRows(q, sql`
    select k.id, k.name,
           (select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'code', a.code) order by a.name, a.id), '[]'::json)
              from appeals a where a.campaign_id = k.id) as appeals
      from campaigns k order by k.starts_on desc, k.id desc`);
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), appeals: (typeof r.appeals === 'string' ? JSON.parse(r.appeals) : r.appeals) as CampaignChoice['appeals'] }));
}

/** `POST /jpanel/campaigns` and `/jpanel/campaigns/{id}`: the campaign and its appeals, in one transaction. */
export async function saveCampaign(db: Db, actor: Actor, id: number | null, v: CampaignValues): Promise<CampaignAnswer> {
  const saved = await withActor(db, actor, async (tx) => {
    const { currency } = await getOrgMoneySettings(tx);
    const goal = toMinor(v.goal, currency);
    const [same] = await queryRows(tx, sql`select name from campaigns where lower(name) = lower(${v.name}) and id <> ${id ?? 0}`);
    if (same) throw fieldError('name', m.nameTaken(String(same.name)));
    await checkLetterTemplate(v.thank_you_letter, 'thank_you_letter');
    let campaignId: number;
    if (id === null) {
      const [row] = await queryRows(tx, sql`
        insert into campaigns (name, goal_amount, currency_code, starts_on, ends_on, description, created_by)
        values (${v.name}, ${goal}, ${currency}, ${v.starts_on}, ${v.ends_on}, ${v.description}, ${actor.userId}) returning id`);
      campaignId = Number(row!.id);
    } else {
      const [row] = await queryRows(tx, sql`select id from campaigns where id = ${id} for update`);
      if (!row) throw new AppError('not_found', m.notFound);
      campaignId = id;
      await tx.execute(sql`
        update campaigns set name = ${v.name}, goal_amount = ${goal}, currency_code = ${currency}, starts_on = ${v.starts_on},
               ends_on = ${v.ends_on}, description = ${v.description}, updated_at = now()
         where id = ${id} and (name, goal_amount, currency_code, starts_on, ends_on, description)
               is distinct from (${v.name}, ${goal}::bigint, ${currency}::char(3), ${v.starts_on}::date, ${v.ends_on}::date, ${v.description}::text)`);
    }
    if (v.thank_you_letter !== undefined) {
      await tx.execute(sql`update campaigns set thank_you_letter = ${v.thank_you_letter}, updated_at = now()
                            where id = ${campaignId} and thank_you_letter is distinct from ${v.thank_you_letter}::text`);
    }
    await saveAppeals(tx, campaignId, v.appeals);
    return campaignId;
  });
  const campaign = await getCampaign(db, saved);
  return { message: id === null ? m.created(campaign.name) : m.saved(campaign.name), campaign };
}

/**
 * The form's appeals replace the campaign's: kept ones (by id) renamed or recoded, new ones
 * added, missing ones removed unless gifts are credited to them. A code is unique over every
 * campaign (imports name an appeal by its code alone).
 */
async function saveAppeals(tx: Tx, campaignId: number, appeals: CampaignValues['appeals']): Promise<void> {
  const current = await queryRows(tx, sql`
    select a.id, a.name, (select count(*)::int from contributions x where x.appeal_id = a.id) as gifts
      from appeals a where a.campaign_id = ${campaignId} for update of a`);
  const mine = new Map(current.map((a) => [Number(a.id), a]));
  for (const [i, a] of appeals.entries()) {
    if (a.id !== undefined && !mine.has(a.id)) throw fieldError(`appeals.${i}.id`, m.appealElsewhere);
  }
  const kept = new Set(appeals.map((a) => a.id).filter((x): x is number => x !== undefined));
  for (const a of current) {
    if (kept.has(Number(a.id))) continue;
    if (Number(a.gifts) > 0) throw fieldError('appeals', m.appealHasGifts(String(a.name), Number(a.gifts)));
    await tx.execute(sql`delete from appeals where id = ${Number(a.id)}`);
  }
  if (appeals.length) {
    const codes = sql.join(appeals.map((a) => sql`${a.code}`), sql`, `);
    const taken = await queryRows(tx, sql`
      select a.code, k.name from appeals a join campaigns k on k.id = a.campaign_id where a.code in (${codes}) and a.campaign_id <> ${campaignId}`);
    for (const t of taken) {
      const index = appeals.findIndex((a) => a.code === t.code);
      throw fieldError(`appeals.${index}.code`, m.appealCodeTaken(String(t.code), String(t.name)));
    }
  }
  // Codes may swap between two kept appeals: each kept one steps aside first (the index is unique).
  for (const a of appeals) {
    if (a.id !== undefined) await tx.execute(sql`update appeals set code = '~' || id where id = ${a.id} and code <> ${a.code}`);
  }
  for (const a of appeals) {
    if (a.id === undefined) await tx.execute(sql`insert into appeals (campaign_id, name, code) values (${campaignId}, ${a.name}, ${a.code})`);
    else {
      await tx.execute(sql`update appeals set name = ${a.name}, code = ${a.code}, updated_at = now()
                            where id = ${a.id} and (name, code) is distinct from (${a.name}::varchar, ${a.code}::varchar)`);
    }
  }
  if (appeals.length) await tx.execute(sql`update campaigns set updated_at = now() where id = ${campaignId}`);
}

export type Attribution = { campaign_id: number | null; appeal_id: number | null };

/**
 * What a gift is credited to from what a form sent (`undefined`: unchanged). An appeal brings
 * its campaign; a campaign sent with an appeal of another campaign is refused; a campaign alone
 * clears the appeal. Answers null when the form sent neither.
 */
export async function resolveAttribution(q: Queryable, sent: { campaign_id?: number | null | undefined; appeal_id?: number | null | undefined }): Promise<Attribution | null> {
  if (sent.campaign_id === undefined && sent.appeal_id === undefined) return null;
  if (sent.appeal_id) {
    const [a] = await queryRows(q, sql`select id, campaign_id from appeals where id = ${sent.appeal_id}`);
    if (!a) throw fieldError('appeal_id', m.appealNotFound);
    if (sent.campaign_id && sent.campaign_id !== Number(a.campaign_id)) throw fieldError('appeal_id', m.appealElsewhere);
    return { campaign_id: Number(a.campaign_id), appeal_id: Number(a.id) };
  }
  if (sent.campaign_id) {
    const [k] = await queryRows(q, sql`select id from campaigns where id = ${sent.campaign_id}`);
    if (!k) throw fieldError('campaign_id', m.notFound);
    return { campaign_id: sent.campaign_id, appeal_id: null };
  }
  return { campaign_id: null, appeal_id: null };
}

/** The same attribution as a row holds it: for comparing a contribution's current one. */
export const attributionOf = (row: Row): Attribution => ({
  campaign_id: row.campaign_id === null || row.campaign_id === undefined ? null : Number(row.campaign_id),
  appeal_id: row.appeal_id === null || row.appeal_id === undefined ? null : Number(row.appeal_id),
});

/**
 * An import's reader of campaign and appeal cells, loaded once per batch: a campaign by its name
 * (any case), an appeal by its code. Answers the attribution or the row's error.
 */
export async function importAttributionReader(q: Queryable) {
  const rows = await queryRows(q, sql`select k.id as campaign_id, k.name, a.id as appeal_id, a.code from campaigns k left join appeals a on a.campaign_id = k.id`);
  const byName = new Map<string, { id: number; name: string }>();
  const byCode = new Map<string, { id: number; campaignId: number; campaign: string }>();
  for (const r of rows) {
    byName.set(campaignNameKey(String(r.name)), { id: Number(r.campaign_id), name: String(r.name) });
    if (r.appeal_id !== null) byCode.set(String(r.code), { id: Number(r.appeal_id), campaignId: Number(r.campaign_id), campaign: String(r.name) });
  }
  return (campaignCell: string | null, appealCell: string | null): Attribution | { field: string; message: string } => {
    const campaign = campaignCell ? byName.get(campaignNameKey(campaignCell)) : undefined;
    if (campaignCell && !campaign) return { field: 'campaign', message: m.unknownCampaign(campaignCell.trim()) };
    if (!appealCell) return { campaign_id: campaign?.id ?? null, appeal_id: null };
    const code = normaliseAppealCode(appealCell);
    const appeal = byCode.get(code);
    if (!appeal) return { field: 'appeal_code', message: m.unknownAppealCode(code) };
    if (campaign && campaign.id !== appeal.campaignId) return { field: 'appeal_code', message: m.appealOutsideCampaign(code, campaign.name) };
    return { campaign_id: appeal.campaignId, appeal_id: appeal.id };
  };
}
