import { messages } from '@almoner/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, signedIn, type TestApp } from '../test/test-app.ts';

/**
 * PostgreSQL refuses NUL in text and impossible dates; both must be a 422 from the shared
 * contracts rules, never a database error (500) or a CSV cut off after its first bytes.
 */
let t: TestApp;
let agent: Agent;
const NUL = encodeURIComponent('a\u0000b');

beforeAll(async () => {
  t = await createTestApp();
  agent = (await signedIn(t)).agent;
});

const expect422 = (response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, message: string) => {
  expect(response.statusCode).toBe(422);
  expect(String(response.headers['content-type'])).toContain('application/json');
  expect((response.json() as { message: string }).message).toBe(message);
};

describe('NUL bytes', () => {
  it('are refused by the sign-in form, before any sign-in', async () => {
    const guest = new Agent(t.app);
    const response = await guest.post('/jpanel/login', { email: 'a\u0000@example.org', password: 'x\u0000y' });
    expect422(response, messages.invalidCharacter);
  });

  it('are refused by the supporter picker', async () => {
    expect422(await agent.get(`/jpanel/supporters.json?query=${NUL}`), messages.invalidCharacter);
  });

  it.each(['/jpanel/contributions-v2.listing', '/jpanel/supporters.listing'])('are refused in the search of %s', async (url) => {
    expect422(await agent.post(url, { search: { value: 'a\u0000b' } }), messages.invalidCharacter);
  });

  it('are refused in listing filters', async () => {
    expect422(await agent.post('/jpanel/contributions-v2.listing', { source: ['Web', 'a\u0000b'] }), messages.invalidCharacter);
    expect422(await agent.post('/jpanel/supporters.listing', { referral_source: 'a\u0000b' }), messages.invalidCharacter);
  });
});

describe('impossible dates', () => {
  it.each(['2024-02-30', '2024-04-31', '0000-01-01'])('answer "Date is invalid." for %s', async (date) => {
    expect422(await agent.post('/jpanel/contributions-v2.listing', { from: date }), messages.date);
    expect422(await agent.post('/jpanel/supporters.listing', { to: date }), messages.date);
  });
});

describe('CSV exports validate before the first byte', () => {
  it.each([
    `/jpanel/contributions.csv?search[value]=${NUL}`,
    `/jpanel/contributions.csv?source[]=${NUL}`,
    '/jpanel/contributions.csv?from=2024-02-30',
    '/jpanel/supporters.csv?to=0000-01-01',
    `/jpanel/supporters.csv?referral_source=${NUL}`,
  ])('%s answers 422, not a cut-off file', async (url) => {
    const response = await agent.get(url);
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(String(response.headers['content-type'])).toContain('application/json');
  });

  it('the selected-rows export refuses a filter it cannot run', async () => {
    const response = await agent.post('/jpanel/contributions/export', { all: true, from: '2024-04-31' });
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-disposition']).toBeUndefined();
  });
});
