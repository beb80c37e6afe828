import { categoryMessages, messages, productMessages } from '@almoner/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

describe('product categories', () => {
  it('creates, nests, updates and deletes categories, keeping the tree a tree', async () => {
    const gifts = await admin.post('/jpanel/product_categories', { name: 'Gifts', sequence: 2, url_name: 'gifts' });
    expect(gifts.statusCode, gifts.body).toBe(201);
    const parent = gifts.json();
    const child = (await admin.post('/jpanel/product_categories', { name: 'Gift cards', parent_id: parent.id })).json();
    expect(child).toMatchObject({ name: 'Gift cards', parent_id: parent.id, sequence: 0, url_name: null, products: 0 });
    const loop = await admin.post(`/jpanel/product_categories/${parent.id}`, { name: 'Gifts', parent_id: child.id });
    expect(loop.statusCode).toBe(422);
    expect(loop.json().errors).toEqual({ parent_id: [categoryMessages.parentLoop] });
    const self = await admin.post(`/jpanel/product_categories/${child.id}`, { name: 'Gift cards', parent_id: child.id });
    expect(self.json().errors).toEqual({ parent_id: [categoryMessages.parentLoop] });
    const clash = await admin.post(`/jpanel/product_categories/${child.id}`, { name: 'Gift cards', parent_id: parent.id, url_name: 'gifts' });
    expect(clash.json().errors).toEqual({ url_name: [categoryMessages.urlNameInUse] });
    const renamed = await admin.post(`/jpanel/product_categories/${child.id}`, { name: 'Cards', parent_id: parent.id, url_name: 'cards', sequence: '3' });
    expect(renamed.json()).toMatchObject({ name: 'Cards', url_name: 'cards', sequence: 3 });
    const list = (await admin.get('/jpanel/product_categories.json')).json().data as { id: number }[];
    expect(list.map((c) => c.id)).toEqual(expect.arrayContaining([parent.id, child.id]));

    const removed = await admin.post('/jpanel/product_categories/destroy', { id: parent.id });
    expect(removed.json()).toEqual({ message: categoryMessages.deleted('Gifts') });
    expect((await admin.get(`/jpanel/product_categories/${parent.id}`)).statusCode).toBe(404);
    // The subcategory moves to the top level.
    expect((await admin.get(`/jpanel/product_categories/${child.id}`)).json().parent_id).toBeNull();
  });

  it('answers the rules and the permission', async () => {
    const bad = await admin.post('/jpanel/product_categories', { name: '', url_name: 'Not a slug', sequence: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ name: [messages.required], url_name: [expect.any(String)], sequence: [messages.number] });
    const orphan = await admin.post('/jpanel/product_categories', { name: 'Orphan', parent_id: 2 ** 31 - 1 });
    expect(orphan.json().errors).toEqual({ parent_id: [productMessages.unknownCategory] });
    for (const body of [{ name: 'a\u0000b' }, [], { name: 'x', parent_id: 2 ** 40 }]) {
      expect((await admin.post('/jpanel/product_categories', body)).statusCode).toBe(422);
    }
    const { agent } = await signedIn(t, { permissions: ['product.edit'] });
    expect((await agent.get('/jpanel/product_categories.json')).statusCode).toBe(403);
  });
});
