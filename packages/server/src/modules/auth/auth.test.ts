import { messages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildUser, createTestApp, type TestApp } from '../../test/test-app.ts';
import { sessions } from './auth.tables.ts';
import { MAX_FAILURES_PER_EMAIL_AND_IP } from './throttle.ts';
import { sha256 } from './crypto.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('sign in', () => {
  it('signs in with JSON, changes the session id, and signs out on the server', async () => {
    const user = await buildUser(t.database);
    const agent = new Agent(t.app);
    await agent.get('/jpanel/login');
    const guestId = agent.cookies.almoner_session;
    expect(await agent.login(user.email)).toMatchObject({ two_factor: false });
    const sessionId = agent.cookies.almoner_session as string;
    expect(sessionId).not.toBe(guestId);
    expect((await agent.get('/jpanel/auth/session')).json().user.email).toBe(user.email);

    expect((await agent.post('/jpanel/logout')).statusCode).toBe(204);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.idHash, sha256(sessionId)));
    expect(rows).toHaveLength(0);
    expect((await agent.get('/jpanel/auth/session')).statusCode).toBe(401);
  });

  it('accepts a form-encoded post as Fortify clients send it', async () => {
    const user = await buildUser(t.database);
    const agent = new Agent(t.app);
    await agent.get('/jpanel/login');
    const response = await agent.post('/jpanel/login', `email=${encodeURIComponent(user.email)}&password=correct-horse-9&remember=on`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('rejects a wrong password with the catalogue message', async () => {
    const user = await buildUser(t.database);
    const response = await new Agent(t.app).post('/jpanel/login', { email: user.email, password: 'nope' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual([messages.loginFailed]);
  });

  it('answers 419 without the CSRF token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/jpanel/login', payload: { email: 'a@b.co', password: 'x' } });
    expect(response.statusCode).toBe(419);
    expect(response.json().message).toBe('CSRF token mismatch.');
  });

  it('throttles one email after repeated failures, before checking any password', async () => {
    const user = await buildUser(t.database);
    const agent = new Agent(t.app);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP; i++) {
      await agent.post('/jpanel/login', { email: user.email, password: 'wrong' });
    }
    const blocked = await agent.post('/jpanel/login', { email: user.email, password: 'correct-horse-9' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/^Too many login attempts/);
  });

  it('ends a session idle for more than 30 minutes', async () => {
    const user = await buildUser(t.database);
    const agent = new Agent(t.app);
    await agent.login(user.email);
    const id = agent.cookies.almoner_session as string;
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(sessions.idHash, sha256(id)));
    expect((await agent.get('/jpanel/auth/session')).statusCode).toBe(401);
  });

  it('never lets a deleted user keep a session', async () => {
    const user = await buildUser(t.database, { deletedAt: new Date() });
    const response = await new Agent(t.app).post('/jpanel/login', { email: user.email, password: 'correct-horse-9' });
    expect(response.statusCode).toBe(422);
  });
});
