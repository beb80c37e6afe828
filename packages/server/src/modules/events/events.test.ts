import { messages, pickerMessages, virtualEventMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { products } from '../products/products.tables.ts';
import { virtualEvents } from './events.tables.ts';

let t: TestApp;
let admin: Agent;
let product: number;
let gone: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
  const rows = await t.database.db
    .insert(products)
    .values([{ name: 'Gala ticket', code: 'VE-TICKET', baseCurrency: 'USD' }, { name: 'Gone', code: 'VE-GONE', baseCurrency: 'USD', deletedAt: new Date() }])
    .returning({ id: products.id });
  [product, gone] = rows.map((r) => r.id) as [number, number];
});

const event = (overrides: Record<string, unknown> = {}) => ({ id: '', name: 'Winter Gala Live', ...overrides });

describe('virtual events', () => {
  it('creates with the defaults and a slug from the name, reads, lists, updates and deletes', async () => {
    const created = await admin.post('/jpanel/virtual-events/save', event({ tab_one_label: 'Give', tab_one_product_id: String(product), start_date: '2026-12-24T19:30' }));
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json() as { id: number };
    const read = await admin.get(`/jpanel/virtual-events/${id}.json`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id, name: 'Winter Gala Live', slug: 'winter-gala-live', theme_style: 'dark', theme_primary_color: 'blue', start_date: '2026-12-24T19:30',
      is_chat_enabled: true, is_amount_tally_enabled: true, is_honor_roll_enabled: true, is_emoji_reaction_enabled: true, is_celebration_enabled: true,
      celebration_threshold: 1000, tab_one_label: 'Give', tab_one_product_id: product, hasStream: false, streamUrl: null, streamKey: null,
    });
    expect(read.json().baseUrl).toMatch(/^http.*\/live\/$/);
    const [row] = await t.database.db.select().from(virtualEvents).where(eq(virtualEvents.id, id));
    expect(row?.celebrationThreshold).toBe(100000);

    // A second event of the same name gets the next free slug.
    const twin = (await admin.post('/jpanel/virtual-events/save', event())).json() as { id: number };
    expect((await admin.get(`/jpanel/virtual-events/${twin.id}.json`)).json().slug).toBe('winter-gala-live-2');

    const updated = await admin.post('/jpanel/virtual-events/save', event({ id: String(id), name: 'Winter Gala', celebration_threshold: '2500', is_chat_enabled: false, theme_style: 'light', video_source: 'youtube', video_id: 'abc' }));
    expect(updated.json()).toEqual({ id });
    expect((await admin.get(`/jpanel/virtual-events/${id}.json`)).json()).toMatchObject({ name: 'Winter Gala', slug: 'winter-gala-live', celebration_threshold: 2500, is_chat_enabled: false, theme_style: 'light', video_source: 'youtube', tab_one_product_id: null });
    expect((await admin.get('/jpanel/virtual-events.json')).json().data.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([id, twin.id]));

    expect((await admin.post(`/jpanel/virtual-events/${id}/destroy`)).json()).toEqual({ id });
    expect((await admin.get(`/jpanel/virtual-events/${id}.json`)).statusCode).toBe(404);
    expect((await admin.get('/jpanel/virtual-events.json')).json().data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await admin.post(`/jpanel/virtual-events/${id}/destroy`)).statusCode).toBe(404);
    expect((await admin.post('/jpanel/virtual-events/save', event({ id }))).statusCode).toBe(404);
    // The deleted event's slug is free again.
    expect((await admin.post(`/jpanel/virtual-events/${twin.id}/update_slug`, { slug: 'winter-gala-live' })).json()).toEqual({ id: twin.id, slug: 'winter-gala-live' });
  });

  it('normalises the Public URL and refuses an empty or taken one', async () => {
    const a = (await admin.post('/jpanel/virtual-events/save', event({ name: 'Slug A' }))).json() as { id: number };
    const b = (await admin.post('/jpanel/virtual-events/save', event({ name: 'Slug B' }))).json() as { id: number };
    expect((await admin.post(`/jpanel/virtual-events/${a.id}/update_slug`, { slug: 'My Big Night!_2026' })).json()).toEqual({ id: a.id, slug: 'my-big-night_2026' });
    const taken = await admin.post(`/jpanel/virtual-events/${b.id}/update_slug`, { slug: 'my-big-night_2026' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ message: virtualEventMessages.fixForm, errors: { slug: [virtualEventMessages.slugTaken] } });
    expect((await admin.post(`/jpanel/virtual-events/${b.id}/update_slug`, { slug: '!!!' })).json().errors).toEqual({ slug: [virtualEventMessages.slugEmpty] });
    expect((await admin.post('/jpanel/virtual-events/save', event({ id: b.id, name: 'Slug B', slug: 'MY BIG night!_2026' }))).json().errors).toEqual({ slug: [virtualEventMessages.slugTaken] });
    expect((await admin.post('/jpanel/virtual-events/999999/update_slug', { slug: 'x' })).statusCode).toBe(404);
    expect((await admin.get(`/jpanel/virtual-events/${b.id}.json`)).json().slug).toBe('slug-b');
  });

  it('answers each field with its message and changes nothing', async () => {
    const before = (await admin.get('/jpanel/virtual-events.json')).json().data.length;
    const empty = await admin.post('/jpanel/virtual-events/save', { name: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: [messages.required] });
    for (const bad of ['12a', '-5', '1.5', '1e3', '1234567890', true]) {
      expect((await admin.post('/jpanel/virtual-events/save', event({ celebration_threshold: bad }))).json().errors, String(bad)).toEqual({ celebration_threshold: [virtualEventMessages.threshold] });
    }
    const wrong = await admin.post('/jpanel/virtual-events/save', event({ start_date: '2026-02-30', theme_style: 'neon', video_source: 'tiktok', tab_two_product_id: gone, name: 'x'.repeat(256), tab_one_label: 'y'.repeat(46) }));
    expect(Object.keys(wrong.json().errors).sort()).toEqual(['name', 'start_date', 'tab_one_label', 'theme_style', 'video_source']);
    expect(wrong.json().errors.start_date).toEqual([messages.date]);
    expect((await admin.post('/jpanel/virtual-events/save', event({ tab_two_product_id: gone }))).json()).toMatchObject({ message: virtualEventMessages.fixForm, errors: { tab_two_product_id: [pickerMessages.productMissing] } });
    expect((await admin.post('/jpanel/virtual-events/save', event({ name: 'A\u0000' }))).json().errors).toEqual({ name: [messages.invalidCharacter] });
    expect((await admin.get('/jpanel/virtual-events.json')).json().data.length).toBe(before);
  });

  it('takes its start as an ISO 8601 date-time or in the display format, as every date the API reads', async () => {
    for (const [given, stored] of [['2030-06-01T18:00:00.000Z', '2030-06-01T18:00'], ['2030-06-01T20:00:00+02:00', '2030-06-01T18:00'], ['Jun 1, 2030', '2030-06-01T00:00']] as const) {
      const saved = await admin.post('/jpanel/virtual-events/save', event({ name: `Dated ${given}`, start_date: given }));
      expect(saved.statusCode, `${given}: ${saved.body}`).toBe(200);
      expect((await admin.get(`/jpanel/virtual-events/${saved.json().id}.json`)).json().start_date, given).toBe(stored);
    }
  });

  it('shows a stored stream honestly', async () => {
    const { id } = (await admin.post('/jpanel/virtual-events/save', event({ name: 'Streamed', video_source: 'mux' }))).json() as { id: number };
    expect((await admin.get(`/jpanel/virtual-events/${id}.json`)).json()).toMatchObject({ hasStream: false, streamUrl: null, streamKey: null });
    await t.database.db.update(virtualEvents).set({ streamReference: 'live-1', streamKey: 'sk-123' }).where(eq(virtualEvents.id, id));
    expect((await admin.get(`/jpanel/virtual-events/${id}.json`)).json()).toMatchObject({ hasStream: true, streamUrl: 'rtmps://global-live.mux.com:443/app', streamKey: 'sk-123' });
  });

  it('needs virtualevents.view to read and virtualevents.edit to change', async () => {
    const { id } = (await admin.post('/jpanel/virtual-events/save', event({ name: 'Permissions' }))).json() as { id: number };
    const viewer = (await signedIn(t, { permissions: ['virtualevents.view'] })).agent;
    expect((await viewer.get('/jpanel/virtual-events.json')).statusCode).toBe(200);
    expect((await viewer.get(`/jpanel/virtual-events/${id}.json`)).statusCode).toBe(200);
    expect((await viewer.post('/jpanel/virtual-events/save', event())).statusCode).toBe(403);
    expect((await viewer.post(`/jpanel/virtual-events/${id}/update_slug`, { slug: 'x' })).statusCode).toBe(403);
    expect((await viewer.post(`/jpanel/virtual-events/${id}/destroy`)).statusCode).toBe(403);
    const nobody = (await signedIn(t, { permissions: ['product.view'] })).agent;
    expect((await nobody.get('/jpanel/virtual-events.json')).statusCode).toBe(403);
    expect((await nobody.get(`/jpanel/virtual-events/${id}.json`)).statusCode).toBe(403);
    const editor = (await signedIn(t, { permissions: ['virtualevents.view', 'virtualevents.edit'] })).agent;
    expect((await editor.post(`/jpanel/virtual-events/${id}/update_slug`, { slug: 'permissions-ok' })).statusCode).toBe(200);
    expect((await editor.post(`/jpanel/virtual-events/${id}/destroy`)).statusCode).toBe(200);
  });
});
