import { createHash } from 'node:crypto';
import { recurringMessages, CARD_UPDATE_LINK_DAYS, type CardFieldsConfig, type CardUpdated, type CardUpdateView, cardUpdateMessages, formatDate, formatMoney, isValidEmail, scheduleLabel, toDecimal } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { AuthenticationRequired, GatewayError, type PaymentGateway } from '../../integrations/payments/index.ts';
import { queryRows } from '../../listing/engine.ts';
import { decrypt, encrypt, hmac, safeEqual } from '../auth/crypto.ts';
import { queueMail } from '../mail/mail.service.ts';
import { saveMethodAtGateway, type MethodSaved } from '../payments/saved-methods.service.ts';
import { mailTemplateFor, renderMail } from '../mail/mail.templates.ts';
import { getOrgName } from '../settings/settings.service.ts';
import { contactRefusal } from '../supporters/supporters.consent.ts';
import { methodLabelSql } from './recurring.change.ts';
import { cancelHeldRenewals } from './recurring.held-renewals.ts';

/** A link is `{payload}.{signature}`: [profile id, expiry in seconds] as base64url JSON, signed with the app key. */
export function signCardLink(appKey: Buffer, profileId: number, now = Date.now()): { token: string; expires: Date } {
  const expires = now + CARD_UPDATE_LINK_DAYS * 86_400_000;
  const payload = Buffer.from(JSON.stringify([profileId, Math.floor(expires / 1000)])).toString('base64url');
  return { token: `${payload}.${sign(appKey, payload)}`, expires: new Date(expires) };
}

const sign = (appKey: Buffer, payload: string) => hmac(appKey, `card-update:${payload}`).slice(0, 22);

function readCardLink(appKey: Buffer, token: string, now = Date.now()): { profileId: number; expires: number } {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || !safeEqual(signature, sign(appKey, payload))) throw new AppError('not_found', cardUpdateMessages.linkInvalid);
  let claim: [number, number];
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [number, number];
  } catch {
    throw new AppError('not_found', cardUpdateMessages.linkInvalid);
  }
  const [profileId, seconds] = claim;
  if (!Number.isInteger(profileId) || typeof seconds !== 'number') throw new AppError('not_found', cardUpdateMessages.linkInvalid);
  if (seconds * 1000 < now) throw new AppError('not_found', cardUpdateMessages.linkExpired);
  return { profileId, expires: seconds * 1000 };
}

/** A gift the link may still change: not cancelled, expired, deleted or held at a legacy gateway. */
async function profileOf(q: Queryable, profileId: number, lock: boolean) {
  const [p] = await queryRows(q, sql`
    select rp.id, rp.profile_id, rp.supporter_id, rp.currency_code, (rp.amount + rp.dcc_amount)::bigint as total, rp.billing_period,
           rp.recurring_day, rp.recurring_day_of_week, s.first_name, ${methodLabelSql('m')} as card
      from recurring_payment_profiles rp join supporters s on s.id = rp.supporter_id
      left join payment_methods m on m.id = rp.payment_method_id
     where rp.id = ${profileId} and rp.deleted_at is null and not rp.is_locked and rp.status in ('Active', 'Suspended')
     ${lock ? sql`for update of rp` : sql``}`);
  if (!p) throw new AppError('not_found', cardUpdateMessages.linkInvalid);
  return p;
}

const schedule = (p: Record<string, unknown>) =>
  scheduleLabel({ billing_period: String(p.billing_period), recurring_day: p.recurring_day === null ? null : Number(p.recurring_day), recurring_day_of_week: p.recurring_day_of_week === null ? null : Number(p.recurring_day_of_week) });

/** What the donor's page shows: whose gift, how much, how often, which card it uses now. */
export async function cardUpdateView(db: Queryable, appKey: Buffer, token: string, cardFields: CardFieldsConfig): Promise<CardUpdateView> {
  const link = readCardLink(appKey, token);
  const p = await profileOf(db, link.profileId, false);
  const currency = String(p.currency_code);
  return {
    organisation: await getOrgName(db),
    first_name: (p.first_name as string | null) ?? null,
    profile_number: String(p.profile_id),
    amount: toDecimal(String(p.total), currency),
    currency,
    schedule: schedule(p),
    current_card: (p.card as string | null) ?? null,
    expires_at: new Date(link.expires).toISOString(),
    gateway: cardFields.gateway,
    publishable_key: cardFields.publishable_key,
  };
}

/** A refusal the route answers once the transaction is committed: a held renewal cancelled at the gateway meanwhile stays marked so. */
export type CardUpdateOutcome = CardUpdated | { refused: AppError };

/**
 * Keeps the donor's new card (the gateway turns the capture token into a reusable method, once
 * per token however often the page is sent) and puts it on the gift, in one transaction: the
 * gift's history shows the method changed, with no staff member behind it. A card the bank asks
 * the donor to confirm is not kept yet: the answer hands the page the challenge, and the page
 * sends the card again naming the confirmed set-up (`setupIntent`). A card the gateway refuses
 * is answered as `refused`, for the route to throw once the transaction has committed.
 */
export async function updateCard(tx: Tx, deps: { appKey: Buffer; gateway: PaymentGateway }, token: string, captureToken: string, setupIntent?: string): Promise<CardUpdateOutcome> {
  const link = readCardLink(deps.appKey, token);
  const p = await profileOf(tx, link.profileId, true);
  const key = createHash('sha256').update(captureToken).digest('base64url').slice(0, 32);
  let saved: MethodSaved;
  try {
    saved = await saveMethodAtGateway(tx, deps.gateway, { supporterId: Number(p.supporter_id), token: captureToken, idempotencyKey: `card-update:${link.profileId}:${key}`, setupReference: setupIntent });
  } catch (error) {
    if (error instanceof AuthenticationRequired) return { message: cardUpdateMessages.authenticate, card: '', authenticate: { client_secret: error.clientSecret, setup_intent: error.setupReference } };
    if (!(error instanceof GatewayError)) throw error;
    // The donor's bank challenge failed: the renewal left waiting for it must not be confirmed later.
    if (setupIntent) await cancelHeldRenewals(tx, link.profileId);
    return { refused: fieldError('token', error.message) };
  }
  const brand = saved.brand.charAt(0).toUpperCase() + saved.brand.slice(1);
  const card = `${brand} ending ${saved.last4}`;
  const methodId = (await sameMethod(tx, deps.appKey, Number(p.supporter_id), saved.reference)) ?? Number((await queryRows(tx, sql`
    insert into payment_methods (supporter_id, status, display_name, token, type, card_brand, account_last_four, card_expiry_month, card_expiry_year, currency_code,
                                 gateway, gateway_customer)
    values (${p.supporter_id}, 'ACTIVE', ${card}, ${encrypt(deps.appKey, saved.reference)}, 'card', ${saved.brand}, ${saved.last4}, ${saved.expMonth},
            ${saved.expYear}, ${p.currency_code}, ${saved.gateway}, ${saved.customer})
    returning id`))[0]?.id);
  // A renewal that waited for the donor to authenticate is charged again on the next run, on this card.
  await tx.execute(sql`update recurring_payment_profiles set payment_method_id = ${methodId}, authentication_required_at = null, updated_at = now() where id = ${link.profileId}`);
  // That run charges a new intent under its own key: the one left waiting would be a second charge.
  await cancelHeldRenewals(tx, link.profileId);
  return { message: cardUpdateMessages.saved(card), card, authenticate: null };
}

/** The supporter's saved method the gateway already gave this reference (the page sent twice): kept once, not twice. */
async function sameMethod(tx: Tx, appKey: Buffer, supporterId: number, reference: string): Promise<number | null> {
  const rows = await queryRows(tx, sql`select id, token from payment_methods where supporter_id = ${supporterId} and status = 'ACTIVE' and deleted_at is null and token is not null`);
  for (const row of rows) {
    try {
      if (decrypt(appKey, String(row.token)) === reference) return Number(row.id);
    } catch {
      // Sealed with another key: not this one.
    }
  }
  return null;
}

export type CardLinkReason = 'declined' | 'expiring' | 'requested' | 'authentication';

/** The "update your card" e-mail's merge values for one profile (also the template editor's preview), or null. */
export async function cardLinkMailValues(q: Queryable, profileId: number, link = '', reason: CardLinkReason = 'declined'): Promise<Record<string, unknown> | null> {
  const [p] = await queryRows(q, sql`
    select rp.profile_id, rp.supporter_id, rp.currency_code, (rp.amount + rp.dcc_amount)::bigint as total, rp.billing_period, rp.recurring_day, rp.recurring_day_of_week,
           coalesce(rp.next_attempt_date, rp.next_billing_date)::text as next_date, s.bill_first_name as first_name, s.bill_last_name as last_name,
           coalesce(s.email, s.bill_email) as email, ${methodLabelSql('m')} as card
      from recurring_payment_profiles rp join supporters s on s.id = rp.supporter_id
      left join payment_methods m on m.id = rp.payment_method_id
     where rp.id = ${profileId} and rp.deleted_at is null`);
  if (!p) return null;
  return {
    supporter_id: Number(p.supporter_id),
    donor: { first_name: p.first_name ?? '', last_name: p.last_name ?? '', email: p.email ?? '' },
    recurring: {
      number: String(p.profile_id),
      amount: formatMoney(Number(p.total), String(p.currency_code)),
      schedule: schedule(p),
      next_billing_date: p.next_date ? formatDate(String(p.next_date)) : '',
    },
    card: { label: p.card ?? 'your card', declined: reason === 'declined', expiring: reason === 'expiring', authenticate: reason === 'authentication' },
    link,
    organisation: await getOrgName(q),
  };
}

/**
 * Queues the donor's link in `tx` (a rolled-back charge sends nothing); nothing without a valid
 * address. Answers whether a message was queued.
 */
export async function mailCardLink(tx: Tx, appKey: Buffer, linkBase: string, profileId: number, reason: CardLinkReason): Promise<boolean> {
  const link = `${linkBase}/jpanel/update-card/${signCardLink(appKey, profileId).token}`;
  const values = await cardLinkMailValues(tx, profileId, link, reason);
  const to = String((values?.donor as { email: string } | undefined)?.email ?? '').trim();
  const supporterId = Number(values?.supporter_id ?? 0) || null;
  if (!values || !to || !isValidEmail(to) || (await contactRefusal(tx, supporterId))) return false;
  await queueMail(tx, { to, kind: 'card_update', supporterId, ...(await renderMail(await mailTemplateFor(tx, 'cardUpdateLink'), values)) });
  return true;
}

/** Staff send the link (a donor on the phone says their card changed); refused without an address to send it to. */
export async function sendCardLink(tx: Tx, appKey: Buffer, linkBase: string, profileId: number): Promise<{ message: string }> {
  const [p] = await queryRows(tx, sql`select profile_id from recurring_payment_profiles where id = ${profileId} and deleted_at is null`);
  if (!p) throw new AppError('not_found', recurringMessages.notFound);
  await profileOf(tx, profileId, true).catch(() => {
    throw new AppError('conflict', cardUpdateMessages.cannotSend(String(p.profile_id)));
  });
  const [owner] = await queryRows(tx, sql`select supporter_id from recurring_payment_profiles where id = ${profileId}`);
  const refusal = await contactRefusal(tx, Number(owner?.supporter_id ?? 0) || null);
  if (refusal) throw new AppError('conflict', refusal);
  if (!(await mailCardLink(tx, appKey, linkBase, profileId, 'requested'))) throw new AppError('conflict', cardUpdateMessages.noEmail);
  return { message: cardUpdateMessages.sent(String(p.profile_id)) };
}
