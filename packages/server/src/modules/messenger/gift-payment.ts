import { randomUUID } from 'node:crypto';
import { formatMoney, gatewayMessages, giftMessages, messengerMessages, posCompleteSchema, toDecimal, type CardFieldsConfig, type GiftPaid, type GiftLinkView } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { convertToOrgCurrency } from '../money/money.convert.ts';
import { completePosOrder, type CompleteDeps } from '../pos/pos.complete.ts';
import { saveTotals } from '../pos/pos.pricing.ts';
import { getOrgName, getSettings } from '../settings/settings.service.ts';
import { readGiftLink, type GiftClaim } from './gift-link.ts';

/**
 * Paying a gift link (text-to-give). The link's signed claim fixes the conversation and the
 * amount; the conversation must still be waiting on that link (state link_sent, same amount), so
 * a cleared conversation or a newer gift retires the old link.
 *
 * The gift becomes a contribution (source Messenger) with one donation item, made once per link
 * under the conversation's row lock and remembered on the conversation; it is then completed by
 * the same code as a point-of-sale order, so payment happens exactly once (the order row lock and
 * the gateway's idempotency key), and the receipt, confirmation e-mail, lifetime giving and the
 * `contribution.paid` event follow as for any other gift. A declined card leaves the contribution
 * unpaid; another card can be tried on the same link.
 */

type Conversation = { id: number; sender: string; supporter_id: number | null; keyword: string | null; contribution_id: number | null };

function claimOf(appKey: Buffer, token: string): GiftClaim {
  const check = readGiftLink(appKey, token);
  if (check.ok) return check.claim;
  throw new AppError('not_found', check.reason === 'expired' ? messengerMessages.linkExpired : messengerMessages.linkInvalid);
}

async function conversationOf(q: Queryable, claim: GiftClaim, lock: boolean): Promise<Conversation> {
  const [row] = await queryRows(q, sql`select c.id, c.sender, c.supporter_id, k.keyword, c.contribution_id
      from messenger_conversations c left join messenger_keywords k on k.id = c.keyword_id
     where c.id = ${claim.conversation} and c.state = 'link_sent' and c.amount = ${claim.amount} and c.currency_code = ${claim.currency}
     ${lock ? sql`for update of c` : sql``}`);
  if (!row) throw new AppError('not_found', messengerMessages.linkInvalid);
  return row as unknown as Conversation;
}

async function paidInvoice(q: Queryable, contributionId: number | null): Promise<{ invoice_number: string | null } | null> {
  if (contributionId === null) return null;
  const [c] = await queryRows(q, sql`select invoice_number from contributions where id = ${contributionId} and paid_at is not null`);
  return c ? { invoice_number: (c.invoice_number as string | null) ?? null } : null;
}

export async function giftView(db: Queryable, appKey: Buffer, token: string, cardFields: CardFieldsConfig): Promise<GiftLinkView> {
  const claim = claimOf(appKey, token);
  const conversation = await conversationOf(db, claim, false);
  const [supporter] = conversation.supporter_id === null ? [] : await queryRows(db, sql`select first_name from supporters where id = ${conversation.supporter_id}`);
  return {
    organisation: await getOrgName(db),
    first_name: (supporter?.first_name as string | null | undefined) ?? null,
    amount: toDecimal(claim.amount, claim.currency),
    currency: claim.currency,
    expires_at: new Date(claim.expires).toISOString(),
    gateway: cardFields.gateway,
    publishable_key: cardFields.publishable_key,
    paid: await paidInvoice(db, conversation.contribution_id),
  };
}

/** The gift's contribution: made on the first payment attempt, the same one on every later attempt. */
async function giftContribution(tx: Tx, claim: GiftClaim): Promise<number> {
  const conversation = await conversationOf(tx, claim, true);
  if (conversation.contribution_id !== null) return conversation.contribution_id;
  const { default_country: country } = await getSettings(tx, ['default_country']);
  const [supporter] = conversation.supporter_id === null ? [] : await queryRows(tx, sql`
    select first_name, last_name, coalesce(bill_email, email) as email from supporters where id = ${conversation.supporter_id}`);
  const functional = await convertToOrgCurrency(tx, { amount: 0, currency: claim.currency, at: new Date() });
  const [row] = await queryRows(tx, sql`
    insert into contributions (client_uuid, currency_code, is_pos, is_anonymous, source, supporter_id, bill_first_name, bill_last_name,
                               bill_email, bill_phone, bill_country, functional_currency_code, functional_exchange_rate,
                               functional_total_amount, functional_rate_date)
    values (${randomUUID().toUpperCase()}, ${claim.currency}, false, false, 'Messenger', ${conversation.supporter_id},
            ${supporter?.first_name ?? null}, ${supporter?.last_name ?? null}, ${supporter?.email ?? null}, ${conversation.sender},
            ${country || null}, ${functional.currency}, ${functional.rate}, ${functional.amount}, ${functional.rateDate})
    returning id`);
  const id = Number(row!.id);
  await tx.execute(sql`insert into contribution_items (contribution_id, description, qty, price, original_price, total, is_donation)
    values (${id}, ${giftMessages.itemDescription(conversation.keyword)}, 1, ${claim.amount}, ${claim.amount}, ${claim.amount}, true)`);
  await saveTotals(tx, id);
  await tx.execute(sql`update messenger_conversations set contribution_id = ${id}, updated_at = now() where id = ${conversation.id}`);
  return id;
}

export async function payGift(deps: CompleteDeps, actor: Actor, token: string, cardToken: string): Promise<GiftPaid> {
  const claim = claimOf(deps.appKey, token);
  const id = await withActor(deps.db, actor, (tx) => giftContribution(tx, claim));
  const body = posCompleteSchema.parse({ payment_type: 'credit_card', token: cardToken, send_confirmation_emails: true });
  const done = await completePosOrder(deps, actor, id, body);
  // The gift's page has no bank challenge to show: a card whose bank asks for one is refused, as before.
  if (done.status !== 'success') throw fieldError('token', gatewayMessages.authenticationRequired);
  const org = await getOrgName(deps.db);
  return { status: 'success', message: giftMessages.paid(formatMoney(claim.amount, claim.currency), org), invoice_number: done.payment.invoicenumber };
}
