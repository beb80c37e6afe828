import { passwordResetMessages } from '@almoner/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { Agent, buildUser, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { mailOutbox } from '../mail/mail.tables.ts';

/** Issue 6 item 19: invitations and the forgot/reset password flow in Fortify's shape. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const latestMailTo = async (to: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];
const linkIn = (text: string | null | undefined) => {
  const match = /\/jpanel\/reset-password\/([\w-]+)\?email=([^&\s]+)/.exec(text ?? '');
  if (!match) throw new Error('no reset link in the message');
  return { token: match[1] as string, email: decodeURIComponent(match[2] as string) };
};
const fromAddress = (ip: string) => ({ remoteAddress: ip });

describe('forgot and reset password', () => {
  it('answers the same for a known and an unknown e-mail, and mails a link only to the known one', async () => {
    const user = await buildUser(t.database);
    const known = await new Agent(t.app).post('/jpanel/forgot-password', { email: user.email.toUpperCase() }, fromAddress('198.51.100.1'));
    const unknown = await new Agent(t.app).post('/jpanel/forgot-password', { email: 'nobody@example.org' }, fromAddress('198.51.100.1'));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: passwordResetMessages.sent });
    expect(unknown.json()).toEqual(known.json());
    const mail = await latestMailTo(user.email);
    expect(mail?.subject).toBe('Reset your password');
    expect(await latestMailTo('nobody@example.org')).toBeUndefined();
    // Only the token's hash is stored.
    const { token } = linkIn(mail?.text);
    const rows = await queryRows(t.database.db, sql`select token_hash from password_reset_tokens where email = ${user.email.toLowerCase()}`);
    expect(rows).toHaveLength(1);
    expect(String(rows[0]?.token_hash)).not.toContain(token);
  });

  it('resets the password once with the link, ends other sessions, and refuses the token a second time', async () => {
    const { agent: oldSession, user } = await signedIn(t);
    await new Agent(t.app).post('/jpanel/forgot-password', { email: user.email }, fromAddress('198.51.100.2'));
    const { token, email } = linkIn((await latestMailTo(user.email))?.text);
    const body = { token, email, password: 'new-secret-42', password_confirmation: 'new-secret-42' };

    const mismatch = await new Agent(t.app).post('/jpanel/reset-password', { ...body, password_confirmation: 'other-42x' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password).toEqual([passwordResetMessages.confirmation]);

    const reset = await new Agent(t.app).post('/jpanel/reset-password', body);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: passwordResetMessages.reset });
    expect((await oldSession.get('/jpanel/auth/session')).statusCode).toBe(401);
    await new Agent(t.app).login(user.email, 'new-secret-42');

    const again = await new Agent(t.app).post('/jpanel/reset-password', { ...body, password: 'third-secret-7', password_confirmation: 'third-secret-7' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual([passwordResetMessages.token]);
  });

  it('refuses a wrong token, another user\'s e-mail, and a token older than 60 minutes', async () => {
    const user = await buildUser(t.database);
    const other = await buildUser(t.database);
    await new Agent(t.app).post('/jpanel/forgot-password', { email: user.email }, fromAddress('198.51.100.3'));
    const { token } = linkIn((await latestMailTo(user.email))?.text);
    const base = { password: 'new-secret-42', password_confirmation: 'new-secret-42' };
    expect((await new Agent(t.app).post('/jpanel/reset-password', { ...base, token: `${token}x`, email: user.email })).statusCode).toBe(422);
    expect((await new Agent(t.app).post('/jpanel/reset-password', { ...base, token, email: other.email })).statusCode).toBe(422);
    await t.database.db.execute(sql`update password_reset_tokens set created_at = now() - interval '61 minutes' where email = ${user.email.toLowerCase()}`);
    const expired = await new Agent(t.app).post('/jpanel/reset-password', { ...base, token, email: user.email });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.email).toEqual([passwordResetMessages.token]);
  });

  it('throttles requests for one e-mail whether or not it is known', async () => {
    for (const email of ['throttle-unknown@example.org', (await buildUser(t.database)).email]) {
      const answers: number[] = [];
      for (let i = 0; i < 5; i++) answers.push((await new Agent(t.app).post('/jpanel/forgot-password', { email }, fromAddress(`198.51.100.${10 + i}`))).statusCode);
      expect(answers).toEqual([200, 200, 200, 429, 429]);
    }
    const limited = await new Agent(t.app).post('/jpanel/forgot-password', { email: 'throttle-unknown@example.org' }, fromAddress('198.51.100.30'));
    expect(limited.json().message).toBe(passwordResetMessages.throttled);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('invites a user created without a password, whose link sets the first password', async () => {
    const { agent } = await signedIn(t);
    const email = `invited-${Date.now()}@example.org`;
    const created = await agent.post('/jpanel/users', { first_name: 'Ivy', last_name: 'Invited', email, is_admin_user: true });
    expect(created.statusCode).toBe(201);
    const invitation = await latestMailTo(email);
    expect(invitation?.subject).toContain('invited');
    expect(invitation?.html).toContain('Hello Ivy');
    const { token } = linkIn(invitation?.text);
    expect(invitation?.text).toContain('&invite=1');
    const set = await new Agent(t.app).post('/jpanel/reset-password', { token, email, password: 'first-pass-1', password_confirmation: 'first-pass-1' });
    expect(set.statusCode).toBe(200);
    await new Agent(t.app).login(email, 'first-pass-1');
    const [event] = await queryRows(t.database.db, sql`select payload from domain_events where type = 'user.invited' order by id desc limit 1`);
    expect(event?.payload).toEqual({ user_id: expect.any(Number) });
  });
});
