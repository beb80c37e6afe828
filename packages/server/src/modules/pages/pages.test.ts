import { messages, pageMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { productCategories } from '../products/products.tables.ts';
import { themeAssets, themes } from '../themes/themes.tables.ts';
import { pageRevisions, pages } from './pages.tables.ts';
import { sanitizeHtml } from '../../html/sanitize.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

const unique = () => Math.random().toString(36).slice(2, 8);
const create = async (extra: Record<string, unknown> = {}) => {
  const r = await admin.post('/jpanel/pages', { title: `About ${unique()}`, body: '<p>v1</p>', ...extra });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
};

describe('sanitizeHtml', () => {
  it('takes out what runs script and keeps the rest', () => {
    expect(sanitizeHtml('<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script><img src="javascript:alert(1)" alt="a"><a href=" java\tscript:x">l</a>{{ site.name }}')).toBe(
      '<p>Hi <b>there</b></p><img alt="a"><a>l</a>{{ site.name }}',
    );
    // An iframe from a host that is not a video player is dropped whole (the policy's embed hosts).
    expect(sanitizeHtml('<iframe srcdoc="<script>x</script>" src="https://video.example/1"></iframe>&lt;x&gt;')).toBe('&lt;x&gt;');
  });
});

describe('pages', () => {
  it('creates, lists and reads a page; sanitises a visual page and checks a Liquid one', async () => {
    const page = await create({ body: '<p>Hello</p><script>alert(1)</script>', background_options: { size: 'contain', position: 'left top', height: 30, animation: 'vertical_pan', image_url: 'https://cdn.example/bg.jpg' } });
    expect(page.body).toBe('<p>Hello</p>');
    expect(page.background_options).toEqual({ size: 'contain', position: 'left top', height: 30, animation: 'vertical_pan', image_url: 'https://cdn.example/bg.jpg' });
    expect((await admin.get('/jpanel/pages.json')).json().data.some((p: { id: number }) => p.id === page.id)).toBe(true);
    expect((await admin.get(`/jpanel/pages/${page.id}.json`)).json().title).toBe(page.title);
    const liquid = await admin.post('/jpanel/pages', { title: 'Broken', type: 'liquid', body: '{% if x %}no end' });
    expect(liquid.statusCode).toBe(422);
    expect(liquid.json().errors.body[0]).toContain('The Liquid template does not parse');
    const advanced = await create({ type: 'advanced', body: '<script>track()</script>' });
    expect(advanced.body).toBe('<script>track()</script>');
  });

  it('answers the rules: required title, category for category pages, heights in 10 % steps, unique url, unknown ids', async () => {
    const bad = await admin.post('/jpanel/pages', { title: '', type: 'category', background_options: { height: 35 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.title).toEqual([messages.required]);
    expect(bad.json().errors['background_options.height']).toBeDefined();
    const noCategory = await admin.post('/jpanel/pages', { title: 'Shop', type: 'category' });
    expect(noCategory.json().errors).toEqual({ category_id: [pageMessages.categoryRequired] });
    const [category] = await t.database.db.insert(productCategories).values({ name: `Cat ${unique()}` }).returning();
    const shop = await create({ type: 'category', category_id: category?.id });
    expect(shop.category_id).toBe(category?.id);
    const url = `/u-${unique()}`;
    await create({ url });
    expect((await admin.post('/jpanel/pages', { title: 'Again', url: url.toUpperCase() })).json().errors).toEqual({ url: [pageMessages.urlTaken] });
    expect((await admin.post('/jpanel/pages', { title: 'Nul', body: 'a\u0000b' })).statusCode).toBe(422);
    expect((await admin.get('/jpanel/pages/999999.json')).statusCode).toBe(404);
    expect((await admin.post('/jpanel/pages/update', { id: 999999, title: 'x' })).statusCode).toBe(404);
  });

  it('refuses a parent or category that does not exist, and a page under itself or its own sub-page (found by the reliability fuzzer: these were 500s)', async () => {
    const noParent = await admin.post('/jpanel/pages', { title: 'Orphan', parent_id: 999999 });
    expect(noParent.statusCode).toBe(422);
    expect(noParent.json().errors).toEqual({ parent_id: [pageMessages.parentMissing] });
    const noCategory = await admin.post('/jpanel/pages', { title: 'Shop', type: 'category', category_id: 999999 });
    expect(noCategory.json().errors).toEqual({ category_id: [pageMessages.categoryMissing] });
    const top = await create();
    const child = await create({ parent_id: top.id });
    expect(child.parent_id).toBe(top.id);
    // The list names the menu parent the editor shows.
    const listed = (await admin.get('/jpanel/pages.json')).json().data.find((p: { id: number }) => p.id === child.id);
    expect(listed.parent_title).toBe(top.title);
    const self = await admin.post('/jpanel/pages/update', { ...top, parent_id: top.id });
    expect(self.json().errors).toEqual({ parent_id: [pageMessages.parentLoop] });
    const underChild = await admin.post('/jpanel/pages/update', { ...top, parent_id: child.id });
    expect(underChild.json().errors).toEqual({ parent_id: [pageMessages.parentLoop] });
    expect((await admin.get(`/jpanel/pages/${top.id}.json`)).json().parent_id).toBeNull();
  });

  it('keeps revisions: save, autosave draft, restore and delete', async () => {
    const page = await create();
    const saved = (await admin.post('/jpanel/pages/update', { ...page, body: '<p>v2</p>' })).json();
    expect(saved.body).toBe('<p>v2</p>');
    expect(saved.revisions.map((r: { is_autosave: boolean }) => r.is_autosave)).toEqual([false]);
    const unchanged = (await admin.post('/jpanel/pages/autosave', { ...saved, body: '<p>v2</p>' })).json();
    expect(unchanged).toEqual({ success: true, saved: false });
    expect((await admin.post('/jpanel/pages/autosave', { ...saved, body: '<p>draft</p>' })).json()).toEqual({ success: true, saved: true });
    expect((await admin.post('/jpanel/pages/autosave', { ...saved, body: '<p>draft 2</p>' })).json().saved).toBe(true);
    const withDraft = (await admin.get(`/jpanel/pages/${page.id}.json`)).json();
    expect(withDraft.body).toBe('<p>v2</p>');
    const draft = withDraft.revisions[0];
    expect(draft.is_autosave).toBe(true);
    expect(withDraft.revisions.filter((r: { is_autosave: boolean }) => r.is_autosave)).toHaveLength(1);
    const restored = (await admin.post('/jpanel/pages/restore', { id: page.id, revision_id: draft.id })).json();
    expect(restored.body).toBe('<p>draft 2</p>');
    expect(restored.revisions.every((r: { is_autosave: boolean }) => !r.is_autosave)).toBe(true);
    const v1 = restored.revisions.find(() => true);
    const rows = await t.database.db.select().from(pageRevisions).where(eq(pageRevisions.pageId, page.id));
    expect(rows.map((r) => r.body).sort()).toEqual(['<p>v1</p>', '<p>v2</p>']);
    const afterDelete = (await admin.post('/jpanel/pages/revisions/destroy', { id: page.id, revision_id: v1.id })).json();
    expect(afterDelete.revisions).toHaveLength(1);
    expect((await admin.post('/jpanel/pages/restore', { id: page.id, revision_id: v1.id })).statusCode).toBe(404);
    // A revision of another page is not this page's.
    const other = await create();
    expect((await admin.post('/jpanel/pages/restore', { id: other.id, revision_id: afterDelete.revisions[0].id })).statusCode).toBe(404);
  });

  it('cleans a restored revision by the page’s type: an advanced draft brings no script into a visual page (issue 35)', async () => {
    const page = await create();
    const script = '<p>Draft</p><script>alert(1)</script><svg><a href="/x"><animate attributeName="href" to="javascript:alert(1)"/></a></svg>';
    expect((await admin.post('/jpanel/pages/autosave', { ...page, type: 'advanced', body: script })).json().saved).toBe(true);
    const [draft] = await t.database.db.select().from(pageRevisions).where(eq(pageRevisions.pageId, page.id));
    expect(draft?.body).toBe(script);
    const restored = await admin.post('/jpanel/pages/restore', { id: page.id, revision_id: draft?.id });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ type: 'html', body: '<p>Draft</p>' });
    const [row] = await t.database.db.select().from(pages).where(eq(pages.id, page.id));
    expect(row?.body).toBe('<p>Draft</p>');

    // An advanced page is staff code: its own revisions come back as written.
    const advanced = await create({ type: 'advanced', body: '<script>v1()</script>' });
    const v2 = (await admin.post('/jpanel/pages/update', { ...advanced, body: '<script>v2()</script>' })).json();
    const back = (await admin.post('/jpanel/pages/restore', { id: advanced.id, revision_id: v2.revisions[0].id })).json();
    expect(back.body).toBe('<script>v1()</script>');
  });

  it('refuses a revision that the page’s type cannot hold and changes nothing (never half-restored)', async () => {
    const page = await create({ body: '<p>{% if member %}Welcome</p>' });
    const liquid = (await admin.post('/jpanel/pages/update', { ...page, type: 'liquid', body: '{{ site.name }}' })).json();
    expect(liquid.type).toBe('liquid');
    const before = await t.database.db.select().from(pageRevisions).where(eq(pageRevisions.pageId, page.id));
    const refused = await admin.post('/jpanel/pages/restore', { id: page.id, revision_id: liquid.revisions[0].id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.body[0]).toContain('The Liquid template does not parse');
    const after = (await admin.get(`/jpanel/pages/${page.id}.json`)).json();
    expect(after).toMatchObject({ type: 'liquid', body: '{{ site.name }}', updated_at: liquid.updated_at });
    expect(await t.database.db.select().from(pageRevisions).where(eq(pageRevisions.pageId, page.id))).toEqual(before);
  });

  it('deletes a page (children move up) and offers the theme fonts, colours and templates', async () => {
    const parent = await create();
    const child = await create({ parent_id: parent.id });
    expect((await admin.post('/jpanel/pages/destroy', { id: parent.id })).json()).toEqual({ success: true });
    expect((await admin.get(`/jpanel/pages/${parent.id}.json`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(pages).where(eq(pages.id, child.id));
    expect(row?.parentId).toBeNull();
    const [theme] = await t.database.db.insert(themes).values({ handle: `t-${unique()}`, title: 'Live', isActive: true }).returning();
    await t.database.db.insert(themeAssets).values({ themeId: theme!.id, key: 'config/settings.json', contentType: 'application/json', value: JSON.stringify({ primary_color: '#0B7285', heading_font: 'Lora', nope_color: 'red' }) });
    const options = (await admin.get('/jpanel/pages/editor-options.json')).json();
    expect(options.colors).toEqual([{ name: 'Primary Color', value: '#0b7285' }]);
    expect(options.fonts[0]).toBe('Lora');
    const templates = (await admin.get('/jpanel/templates.json?kind=smart_codes')).json().data;
    expect(templates.length).toBeGreaterThan(0);
    expect(templates.every((x: { kind: string }) => x.kind === 'smart_codes')).toBe(true);
    expect((await admin.get('/jpanel/templates.json?kind=other')).statusCode).toBe(422);
  });

  it('checks permissions on every route', async () => {
    const page = await create();
    const { agent: viewer } = await signedIn(t, { permissions: ['node.view'] });
    expect((await viewer.get(`/jpanel/pages/${page.id}.json`)).statusCode).toBe(200);
    expect((await viewer.get('/jpanel/templates.json?kind=pages')).statusCode).toBe(200);
    for (const [path, body] of [['/jpanel/pages', { title: 'x' }], ['/jpanel/pages/update', page], ['/jpanel/pages/autosave', page], ['/jpanel/pages/restore', { id: page.id, revision_id: 1 }], ['/jpanel/pages/revisions/destroy', { id: page.id, revision_id: 1 }], ['/jpanel/pages/destroy', { id: page.id }]] as const)
      expect((await viewer.post(path, body)).statusCode, path).toBe(403);
    const { agent: nobody } = await signedIn(t, { permissions: ['order.view'] });
    for (const path of ['/jpanel/pages.json', '/jpanel/pages/editor-options.json', `/jpanel/pages/${page.id}.json`, '/jpanel/templates.json?kind=pages']) expect((await nobody.get(path)).statusCode, path).toBe(403);
  });
});
