import type { MailKind } from '@almoner/contracts';
import { createTransport, type Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { type JobRun, defineJob, enqueue, runOnce } from '../jobs/jobs.queue.ts';
import { type MailAttachment, mailOutbox } from './mail.tables.ts';

export type OutgoingMail = {
  to: string;
  cc?: string;
  subject: string;
  html?: string;
  text?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /** What the message is, and the supporter it is for (their page lists it). */
  kind?: MailKind;
  supporterId?: number | null;
  /** The staff member who sent it by hand. */
  createdBy?: number | null;
};

/** Where mail goes: an SMTP server (ALMONER_SMTP_URL), or nowhere but the outbox. */
export type MailSettings = { smtpUrl?: string | undefined; from: string };

let settings: MailSettings = { from: 'Almoner <no-reply@almoner.test>' };
let smtp: Transporter | undefined;

/** Called once per process with the configuration (app start; tests point it at their server). */
export function configureMail(next: MailSettings): void {
  settings = next;
  smtp?.close();
  smtp = next.smtpUrl ? createTransport(next.smtpUrl) : undefined;
}

const sendMail = defineJob<{ mail_id: number }>({
  name: 'mail_send',
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  handler: (run) => deliver(run),
});

/**
 * Keeps the message in the outbox and queues its sending, both in `q`'s transaction: a change
 * that rolls back sends nothing. Returns the outbox id.
 */
export async function queueMail(q: Queryable, mail: OutgoingMail): Promise<number> {
  const attachments: MailAttachment[] = (mail.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    size: a.content.length,
    content: a.content.toString('base64'),
  }));
  const [row] = await q
    .insert(mailOutbox)
    .values({
      to: mail.to, cc: mail.cc ?? null, from: settings.from, subject: mail.subject, html: mail.html ?? null, text: mail.text ?? null, attachments,
      kind: mail.kind ?? null, supporterId: mail.supporterId ?? null, createdBy: mail.createdBy ?? null,
    })
    .returning({ id: mailOutbox.id });
  const id = (row as { id: number }).id;
  await enqueue(q, sendMail, { mail_id: id });
  return id;
}

/**
 * Sends one outbox message, never twice. Claiming it (status 'sending') writes its once-key in
 * the same transaction; a failure the SMTP server reported gives the claim back for the retry.
 * A claim found still open means a worker died mid-send: whether the server got the message is
 * unknown, so it is marked failed rather than risk a second copy.
 */
async function deliver(run: JobRun<{ mail_id: number }>): Promise<void> {
  const { database } = run;
  const id = run.data.mail_id;
  const key = `mail:${id}`;
  const claimed = await runOnce(database, key, run.id, async (tx) => {
    await tx.update(mailOutbox).set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` }).where(eq(mailOutbox.id, id));
  });
  const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!mail) return;
  if (!claimed) {
    if (mail.status === ('sending')) await finish(database, id, { status: 'failed', error: 'The worker stopped while sending; not sent again to avoid a duplicate.' });
    return;
  }
  if (!smtp) {
    await finish(database, id, { status: 'stored' });
    return;
  }
  try {
    const info = (await smtp.sendMail({
      from: mail.from ?? settings.from,
      to: mail.to,
      ...(mail.cc ? { cc: mail.cc } : {}),
      subject: mail.subject,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.text ? { text: mail.text } : {}),
      attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })),
      // The same id on every attempt, so a receiving server can tell a copy.
      messageId: `<mail-${id}@almoner>`,
    })) as { messageId?: string };
    await finish(database, id, { status: 'sent', messageId: info.messageId ?? null });
  } catch (error) {
    // The server's own reply (an SMTP code and text), never the message's content.
    const reason = error instanceof Error ? `${(error as { responseCode?: number }).responseCode ?? (error as { code?: string }).code ?? ''} ${error.message}`.trim() : 'Sending failed.';
    // A 5xx reply (no such mailbox, refused) is permanent: trying again would only be refused again.
    const permanent = Number((error as { responseCode?: number }).responseCode) >= 500;
    if (permanent) await run.giveUp();
    const last = permanent || run.retryCount >= run.retryLimit;
    await database.db.transaction(async (tx) => {
      await tx.update(mailOutbox).set({ status: last ? 'failed' : 'queued', error: reason.slice(0, 1000) }).where(eq(mailOutbox.id, id));
      if (!last) await tx.execute(sql`delete from job_once_keys where key = ${key}`);
    });
    throw error;
  }
}

async function finish(database: Database, id: number, values: { status: 'sent' | 'stored' | 'failed'; error?: string; messageId?: string | null }) {
  await database.db
    .update(mailOutbox)
    .set({ status: values.status, error: values.error ?? null, messageId: values.messageId ?? null, ...(values.status === 'failed' ? {} : { sentAt: sql`now()` }) })
    .where(eq(mailOutbox.id, id));
}
