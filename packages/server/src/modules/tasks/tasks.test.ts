import { messages, taskMessages } from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { buildUser, createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { orgTodaySql } from '../sponsorships/sponsors.service.ts';
import { tasks } from './tasks.tables.ts';

let t: TestApp;
let editor: Agent;
let editorId: number;
let colleagueId: number;
let reader: Agent;
let supporterId: number;
/** The organisation's today, from the app's clock (the database's, in its time zone). */
let today: string;
const dayOffset = async (days: number) => String((await queryRows(t.database.db, sql`select (${orgTodaySql} + ${days}::int)::text as d`))[0]?.d);

beforeAll(async () => {
  t = await createTestApp();
  const e = await signedIn(t, { permissions: ['member.edit'] });
  editor = e.agent;
  editorId = e.user.id;
  colleagueId = (await buildUser(t.database, { permissions: ['member.edit'] })).id;
  reader = (await signedIn(t, { permissions: ['member.view'] })).agent;
  const [row] = await t.database.db.insert(supporters).values({ firstName: 'Tess', lastName: 'Tasks', email: 'tess.tasks@example.org', currencyCode: 'USD' }).returning({ id: supporters.id });
  supporterId = row?.id as number;
  today = await dayOffset(0);
});

describe('tasks on a supporter', () => {
  it('adds a task for the adder by default, reading ISO and the display date form alike', async () => {
    const iso = await editor.post('/jpanel/tasks', { supporter_id: supporterId, title: 'Thank for the gala gift', due_on: today });
    expect(iso.statusCode, iso.body).toBe(201);
    expect(iso.json().message).toBe(taskMessages.created);
    expect(iso.json().task).toMatchObject({ title: 'Thank for the gala gift', due_on: today, is_overdue: false, supporter: { id: supporterId, name: 'Tess Tasks' }, assigned_to: { id: editorId }, completed_at: null });
    const [y, m, d] = today.split('-');
    const us = await editor.post('/jpanel/tasks', { supporter_id: supporterId, title: 'Call back', due_on: `${m}/${d}/${y}`, assigned_to: colleagueId });
    expect(us.statusCode, us.body).toBe(201);
    expect(us.json().task).toMatchObject({ due_on: today, assigned_to: { id: colleagueId } });
  });

  it('lists mine, overdue and one supporter\'s, open ones by due day, and counts mine for the shell', async () => {
    const yesterday = await dayOffset(-1);
    const late = (await editor.post('/jpanel/tasks', { supporter_id: supporterId, title: 'Late letter', due_on: yesterday })).json().task;
    expect(late.is_overdue).toBe(true);
    const mine = (await editor.get('/jpanel/tasks.json?mine=1')).json();
    expect(mine.data.every((x: { assigned_to: { id: number } }) => x.assigned_to.id === editorId)).toBe(true);
    expect(mine.data[0].title).toBe('Late letter');
    const overdue = (await editor.get('/jpanel/tasks.json?overdue=1')).json();
    expect(overdue.data.map((x: { id: number }) => x.id)).toContain(late.id);
    expect(overdue.data.every((x: { is_overdue: boolean }) => x.is_overdue)).toBe(true);
    const theirs = (await reader.get(`/jpanel/tasks.json?supporter_id=${supporterId}`)).json();
    expect(theirs.total).toBeGreaterThanOrEqual(3);
    const counts = (await editor.get('/jpanel/tasks/counts.json')).json();
    expect(counts).toEqual({ open: mine.total, overdue: mine.data.filter((x: { is_overdue: boolean }) => x.is_overdue).length });
  });

  it('completes and reopens a task, stamping who and when, and keeps the change in its history', async () => {
    const id = (await editor.post('/jpanel/tasks', { supporter_id: supporterId, title: 'Send photos' })).json().task.id as number;
    const done = await editor.post(`/jpanel/tasks/${id}`, { completed: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(taskMessages.completed);
    expect(done.json().task).toMatchObject({ completed_by: { id: editorId }, is_overdue: false });
    expect(done.json().task.completed_at).not.toBeNull();
    expect((await editor.get('/jpanel/tasks.json?mine=1')).json().data.map((x: { id: number }) => x.id)).not.toContain(id);
    expect((await editor.get('/jpanel/tasks.json?mine=1&status=completed')).json().data[0].id).toBe(id);
    const reopened = (await editor.post(`/jpanel/tasks/${id}`, { completed: false, title: 'Send photos and letter' })).json();
    expect(reopened.message).toBe(taskMessages.reopened);
    expect(reopened.task).toMatchObject({ completed_at: null, completed_by: null, title: 'Send photos and letter' });
    const trail = await queryRows(t.database.db, sql`select actor_user_id, changes from audit_log where table_name = 'tasks' and record_id = ${String(id)} order by id`);
    expect(trail.map((r) => r.actor_user_id)).toEqual([editorId, editorId, editorId]);
    expect((trail[2]?.changes as Record<string, unknown>).title).toEqual(['Send photos', 'Send photos and letter']);
  });

  it('refuses a deactivated assignee, bad dates, blank titles and unknown records, changing nothing', async () => {
    const gone = await buildUser(t.database, { permissions: ['member.view'], deletedAt: new Date() });
    const noAccess = await buildUser(t.database, { permissions: ['member.view'], isAdminUser: false });
    const before = (await queryRows(t.database.db, sql`select count(*)::int as n from tasks`))[0]?.n;
    for (const assignee of [gone.id, noAccess.id]) {
      const r = await editor.post('/jpanel/tasks', { supporter_id: supporterId, title: 'For someone gone', assigned_to: assignee });
      expect([r.statusCode, r.json().errors]).toEqual([422, { assigned_to: [taskMessages.assigneeInactive] }]);
    }
    const bad = await editor.post('/jpanel/tasks', { supporter_id: supporterId, title: 'x', due_on: '2026-02-30' });
    expect([bad.statusCode, bad.json().errors]).toEqual([422, { due_on: [messages.date] }]);
    const blank = await editor.post('/jpanel/tasks', { supporter_id: supporterId, title: '  ' });
    expect(blank.json().errors).toEqual({ title: [messages.required] });
    const nul = await editor.post('/jpanel/tasks', { supporter_id: supporterId, title: 'a\u0000' });
    expect(nul.json().errors).toEqual({ title: [messages.invalidCharacter] });
    const nobody = await editor.post('/jpanel/tasks', { supporter_id: 999_999, title: 'Nobody' });
    expect([nobody.statusCode, nobody.json().errors]).toEqual([422, { supporter_id: [taskMessages.supporterUnknown] }]);
    expect((await reader.post('/jpanel/tasks', { supporter_id: supporterId, title: 'No rights' })).statusCode).toBe(403);
    expect((await queryRows(t.database.db, sql`select count(*)::int as n from tasks`))[0]?.n).toBe(before);

    const id = (await editor.post('/jpanel/tasks', { supporter_id: supporterId, title: 'Keep me' })).json().task.id as number;
    const reassign = await editor.post(`/jpanel/tasks/${id}`, { assigned_to: gone.id, title: 'Changed' });
    expect([reassign.statusCode, reassign.json().message]).toEqual([422, taskMessages.assigneeInactive]);
    const [row] = await t.database.db.select().from(tasks).where(eq(tasks.id, id));
    expect([row?.title, row?.assignedTo]).toEqual(['Keep me', editorId]);
    expect((await editor.post(`/jpanel/tasks/${id}`, {})).json().message).toBe(taskMessages.nothingToChange);
    expect((await editor.post('/jpanel/tasks/999999', { completed: true })).statusCode).toBe(404);
    expect((await reader.post(`/jpanel/tasks/${id}`, { completed: true })).statusCode).toBe(403);
  });
});
