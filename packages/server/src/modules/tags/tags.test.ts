import { messages, tagMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { supporters } from '../supporters/supporters.tables.ts';

let t: TestApp;
let editor: Agent;
let editorId: number;
let reader: Agent;

const newSupporter = async (lastName: string) => {
  const [row] = await t.database.db.insert(supporters).values({ firstName: 'Tag', lastName, email: `${lastName.toLowerCase()}@example.org`, currencyCode: 'USD' }).returning({ id: supporters.id });
  return row?.id as number;
};
const newTag = async (name: string, colour = 'gray') => (await editor.post('/jpanel/tags', { name, colour })).json().tag.id as number;
const tagHistory = (id: number) =>
  queryRows(t.database.db, sql`select actor_user_id, changes -> 'tags' as tags from audit_log where table_name = 'supporters' and record_id = ${String(id)} and changes ? 'tags' order by id`);
const listing = (agent: Agent, filters: Record<string, string>) =>
  agent.post('/jpanel/supporters.listing', { draw: 1, start: 0, length: 50, ...filters, status: 'all' });

beforeAll(async () => {
  t = await createTestApp();
  const e = await signedIn(t, { permissions: ['member.edit'] });
  editor = e.agent;
  editorId = e.user.id;
  reader = (await signedIn(t, { permissions: ['member.view'] })).agent;
});

describe('tags on supporters', () => {
  it('creates tags with unique names whatever their case, and refuses bad input changing nothing', async () => {
    const created = await editor.post('/jpanel/tags', { name: 'Major donor', colour: 'grape' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ message: tagMessages.created, tag: { name: 'Major donor', colour: 'grape', supporters: 0 } });
    const twin = await editor.post('/jpanel/tags', { name: 'MAJOR DONOR' });
    expect([twin.statusCode, twin.json().errors]).toEqual([422, { name: [tagMessages.nameTaken] }]);
    expect((await editor.post('/jpanel/tags', { name: 'x', colour: 'plaid' })).statusCode).toBe(422);
    expect((await editor.post('/jpanel/tags', { name: 'a\u0000' })).json().errors).toEqual({ name: [messages.invalidCharacter] });
    expect((await editor.post('/jpanel/tags', { name: 'x'.repeat(46) })).json().errors).toEqual({ name: [messages.maxLength(45)] });
    expect((await reader.post('/jpanel/tags', { name: 'No rights' })).statusCode).toBe(403);
    const all = (await reader.get('/jpanel/tags.json')).json().data;
    expect(all.map((g: { name: string }) => g.name)).toEqual(['Major donor']);
  });

  it('tags a supporter, filters the list and the CSV by the tag, and writes each change to the supporter\'s history', async () => {
    const gala = await newTag('Gala 2026', 'teal');
    const board = await newTag('Board');
    const id = await newSupporter('Tagged');
    const other = await newSupporter('Untagged');
    const saved = await editor.post(`/jpanel/supporters/${id}/tags`, { tag_ids: [gala, board] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(tagMessages.supporterTagsSaved);
    expect(saved.json().data.map((g: { name: string }) => g.name)).toEqual(['Board', 'Gala 2026']);
    expect((await reader.get(`/jpanel/supporters/${id}/tags.json`)).json().data).toHaveLength(2);

    const filtered = (await listing(reader, { tag_id: String(gala) })).json();
    expect(filtered.data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await listing(reader, {})).json().data.map((r: { id: number }) => r.id)).toContain(other);
    const csv = await reader.get(`/jpanel/supporters.csv?tag_id=${gala}&status=all`);
    expect(csv.statusCode, csv.body).toBe(200);
    const [head, row, extra] = csv.body.trim().split('\n');
    expect(head).toContain('Tags');
    expect(row).toContain('"Board, Gala 2026"');
    expect(extra).toBeUndefined();

    await editor.post(`/jpanel/supporters/${id}/tags`, { tag_ids: [gala] });
    const history = await tagHistory(id);
    expect(history.map((h) => h.tags)).toEqual([[[], ['Board', 'Gala 2026']], [['Board', 'Gala 2026'], ['Gala 2026']]]);
    expect(history.map((h) => h.actor_user_id)).toEqual([editorId, editorId]);
    const shown = (await reader.get(`/jpanel/history/supporters/${id}`)).json().data[0].changes;
    expect(shown).toEqual([{ field: 'tags', label: 'Tags', kind: 'list', before: ['Board', 'Gala 2026'], after: ['Gala 2026'] }]);
  });

  it('renames, recolours and merges, each renamed or moved tag in its supporters\' history', async () => {
    const vip = await newTag('VIP');
    const vips = await newTag('V.I.P.', 'red');
    const a = await newSupporter('Alpha');
    const b = await newSupporter('Bravo');
    await editor.post(`/jpanel/supporters/${a}/tags`, { tag_ids: [vip] });
    await editor.post(`/jpanel/supporters/${b}/tags`, { tag_ids: [vip, vips] });

    const renamed = await editor.post(`/jpanel/tags/${vip}`, { name: 'Very important', colour: 'orange' });
    expect(renamed.json()).toMatchObject({ message: tagMessages.updated, tag: { name: 'Very important', colour: 'orange', supporters: 2 } });
    expect((await tagHistory(a)).at(-1)?.tags).toEqual([['VIP'], ['Very important']]);
    const recoloured = await editor.post(`/jpanel/tags/${vip}`, { name: 'Very important', colour: 'blue' });
    expect(recoloured.statusCode).toBe(200);
    expect(await tagHistory(a)).toHaveLength(2);
    expect((await editor.post(`/jpanel/tags/${vips}`, { name: 'very IMPORTANT' })).json().errors).toEqual({ name: [tagMessages.nameTaken] });

    const merged = await editor.post(`/jpanel/tags/${vips}/merge`, { into_tag_id: vip });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ message: tagMessages.merged('V.I.P.', 'Very important'), tag: { id: vip, supporters: 2 } });
    expect((await tagHistory(b)).at(-1)?.tags).toEqual([['V.I.P.', 'Very important'], ['Very important']]);
    expect((await reader.get('/jpanel/tags.json')).json().data.map((g: { id: number }) => g.id)).not.toContain(vips);

    expect((await editor.post(`/jpanel/tags/${vip}/merge`, { into_tag_id: vip })).json().errors).toEqual({ into_tag_id: [tagMessages.mergeIntoItself] });
    expect((await editor.post(`/jpanel/tags/${vip}/merge`, { into_tag_id: 999_999 })).json().errors).toEqual({ into_tag_id: [tagMessages.unknownTag] });
    expect((await editor.post(`/jpanel/tags/999999`, { name: 'Nobody' })).statusCode).toBe(404);
    expect((await reader.post(`/jpanel/tags/${vip}/merge`, { into_tag_id: vips })).statusCode).toBe(403);
  });

  it('refuses unknown tags and supporters, and a reader, leaving the supporter\'s tags as they were', async () => {
    const keep = await newTag('Keep');
    const id = await newSupporter('Steady');
    await editor.post(`/jpanel/supporters/${id}/tags`, { tag_ids: [keep] });
    const unknown = await editor.post(`/jpanel/supporters/${id}/tags`, { tag_ids: [999_999] });
    expect([unknown.statusCode, unknown.json().errors]).toEqual([422, { tag_ids: [tagMessages.unknownTag] }]);
    expect((await editor.post(`/jpanel/supporters/${id}/tags`, { tag_ids: ['x'] })).statusCode).toBe(422);
    expect((await editor.post('/jpanel/supporters/999999/tags', { tag_ids: [] })).statusCode).toBe(404);
    expect((await reader.post(`/jpanel/supporters/${id}/tags`, { tag_ids: [] })).statusCode).toBe(403);
    expect((await reader.get(`/jpanel/supporters/${id}/tags.json`)).json().data.map((g: { id: number }) => g.id)).toEqual([keep]);
  });
});
