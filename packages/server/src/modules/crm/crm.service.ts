import { type CrmCode, type CrmDonor, type CrmGift, type DonorView, type GiftView, crmMessages } from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { CrmError, type CrmRecord } from '../../integrations/crm/crm.ts';
import { getSettings } from '../settings/settings.service.ts';
import { type CrmHandle, crmFor } from './crm.connection.ts';
import { crmCodeCache } from './crm.tables.ts';

/** The incumbent keeps code lists six hours. */
const CODE_CACHE_HOURS = 6;

export async function crmEnabled(q: Queryable): Promise<boolean> {
  return (await getSettings(q, ['edition_dp'])).edition_dp;
}

async function requireEnabled(q: Queryable): Promise<CrmHandle> {
  if (!(await crmEnabled(q))) throw new AppError('conflict', crmMessages.disabled);
  return crmFor(q);
}

/** A CRM failure as an answer a person can act on (never a 500). */
async function asked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof CrmError) throw new AppError('unavailable', e.kind === 'refused' ? e.message : crmMessages.unreachable);
    throw e;
  }
}

const s = (r: CrmRecord, name: string) => (r[name] ?? '').trim();

function toDonor(r: CrmRecord, handle: CrmHandle): CrmDonor {
  const id = s(r, 'donor_id');
  return {
    donor_id: id, first_name: s(r, 'first_name'), last_name: s(r, 'last_name'), email: s(r, 'email'), address: s(r, 'address'),
    city: s(r, 'city'), state: s(r, 'state'), zip: s(r, 'zip'), country: s(r, 'country'), url: handle.donorUrl(id),
  };
}

function toGift(r: CrmRecord, handle: CrmHandle): CrmGift {
  const amount = Number(s(r, 'amount'));
  return {
    gift_id: s(r, 'gift_id'), donor_id: s(r, 'donor_id'), record_type: s(r, 'record_type') || 'G',
    // DonorPerfect answers dates as m/d/yyyy or ISO; keep the day.
    gift_date: toIsoDay(s(r, 'gift_date')), amount: Number.isFinite(amount) ? amount : 0, gl_code: s(r, 'gl_code'),
    campaign: s(r, 'campaign'), solicit_code: s(r, 'solicit_code'), reference: s(r, 'reference'),
    gift_narrative: s(r, 'gift_narrative'), url: handle.donorUrl(s(r, 'donor_id')),
  };
}

function toIsoDay(value: string): string {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(value);
  if (us) return `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}`;
  return /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? value;
}

/** The donor modal: the donor, their latest 20 gifts and 100 pledges, and up to 20 others with the same name or email. */
export async function donorView(q: Queryable, input: { id: string; first_name: string | null; last_name: string | null; email: string | null }): Promise<DonorView> {
  const handle = await requireEnabled(q);
  return asked(async () => {
    const record = await handle.crm.findDonor(input.id);
    if (!record) throw new AppError('not_found', crmMessages.donorNotFound);
    const [gifts, pledges, similar] = await Promise.all([
      handle.crm.giftsOf(input.id, 'G', 20),
      handle.crm.giftsOf(input.id, 'P', 100),
      handle.crm.searchDonors({ firstName: input.first_name, lastName: input.last_name, email: input.email }),
    ]);
    return {
      donor: toDonor(record, handle),
      gifts: gifts.map((g) => toGift(g, handle)),
      pledges: pledges.map((g) => toGift(g, handle)),
      similar: similar.filter((d) => s(d, 'donor_id') !== input.id).map((d) => toDonor(d, handle)),
    };
  });
}

/** The gift modal: the gift and its donor. */
export async function giftView(q: Queryable, id: string): Promise<GiftView> {
  const handle = await requireEnabled(q);
  return asked(async () => {
    const gift = await handle.crm.findGift(id);
    if (!gift) throw new AppError('not_found', crmMessages.giftNotFound);
    const donor = s(gift, 'donor_id') ? await handle.crm.findDonor(s(gift, 'donor_id')) : null;
    return { gift: toGift(gift, handle), donor: donor ? toDonor(donor, handle) : null };
  });
}

/**
 * A code list (GL_CODE, CAMPAIGN, …) for pickers: empty when the CRM is off or cannot answer
 * (spec: failed picker loads yield empty lists), otherwise read once per six hours.
 */
export async function codeList(q: Queryable, fieldName: string): Promise<CrmCode[]> {
  if (!(await crmEnabled(q))) return [];
  const [cached] = await q.select().from(crmCodeCache)
    .where(sql`${crmCodeCache.fieldName} = ${fieldName} and ${crmCodeCache.fetchedAt} > now() - make_interval(hours => ${CODE_CACHE_HOURS})`);
  if (cached) return cached.codes;
  try {
    const codes = (await (await crmFor(q)).crm.codes(fieldName)).map((c) => ({ code: c.code.slice(0, 200), description: c.description.slice(0, 200) }));
    await q.insert(crmCodeCache).values({ fieldName, codes })
      .onConflictDoUpdate({ target: crmCodeCache.fieldName, set: { codes, fetchedAt: sql`now()` } });
    return codes;
  } catch (e) {
    if (e instanceof CrmError) return [];
    throw e;
  }
}

export async function clearCodeCache(q: Queryable, fieldName?: string): Promise<void> {
  if (fieldName) await q.delete(crmCodeCache).where(eq(crmCodeCache.fieldName, fieldName));
  else await q.delete(crmCodeCache);
}
