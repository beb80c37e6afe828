import { supporterStatusMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { supporters } from './supporters.tables.ts';

let t: TestApp;
let editor: Agent;
let editorId: number;
let viewer: Agent;
let id: number;

const row = async () => (await t.database.db.select().from(supporters).where(eq(supporters.id, id)))[0]!;
const listed = async (agent: Agent, status: string) =>
  ((await agent.post('/jpanel/supporters.listing', { length: 100, search: { value: 'Stella Status' }, status })).json() as { data: { id: number }[] }).data.map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  const e = await signedIn(t, { permissions: ['member.view', 'member.edit'] });
  editor = e.agent;
  editorId = e.user.id;
  viewer = (await signedIn(t, { permissions: ['member.view'] })).agent;
  const [created] = await t.database.db.insert(supporters).values({ firstName: 'Stella', lastName: 'Status', displayName: 'Stella Status', email: 'stella.status@example.org', currencyCode: 'USD' }).returning({ id: supporters.id });
  id = created!.id;
});

describe('archive, spam and restore a supporter', () => {
  it('archives: out of the active list, into the archived one, with the date and the history of who did it', async () => {
    const answer = await editor.post(`/jpanel/supporters/${id}/archive`, {});
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ message: supporterStatusMessages.done.archive('Stella Status'), status: 'archived' });
    const after = await row();
    expect([after.isActive, after.isSpam, after.archivedAt !== null]).toEqual([false, false, true]);
    expect(await listed(editor, 'active')).not.toContain(id);
    expect(await listed(editor, 'archived')).toContain(id);

    const history = (await editor.get(`/jpanel/history/supporters/${id}`)).json() as { data: { action: string; actor: { id: number } | null; changes: { field: string; before: unknown; after: unknown }[] }[] };
    const entry = history.data.find((e) => e.action === 'update' && e.changes.some((c) => c.field === 'is_active'));
    expect(entry?.actor?.id).toBe(editorId);
    expect(entry?.changes.find((c) => c.field === 'is_active')).toMatchObject({ before: true, after: false });
  });

  it('refuses the status a supporter already has, changing nothing', async () => {
    const before = await row();
    const again = await editor.post(`/jpanel/supporters/${id}/archive`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(supporterStatusMessages.already.archived);
    expect((await row()).archivedAt?.toISOString()).toBe(before.archivedAt?.toISOString());
  });

  it('marks as spam, then restores to active', async () => {
    expect((await editor.post(`/jpanel/supporters/${id}/spam`, {})).json().status).toBe('spam');
    expect(await listed(editor, 'spam')).toContain(id);
    const restored = await editor.post(`/jpanel/supporters/${id}/restore`, {});
    expect(restored.json()).toEqual({ message: supporterStatusMessages.done.restore('Stella Status'), status: 'active' });
    const after = await row();
    expect([after.isActive, after.isSpam, after.archivedAt]).toEqual([true, false, null]);
    expect(await listed(editor, 'active')).toContain(id);
  });

  it('needs "Edit supporters", names an unknown action, and says so for a missing supporter', async () => {
    expect((await viewer.post(`/jpanel/supporters/${id}/archive`, {})).statusCode).toBe(403);
    expect((await row()).isActive).toBe(true);
    expect((await editor.post(`/jpanel/supporters/${id}/delete`, {})).statusCode).toBeGreaterThanOrEqual(400);
    expect((await editor.post(`/jpanel/supporters/${id}/delete`, {})).statusCode).toBeLessThan(500);
    const missing = await editor.post('/jpanel/supporters/2147483000/archive', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This supporter does not exist.');
  });
});
