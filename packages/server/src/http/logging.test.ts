import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { Agent, TEST_PASSWORD, buildUser, testConfig } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-db.ts';

it('keeps passwords, cookies and CSRF tokens out of the log', async () => {
  const lines: string[] = [];
  const database = await createTestDatabase();
  const app = await buildApp({
    database,
    config: { ...testConfig, logLevel: 'trace' },
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const user = await buildUser(database);
  const agent = new Agent(app);
  await agent.login(user.email, TEST_PASSWORD);
  await agent.post('/jpanel/login', { email: user.email, password: 'a-wrong-password' });
  await agent.get('/jpanel/auth/session');

  const log = lines.join('\n');
  expect(log).toContain('/jpanel/login');
  expect(log).not.toContain(TEST_PASSWORD);
  expect(log).not.toContain('a-wrong-password');
  expect(log).not.toContain(agent.cookies.almoner_session);
  expect(log).not.toContain(agent.cookies['XSRF-TOKEN']);
});
