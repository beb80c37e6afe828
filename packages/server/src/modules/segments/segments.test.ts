import { messages, segmentMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { segmentItems } from './segments.tables.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

describe('segments', () => {
  it('keeps items for an option list only, in order, soft-deleting removed ones', async () => {
    const text = await admin.post('/jpanel/segments', { name: 'Favourite subject', type: 'text', items: [{ name: 'ignored' }] });
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json().items).toEqual([]);
    const list = (await admin.post('/jpanel/segments', { name: 'Country', type: 'multi-select', items: [{ name: 'Kenya' }, { name: 'Peru' }, { name: 'Nepal' }] })).json();
    expect(list.items.map((i: { name: string }) => i.name)).toEqual(['Kenya', 'Peru', 'Nepal']);
    const [kenya, peru, nepal] = list.items;
    const updated = (await admin.post(`/jpanel/segments/${list.id}`, { name: 'Country', type: 'multi-select', items: [nepal, kenya, { name: 'Ghana' }] })).json();
    expect(updated.items.map((i: { name: string; sequence: number }) => [i.name, i.sequence])).toEqual([['Nepal', 0], ['Kenya', 1], ['Ghana', 2]]);
    const [gone] = await t.database.db.select().from(segmentItems).where(eq(segmentItems.id, peru.id));
    expect(gone?.deletedAt).not.toBeNull();
  });

  it('answers the rules and the permission', async () => {
    const bad = await admin.post('/jpanel/segments', { name: '', type: 'multi-select', items: [] });
    expect(bad.json().errors).toEqual({ name: [messages.required], items: [segmentMessages.itemsRequired] });
    const { agent } = await signedIn(t, { permissions: ['product.edit'] });
    expect((await agent.get('/jpanel/segments.json')).statusCode).toBe(403);
  });
});
