import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Agent, buildUser, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import type * as Passwords from './passwords.ts';
import { MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_EMAIL_AND_IP, MAX_FAILURES_PER_IP } from './throttle.ts';

// Counts every password hash verification sign-in makes, the cost the throttle exists to cap.
const hashing = vi.hoisted(() => ({ checks: 0 }));
vi.mock('./passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Passwords>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      hashing.checks += 1;
      return real.verifyPassword(hash, password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => {
  hashing.checks = 0;
});

let addressCounter = 0;
/** A fresh client address (TEST-NET-2), so tests never share a per-address counter. */
const newAddress = () => `198.51.100.${++addressCounter}`;

async function signIn(email: string, password: string, remoteAddress: string) {
  const agent = new Agent(t.app);
  return agent.post('/jpanel/login', { email, password }, { remoteAddress });
}

describe('the sign-in throttle', () => {
  it('lets exactly five of 40 parallel wrong passwords reach the hash check', async () => {
    const user = await buildUser(t.database);
    const agent = new Agent(t.app);
    const remoteAddress = newAddress();
    await agent.get('/jpanel/login', { remoteAddress });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => agent.post('/jpanel/login', { email: user.email, password: 'wrong-guess-1' }, { remoteAddress })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(MAX_FAILURES_PER_EMAIL_AND_IP);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - MAX_FAILURES_PER_EMAIL_AND_IP);
    expect(hashing.checks).toBe(MAX_FAILURES_PER_EMAIL_AND_IP);
  });

  it('does not lock the owner out of their own address when another address hammers their email', async () => {
    const owner = await buildUser(t.database);
    const attacker = newAddress();
    for (let i = 0; i < 30; i++) await signIn(owner.email, `guess-${i}`, attacker);
    const blocked = await signIn(owner.email, TEST_PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    expect((await signIn(owner.email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });

  it('still limits one address across many emails', async () => {
    const address = newAddress();
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      expect((await signIn(`nobody${i}-${address}@example.org`, 'wrong-guess-1', address)).statusCode).toBe(422);
    }
    const user = await buildUser(t.database);
    expect((await signIn(user.email, TEST_PASSWORD, address)).statusCode).toBe(429);
    expect((await signIn(user.email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });

  it('limits one email across many addresses, more loosely, except from the owner’s own address', async () => {
    const user = await buildUser(t.database);
    const home = newAddress();
    expect((await signIn(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    hashing.checks = 0;
    const addresses = MAX_FAILURES_PER_EMAIL / MAX_FAILURES_PER_EMAIL_AND_IP;
    for (let a = 0; a < addresses; a++) {
      const address = newAddress();
      for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP; i++) await signIn(user.email, 'wrong-guess-1', address);
    }
    expect(hashing.checks).toBe(MAX_FAILURES_PER_EMAIL);
    expect((await signIn(user.email, TEST_PASSWORD, newAddress())).statusCode).toBe(429);
    expect((await signIn(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
  });

  it('gives a successful attempt back, so a busy office address is not blocked by its own sign-ins', async () => {
    const address = newAddress();
    const user = await buildUser(t.database);
    for (let i = 0; i < MAX_FAILURES_PER_IP + 5; i++) {
      expect((await signIn(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    }
    // A few typos between successes never add up to a lockout either.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP - 1; i++) await signIn(user.email, 'typo-1', address);
      expect((await signIn(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    }
  });
});
