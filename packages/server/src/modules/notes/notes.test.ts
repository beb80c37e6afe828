import { messages, noteMessages, NOTES_PER_PAGE } from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { noteHtml } from './notes.service.ts';
import { notes } from './notes.tables.ts';

let t: TestApp;
let admin: Agent;
let author: Agent;
let authorId: number;
let colleague: Agent;
let reader: Agent;
let supporterId: number;

const path = (id = supporterId) => `/jpanel/api/v1/supporters/${id}/comments`;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
  const a = await signedIn(t, { permissions: ['member.add'] });
  author = a.agent;
  authorId = a.user.id;
  colleague = (await signedIn(t, { permissions: ['member.edit'] })).agent;
  reader = (await signedIn(t, { permissions: ['member.view'] })).agent;
  const [row] = await t.database.db.insert(supporters).values({ firstName: 'Nora', lastName: 'Notes', email: 'nora.notes@example.org', currencyCode: 'USD' }).returning({ id: supporters.id });
  supporterId = row?.id as number;
});

describe('notes on a supporter', () => {
  it('stores typed text as escaped paragraphs, and answers who wrote it and what this user may do', async () => {
    expect(noteHtml('Line one\nline <two>\n\n  Second & last  ')).toBe('<p>Line one<br>line &lt;two&gt;</p><p>Second &amp; last</p>');
    const created = await author.post(path(), { body: 'Called <b>today</b>.\nWill give again.' });
    expect(created.statusCode, created.body).toBe(201);
    const { data, message } = created.json();
    expect(message).toBe(noteMessages.created);
    expect(data.body).toBe('<p>Called &lt;b&gt;today&lt;/b&gt;.<br>Will give again.</p>');
    expect(data.created_by).toMatchObject({ id: authorId, firstname: 'Test' });
    expect([data.can_edit, data.can_delete]).toEqual([true, true]);
    const seenByColleague = (await colleague.get(path())).json().data[0];
    expect([seenByColleague.can_edit, seenByColleague.can_delete]).toEqual([false, false]);
    const seenByAdmin = (await admin.get(path())).json().data[0];
    expect([seenByAdmin.can_edit, seenByAdmin.can_delete]).toEqual([false, true]);
  });

  it('lets only the author edit, and the author or an account administrator delete', async () => {
    const id = (await author.post(path(), { body: 'Prefers e-mail.' })).json().data.id as number;
    const byColleague = await colleague.post(`/jpanel/api/v1/comments/${id}`, { body: 'Changed' });
    expect([byColleague.statusCode, byColleague.json().message]).toEqual([403, noteMessages.notAuthor]);
    expect((await admin.post(`/jpanel/api/v1/comments/${id}`, { body: 'Changed' })).statusCode).toBe(403);
    expect((await reader.post(`/jpanel/api/v1/comments/${id}`, { body: 'Changed' })).statusCode).toBe(403);
    const edited = await author.post(`/jpanel/api/v1/comments/${id}`, { body: 'Prefers phone.' });
    expect([edited.statusCode, edited.json().message, edited.json().data.body]).toEqual([200, noteMessages.updated, '<p>Prefers phone.</p>']);

    const delByColleague = await colleague.delete(`/jpanel/api/v1/comments/${id}`);
    expect([delByColleague.statusCode, delByColleague.json().message]).toEqual([403, noteMessages.notAllowedDelete]);
    const delByAdmin = await admin.delete(`/jpanel/api/v1/comments/${id}`);
    expect([delByAdmin.statusCode, delByAdmin.json().message]).toEqual([200, noteMessages.deleted]);
    const [row] = await t.database.db.select().from(notes).where(eq(notes.id, id));
    expect(row?.deletedAt).not.toBeNull();
    expect((await author.delete(`/jpanel/api/v1/comments/${id}`)).statusCode).toBe(404);

    const own = (await author.post(path(), { body: 'Mine to remove.' })).json().data.id as number;
    expect((await author.delete(`/jpanel/api/v1/comments/${own}`)).statusCode).toBe(200);
  });

  it('refuses a blank body, NUL and unknown records, changing nothing', async () => {
    const before = (await admin.get(path())).json().meta.unfiltered;
    const blank = await author.post(path(), { body: '   ' });
    expect([blank.statusCode, blank.json().errors]).toEqual([422, { body: [noteMessages.bodyRequired] }]);
    const nul = await author.post(path(), { body: 'a\u0000b' });
    expect(nul.json().errors).toEqual({ body: [messages.invalidCharacter] });
    expect((await author.post(path(999_999), { body: 'Nobody' })).statusCode).toBe(404);
    expect((await author.get(path(999_999))).statusCode).toBe(404);
    expect((await reader.post(path(), { body: 'No rights' })).statusCode).toBe(403);
    expect((await admin.get(path())).json().meta.unfiltered).toBe(before);
  });

  it('pages newest first, 15 a page, filters on the text of the body and shows the last page past the end', async () => {
    const [row] = await t.database.db.insert(supporters).values({ firstName: 'Paula', lastName: 'Pages', email: 'paula.pages@example.org', currencyCode: 'USD' }).returning({ id: supporters.id });
    const id = row?.id as number;
    for (let i = 1; i <= 20; i++) {
      await t.database.db.execute(sql`insert into notes (commentable_type, commentable_id, body, created_by, created_at)
        values ('supporter', ${id}, ${noteHtml(i % 5 === 0 ? `Gala follow-up ${i}` : `Call ${i}`)}, ${authorId}, now() - make_interval(days => ${20 - i}))`);
    }
    const first = (await reader.get(path(id))).json();
    expect(first.data).toHaveLength(NOTES_PER_PAGE);
    expect(first.data[0].body).toBe('<p>Gala follow-up 20</p>');
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 2, from: 1, to: 15, total: 20, unfiltered: 20 });
    expect(first.links.next).toBe(`${path(id)}?page=2`);
    const past = (await reader.get(`${path(id)}?page=9`)).json();
    expect(past.meta).toMatchObject({ current_page: 2, from: 16, to: 20 });
    const gala = (await reader.get(`${path(id)}?filter[body]=gala`)).json();
    expect(gala.data.map((n: { body: string }) => n.body)).toEqual([20, 15, 10, 5].map((i) => `<p>Gala follow-up ${i}</p>`));
    expect(gala.meta).toMatchObject({ total: 4, unfiltered: 20 });
    // Tags are not text: "p" matches no note by its markup.
    expect((await reader.get(`${path(id)}?filter[body]=%3Cp`)).json().meta.total).toBe(0);
    const none = (await reader.get(`${path(id)}?filter[body]=${encodeURIComponent('100%_')}`)).json();
    expect(none.meta).toMatchObject({ total: 0, unfiltered: 20, from: null, last_page: 1 });
  });
});
