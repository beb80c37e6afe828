import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { JobQueue } from '../jobs/jobs.queue.ts';
import { configureMail, queueMail } from './mail.service.ts';
import { mailOutbox } from './mail.tables.ts';
import { mailTemplates, renderMail } from './mail.templates.ts';

/** Issue 7 item 3: one mailer; the outbox by default, SMTP when configured; a job, never twice. */
type Received = { from: string; to: string[]; data: string };
const received: Received[] = [];
let refuseNext = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
    stream.on('end', () => {
      if (session.envelope.rcptTo.some((r) => r.address.endsWith('@bounce.test'))) {
        const error = new Error('No such mailbox') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      if (refuseNext > 0) {
        refuseNext -= 1;
        const error = new Error('Mailbox busy, try later') as Error & { responseCode: number };
        error.responseCode = 451;
        callback(error);
        return;
      }
      received.push({ from: String(session.envelope.mailFrom && session.envelope.mailFrom.address), to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});

let database: Database;
let queue: JobQueue;

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  database = await createTestDatabase();
  queue = new JobQueue(database, { work: true, pollingIntervalSeconds: 0.5 });
  await queue.start();
});

afterAll(async () => {
  await queue.stop();
  await database.close();
  configureMail({ from: 'Almoner <no-reply@almoner.test>' });
  await new Promise((resolve) => server.close(() => resolve(undefined)));
});

const row = async (id: number) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

async function settle(id: number, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const mail = await row(id);
    if ((mail && ['sent', 'stored', 'failed'].includes(mail.status)) || Date.now() > deadline) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe(`mail on ${process.env.ALMONER_TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('escapes merge tags in HTML and keeps them plain in text', async () => {
    const mail = await renderMail(mailTemplates.passwordReset, { first_name: '<b>Ada</b> & co', link: 'https://example.org/r?a=1&b=2', minutes: 60, organisation: 'Hope' });
    expect(mail.html).toContain('&lt;b&gt;Ada&lt;/b&gt; &amp; co');
    expect(mail.html).not.toContain('<b>Ada</b>');
    expect(mail.text).toContain('<b>Ada</b> & co');
    expect(mail.text).toContain('https://example.org/r?a=1&b=2');
  });

  it('keeps a message in the outbox when no SMTP server is configured', async () => {
    configureMail({ from: 'Almoner <no-reply@almoner.test>' });
    const id = await withActor(database.db, { userId: null, ip: null }, (tx) =>
      queueMail(tx, { to: 'ada@example.org', subject: 'Kept', html: '<p>Hi</p>', text: 'Hi', attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('hello') }] }),
    );
    const mail = await settle(id);
    expect(mail?.status).toBe('stored');
    expect(mail?.sentAt).not.toBeNull();
    expect(mail?.attachments).toEqual([{ filename: 'a.txt', contentType: 'text/plain', size: 5, content: Buffer.from('hello').toString('base64') }]);
    expect(received).toHaveLength(0);
  });

  it('queues nothing when the change that wrote the message rolls back', async () => {
    let id = 0;
    await expect(
      withActor(database.db, { userId: null, ip: null }, async (tx) => {
        id = await queueMail(tx, { to: 'ada@example.org', subject: 'Never', text: 'x' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow();
    expect(await row(id)).toBeUndefined();
  });

  it('sends through SMTP, retries what the server refused, and sends each message once', async () => {
    const { port } = server.server.address() as AddressInfo;
    configureMail({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: 'Almoner <no-reply@almoner.test>' });
    refuseNext = 1;
    // The queue's own retry delay is 30 s; make the retry immediate for the test.
    await database.execute(`update pgboss.queue set retry_delay = 0, retry_backoff = false where name = 'mail_send'`);
    const id = await queueMail(database.db, { to: 'grace@example.org', subject: 'Receipt', html: '<p>Thank you</p>', text: 'Thank you', attachments: [{ filename: 'r.txt', contentType: 'text/plain', content: Buffer.from('receipt') }] });
    const mail = await settle(id, 30_000);
    expect(mail?.status).toBe('sent');
    expect(mail?.attempts).toBe(2);
    expect(mail?.messageId).toBe(`<mail-${id}@almoner>`);
    const copies = received.filter((m) => m.data.includes(`<mail-${id}@almoner>`));
    expect(copies).toHaveLength(1);
    expect(copies[0]?.to).toEqual(['grace@example.org']);
    expect(copies[0]?.data).toContain('Subject: Receipt');
    expect(copies[0]?.data).toContain('filename=r.txt');
  });

  it('fails at once, without retries, when the server refuses the message for good (5xx)', async () => {
    const id = await queueMail(database.db, { to: 'nobody@bounce.test', subject: 'Bounce', text: 'x' });
    const mail = await settle(id);
    expect(mail?.status).toBe('failed');
    expect(mail?.attempts).toBe(1);
    expect(mail?.error).toContain('550');
    // The row is marked failed inside the handler; pg-boss marks the job a moment later, once the
    // handler has thrown: wait for it (and that it is not set to retry).
    const jobState = async () => (await database.execute(`select state::text as state from pgboss.job where name = 'mail_send' and data->>'mail_id' = '${id}'`)).rows[0]?.state;
    const deadline = Date.now() + 10_000;
    while ((await jobState()) === 'active' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await jobState()).toBe('failed');
  });

  it('does not send again a message whose worker died mid-send', async () => {
    const id = await queueMail(database.db, { to: 'linus@example.org', subject: 'Interrupted', text: 'x' });
    // What a worker killed after claiming leaves behind: the claim, no result.
    await database.execute(`insert into job_once_keys (key) values ('mail:${id}')`);
    await database.execute(`update mail_outbox set status = 'sending' where id = ${id}`);
    const mail = await settle(id);
    expect(mail?.status).toBe('failed');
    expect(received.filter((m) => m.data.includes(`<mail-${id}@almoner>`))).toHaveLength(0);
  });
});
