import { describe, expect, it } from 'vitest';
import { Agent, createTestApp, signedIn } from '../../test/test-app.ts';

const t = await createTestApp();

/** Asks until `check` holds or the time is up; notifications from PostgreSQL take milliseconds. */
async function eventually(check: () => Promise<boolean>, ms = 2_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

const status = async (agent: Agent, url: string) => (await agent.get(url)).statusCode;

// Sessions are kept in memory between requests (session-cache.ts). Each test first makes a
// request that puts the session in the cache, then changes the database the way another process
// (or a person with psql) would, bypassing this process's own forgetting, and expects the change
// to hold on the next requests.
describe('the session cache forgets what the database changes', () => {
  it('a session deleted elsewhere signs its holder out', async () => {
    const { agent, user } = await signedIn(t, { permissions: ['user.view'] });
    expect(await status(agent, '/jpanel/users.json')).toBe(200);
    expect(await status(agent, '/jpanel/users.json')).toBe(200);
    await t.database.execute('delete from sessions where user_id = $1', [user.id]);
    expect(await eventually(async () => (await status(agent, '/jpanel/users.json')) === 401)).toBe(true);
  });

  it('a permission taken away elsewhere is refused', async () => {
    const { agent, user } = await signedIn(t, { permissions: ['user.view'] });
    expect(await status(agent, '/jpanel/users.json')).toBe(200);
    await t.database.execute(`update users set permissions = '{}'::text[] where id = $1`, [user.id]);
    expect(await eventually(async () => (await status(agent, '/jpanel/users.json')) === 403)).toBe(true);
  });

  it('a user deleted elsewhere is signed out', async () => {
    const { agent, user } = await signedIn(t, { permissions: ['user.view'] });
    expect(await status(agent, '/jpanel/users.json')).toBe(200);
    await t.database.execute('update users set deleted_at = now() where id = $1', [user.id]);
    expect(await eventually(async () => (await status(agent, '/jpanel/users.json')) === 401)).toBe(true);
  });

  it('signing out ends the session on the very next request', async () => {
    const { agent } = await signedIn(t, { permissions: ['user.view'] });
    const before = { ...agent.cookies };
    expect(await status(agent, '/jpanel/users.json')).toBe(200);
    expect((await agent.post('/jpanel/logout')).statusCode).toBeLessThan(400);
    const replay = new Agent(t.app);
    replay.cookies = before;
    expect(await status(replay, '/jpanel/users.json')).toBe(401);
  });

  it.runIf(t.database.kind === 'postgres')('keeps nothing while it cannot hear the database', async () => {
    const { agent, user } = await signedIn(t, { permissions: ['user.view'] });
    expect(await status(agent, '/jpanel/users.json')).toBe(200);
    // Drop the listening connection, then change the session while no notification can arrive.
    await t.database.execute(`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN%' and datname = current_database()`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.database.execute('delete from sessions where user_id = $1', [user.id]);
    expect(await status(agent, '/jpanel/users.json')).toBe(401);
    // It listens again, and the cache serves again.
    const again = await signedIn(t, { permissions: ['user.view'] });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await status(again.agent, '/jpanel/users.json')).toBe(200);
    await t.database.execute(`update users set permissions = '{}'::text[] where id = $1`, [again.user.id]);
    expect(await eventually(async () => (await status(again.agent, '/jpanel/users.json')) === 403)).toBe(true);
  });
});
