import { isValidEmail, receiptMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { queryRows } from '../../listing/engine.ts';
import { queueMail } from '../mail/mail.service.ts';
import { mailTemplateFor, renderMail } from '../mail/mail.templates.ts';
import { getOrgName } from '../settings/settings.service.ts';
import { contactRefusal } from '../supporters/supporters.consent.ts';
import { ensureReceiptPdf, receiptMailValues } from './receipts.pdf.ts';


/**
 * E-mails an issued receipt's PDF (rendered and stored through the storage service) to its
 * address, or to `email` when staff typed another, through the mailer's outbox, and marks it
 * notified in the same transaction as the queued message.
 */
export async function notifyReceipt(db: Db, config: Config, actor: Actor, id: number, email?: string | null): Promise<{ id: number; email: string }> {
  const [receipt] = await queryRows(db, sql`select id, status, number, email, name, deleted_at, supporter_id from tax_receipts where id = ${id}`);
  if (!receipt || receipt.deleted_at) throw new AppError('not_found', receiptMessages.notFound);
  if (receipt.status === 'draft') throw new AppError('conflict', receiptMessages.notifyDraft);
  if (receipt.status === 'void') throw new AppError('conflict', receiptMessages.voidIsFinal(String(receipt.number)));
  // A supporter who asked not to be contacted, or who died, is sent nothing (bulk sends count them as skipped).
  const supporterId = (receipt.supporter_id as number | null) ?? null;
  const refusal = await contactRefusal(db, supporterId);
  if (refusal) throw new AppError('conflict', refusal);
  const to = (email ?? (receipt.email as string | null) ?? '').trim();
  if (!to) throw fieldError('email', receiptMessages.noEmail);
  if (!isValidEmail(to)) throw fieldError('email', receiptMessages.invalidEmail(String(receipt.number), id, to));
  const { pdf, number } = await ensureReceiptPdf(db, config, id);
  // The saved wording (Settings › Mail templates) or the built-in one, with every receipt merge tag.
  const mail = await renderMail(await mailTemplateFor(db, 'taxReceipt'), { ...(await receiptMailValues(db, id)), organisation: await getOrgName(db) });
  await withActor(db, actor, async (tx) => {
    await queueMail(tx, { to, ...mail, attachments: [{ filename: `receipt-${number}.pdf`, contentType: 'application/pdf', content: pdf }], kind: 'receipt', supporterId, createdBy: actor.userId });
    await tx.execute(sql`update tax_receipts set notified_at = now() where id = ${id}`);
  });
  return { id, email: to };
}

/** A short-lived download address of the receipt's PDF. */
export async function receiptPdfUrl(db: Db, config: Config, id: number): Promise<{ url: string }> {
  const { key, number } = await ensureReceiptPdf(db, config, id);
  const signed = await storageFor(config).signDownload(key, { downloadName: `receipt-${number || 'draft'}.pdf` });
  return { url: signed.url };
}
