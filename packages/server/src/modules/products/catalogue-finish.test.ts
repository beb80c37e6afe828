import { catalogueImageMessages, messages, siteUrlMessages, storageMessages } from '@almoner/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { feedPosts, feeds } from '../feeds/feeds.tables.ts';
import { pages } from '../pages/pages.tables.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a494441547801630001000005000136d088dd0000000049454e44ae426082',
  'hex',
);

let counter = 0;
const stamp = () => `${++counter}-${Date.now() % 100000}`;
const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: `Well ${stamp()}`,
  code: `WELL-${stamp()}`,
  base_currency: 'USD',
  variants: [{ variant_name: 'Gift', price: 20, quantity: 3 }],
  ...overrides,
});

type Image = { id: number; filename: string; thumbnail_url: string | null; public_url: string | null };

/** The sign → PUT → done flow of an area's upload routes; answers the recorded image. */
async function upload(prefix: string, name = 'Well.png', agent = admin, collection = 'products') {
  const meta = { filename: name, collection_name: collection, content_type: 'image/png' };
  const signed = await agent.post(`${prefix}/sign`, meta);
  expect(signed.statusCode, signed.body).toBe(200);
  const url = (signed.json() as { signed_upload_url: string; filename: string });
  const put = await t.app.inject({ method: 'PUT', url: url.signed_upload_url, payload: PNG, headers: { 'content-type': 'image/png' } });
  expect(put.statusCode).toBe(200);
  const done = await agent.post(`${prefix}/done`, { ...meta, filename: url.filename, size: PNG.length });
  expect(done.statusCode, done.body).toBe(200);
  return done.json() as Image;
}

describe('site URL picker (GET /jpanel/urls.json)', () => {
  it('lists active pages, enabled products, named categories and blog posts, each with its address', async () => {
    const s = stamp();
    await t.database.db.insert(pages).values([
      { title: `Our wells ${s}`, type: 'html', url: `/wells-${s}` },
      { title: `Hidden draft ${s}`, type: 'html', url: `/draft-${s}`, isActive: false },
    ]);
    const [feed] = await t.database.db.insert(feeds).values({ name: 'News', postType: 'blog', urlSlug: `news-${s}` }).returning({ id: feeds.id });
    await t.database.db.insert(feedPosts).values({ feedId: feed!.id, name: `Ten wells ${s}`, urlSlug: `ten-wells-${s}` });
    const category = (await admin.post('/jpanel/product_categories', { name: `Wells ${s}`, url_name: `wells-${s}` })).json() as { id: number };
    expect(category.id).toBeGreaterThan(0);
    const product = (await admin.post('/jpanel/products', newProduct({ name: `Wells appeal ${s}`, code: `WELLS-${s}` }))).json() as { id: number };
    expect(product.id).toBeGreaterThan(0);

    const response = await admin.get(`/jpanel/urls.json?query=${encodeURIComponent(`wells ${s}`)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { type: 'page', name: `Our wells ${s}`, url: `/wells-${s}` },
      { type: 'product', name: `Wells appeal ${s}`, url: `/product/wells-${s}` },
      { type: 'category', name: `Wells ${s}`, url: `/category/wells-${s}` },
      { type: 'post', name: `Ten wells ${s}`, url: `/news-${s}/ten-wells-${s}` },
    ]);
    expect((await admin.get('/jpanel/urls.json')).json()).toEqual(expect.arrayContaining([{ type: 'page', name: `Our wells ${s}`, url: `/wells-${s}` }]));
  });

  it('refuses a query it cannot search with, and callers without product.view', async () => {
    expect((await admin.get('/jpanel/urls.json?query=%00')).statusCode).toBe(422);
    const { agent } = await signedIn(t, { permissions: ['member.view'] });
    expect((await agent.get('/jpanel/urls.json')).statusCode).toBe(403);
  });
});

describe('product alternative button (a URL picker field)', () => {
  it('keeps a site page or a full web address, and reads it back', async () => {
    const created = await admin.post('/jpanel/products', newProduct({ alt_button_label: 'Read the report', alt_button_url: '/about' }));
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json() as { id: number; alt_button_url: string; alt_button_label: string; code: string; name: string };
    expect(p).toMatchObject({ alt_button_label: 'Read the report', alt_button_url: '/about' });
    const external = await admin.post(`/jpanel/products/${p.id}`, newProduct({ name: p.name, code: p.code, alt_button_label: 'Partner', alt_button_url: ' https://example.org/partner?x=1 ' }));
    expect(external.statusCode, external.body).toBe(200);
    expect(external.json()).toMatchObject({ alt_button_url: 'https://example.org/partner?x=1' });
    const cleared = await admin.post(`/jpanel/products/${p.id}`, newProduct({ name: p.name, code: p.code, alt_button_label: '', alt_button_url: '' }));
    expect(cleared.json()).toMatchObject({ alt_button_label: null, alt_button_url: null });
  });

  it('refuses links that are neither a site page nor a web address, and a link without words', async () => {
    for (const url of ['javascript:alert(1)', '//elsewhere.example', 'https://exa mple.com', 'about us', 'ftp://files.example']) {
      const response = await admin.post('/jpanel/products', newProduct({ alt_button_label: 'Go', alt_button_url: url }));
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.alt_button_url).toEqual([siteUrlMessages.invalid]);
    }
    const tooLong = await admin.post('/jpanel/products', newProduct({ alt_button_label: 'Go', alt_button_url: `/${'a'.repeat(2048)}` }));
    expect(tooLong.json().errors.alt_button_url).toEqual([messages.maxLength(2048)]);
    const nul = await admin.post('/jpanel/products', newProduct({ alt_button_label: 'Go', alt_button_url: '/a\u0000b' }));
    expect(nul.statusCode).toBe(422);
    const noLabel = await admin.post('/jpanel/products', newProduct({ alt_button_url: '/about' }));
    expect(noLabel.json().errors.alt_button_label).toEqual([messages.required]);
  });
});

describe('variant images (the Images tab) and product picker thumbnails', () => {
  it('uploads, orders, reorders and removes a variant’s images; the picker shows the first as thumbnail', async () => {
    const a = await upload('/jpanel/products/cdn', 'Front.png');
    const b = await upload('/jpanel/products/cdn', 'Back.png');
    expect(a.public_url).toMatch(/^\/|^https?:/);
    const created = await admin.post('/jpanel/products', newProduct({ variants: [{ variant_name: 'Shirt', price: 20, image_ids: [b.id, a.id] }] }));
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json() as { id: number; name: string; code: string; variants: { id: number; images: Image[] }[] };
    expect(p.variants[0]!.images.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(p.variants[0]!.images[0]!.thumbnail_url).toBeTruthy();

    const options = (await admin.get(`/jpanel/products.json?ids=${p.id}`)).json() as { thumbnail: string | null }[];
    expect(options[0]!.thumbnail).toBeTruthy();

    const variant = { id: p.variants[0]!.id, variant_name: 'Shirt', price: 20 };
    const reordered = await admin.post(`/jpanel/products/${p.id}`, newProduct({ name: p.name, code: p.code, variants: [{ ...variant, image_ids: [a.id, b.id] }] }));
    expect((reordered.json() as typeof p).variants[0]!.images.map((i) => i.id)).toEqual([a.id, b.id]);
    // Left out, the images stay as they are.
    const kept = await admin.post(`/jpanel/products/${p.id}`, newProduct({ name: p.name, code: p.code, variants: [variant] }));
    expect((kept.json() as typeof p).variants[0]!.images.map((i) => i.id)).toEqual([a.id, b.id]);
    const removed = await admin.post(`/jpanel/products/${p.id}`, newProduct({ name: p.name, code: p.code, variants: [{ ...variant, image_ids: [] }] }));
    expect((removed.json() as typeof p).variants[0]!.images).toEqual([]);
    expect(((await admin.get(`/jpanel/products.json?ids=${p.id}`)).json() as { thumbnail: string | null }[])[0]!.thumbnail).toBeNull();
  });

  it('refuses an image that does not exist or belongs to another area, and changes nothing', async () => {
    const unknown = await admin.post('/jpanel/products', newProduct({ variants: [{ variant_name: 'Shirt', price: 20, image_ids: [2_000_000] }] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'variants.0.image_ids.0': [catalogueImageMessages.unknown] });
    const tooMany = await admin.post('/jpanel/products', newProduct({ variants: [{ variant_name: 'Shirt', price: 20, image_ids: Array.from({ length: 21 }, (_, i) => i + 1) }] }));
    expect(tooMany.statusCode).toBe(422);
    const wrongType = await admin.post('/jpanel/products/cdn/sign', { filename: 'notes.pdf', collection_name: 'products', content_type: 'application/pdf' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors.content_type).toEqual([storageMessages.contentType]);
    const wrongCollection = await admin.post('/jpanel/products/cdn/sign', { filename: 'a.png', collection_name: 'timeline', content_type: 'image/png' });
    expect(wrongCollection.json().errors.collection_name).toEqual([storageMessages.collection]);
  });

  it('lets only those who may add or edit products upload', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['product.view'] });
    expect((await viewer.post('/jpanel/products/cdn/sign', { filename: 'a.png', collection_name: 'products', content_type: 'image/png' })).statusCode).toBe(403);
    const { agent: adder } = await signedIn(t, { permissions: ['product.view', 'product.add'] });
    expect((await upload('/jpanel/products/cdn', 'Added.png', adder)).id).toBeGreaterThan(0);
  });
});

describe('category image', () => {
  it('sets, keeps, removes and refuses a category image', async () => {
    const image = await upload('/jpanel/product_categories/cdn', 'Category.png');
    const created = await admin.post('/jpanel/product_categories', { name: `Clothing ${stamp()}`, media_id: image.id });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json() as { id: number; name: string; image: Image | null };
    expect(c.image).toMatchObject({ id: image.id, filename: image.filename });
    expect(c.image?.public_url).toBeTruthy();
    const kept = (await admin.post(`/jpanel/product_categories/${c.id}`, { name: c.name })).json() as typeof c;
    expect(kept.image?.id).toBe(image.id);
    const listed = ((await admin.get('/jpanel/product_categories.json')).json() as { data: (typeof c)[] }).data.find((x) => x.id === c.id);
    expect(listed?.image?.id).toBe(image.id);
    const removed = (await admin.post(`/jpanel/product_categories/${c.id}`, { name: c.name, media_id: null })).json() as typeof c;
    expect(removed.image).toBeNull();
    const unknown = await admin.post(`/jpanel/product_categories/${c.id}`, { name: c.name, media_id: 2_000_000 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ media_id: [catalogueImageMessages.unknown] });
    const { agent } = await signedIn(t, { permissions: ['product.edit'] });
    expect((await agent.post('/jpanel/product_categories/cdn/sign', { filename: 'a.png', collection_name: 'products', content_type: 'image/png' })).statusCode).toBe(403);
  });
});
