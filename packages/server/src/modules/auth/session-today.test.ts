import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { Agent, buildUser, createTestApp, type TestApp } from '../../test/test-app.ts';
import { putSettings } from '../settings/settings.service.ts';

let t: TestApp;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t.database);
  agent = new Agent(t.app);
  await agent.login(user.email);
});
afterAll(() => putSettings(t.database.db, { time_zone: 'UTC' }));

/** The day on the app's clock (the database's) in a zone, as the test's own reading. */
const dayIn = async (zone: string) =>
  String((await queryRows(t.database.db, sql`select (now() at time zone ${zone})::date::text as d`))[0]?.d);

describe('the session answer', () => {
  it("carries the organisation's today, in its time zone", async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are always on different days: a today that
    // ignored the setting would match at most one of them.
    const days: string[] = [];
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await putSettings(t.database.db, { time_zone: zone });
      const answer = await agent.get('/jpanel/auth/session');
      expect(answer.statusCode).toBe(200);
      const today = answer.json().today as string;
      expect(today).toBe(await dayIn(zone));
      days.push(today);
    }
    expect(days[0]).not.toBe(days[1]);
  });
});
