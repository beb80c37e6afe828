import { formatDate, formatMoney, isValidEmail } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { queueMail } from '../mail/mail.service.ts';
import { mailTemplateFor, renderMail } from '../mail/mail.templates.ts';
import { getOrgName } from '../settings/settings.service.ts';
import { contactRefusal } from '../supporters/supporters.consent.ts';

/** The confirmation e-mail's merge values for one contribution, or null when there is no such contribution. */
export async function confirmationValues(q: Queryable, contributionId: number): Promise<Record<string, unknown> | null> {
  const [c] = await queryRows(q, sql`
    select coalesce(c.invoice_number, c.client_uuid) as number, coalesce(c.paid_at, c.ordered_at, c.created_at) as at, c.total_amount, c.currency_code,
           c.payment_type, c.payment_card_brand, c.payment_card_last4, coalesce(s.bill_first_name, c.bill_first_name) as first_name,
           coalesce(s.bill_last_name, c.bill_last_name) as last_name, coalesce(c.bill_email, s.bill_email, s.email) as email
      from contributions c left join supporters s on s.id = c.supporter_id where c.id = ${contributionId} and c.deleted_at is null`);
  if (!c) return null;
  const card = c.payment_card_last4 ? `${String(c.payment_card_brand ?? 'card')} ending ${String(c.payment_card_last4)}` : null;
  return {
    donor: { first_name: c.first_name ?? '', last_name: c.last_name ?? '', email: c.email ?? '' },
    contribution: {
      number: String(c.number),
      date: formatDate(new Date(c.at as string)),
      total: formatMoney(Number(c.total_amount), String(c.currency_code)),
      payment: card ?? String(c.payment_type ?? 'other'),
    },
    organisation: await getOrgName(q),
  };
}

/** Queues the donor's confirmation when the contribution asks for one and has a valid address. */
export async function sendConfirmationIfDue(tx: Tx, contributionId: number): Promise<void> {
  const [c] = await queryRows(tx, sql`select send_confirmation_emails, supporter_id from contributions where id = ${contributionId}`);
  if (!c?.send_confirmation_emails) return;
  // A supporter who asked not to be contacted, or who died, is sent nothing.
  const supporterId = (c.supporter_id as number | null) ?? null;
  if (await contactRefusal(tx, supporterId)) return;
  await queueConfirmation(tx, contributionId, supporterId);
}

/**
 * Queues the confirmation e-mail of a gift to its donor's address (the outbox row and its
 * sending, in `tx`). Answers the address, or null when there is no valid one. The caller has
 * checked the donor may be written to; `createdBy` is the staff member who sent it again.
 */
export async function queueConfirmation(tx: Tx, contributionId: number, supporterId: number | null, createdBy: number | null = null): Promise<string | null> {
  const values = await confirmationValues(tx, contributionId);
  const to = String((values?.donor as { email: string } | undefined)?.email ?? '').trim();
  if (!values || !to || !isValidEmail(to)) return null;
  await queueMail(tx, { to, ...(await renderMail(await mailTemplateFor(tx, 'contributionConfirmation'), values)), kind: 'confirmation', supporterId, createdBy });
  return to;
}
