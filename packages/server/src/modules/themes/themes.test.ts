import { themeMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { themeAssets, themeAssetVersions, themes } from './themes.tables.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

async function buildTheme(isLocked = false) {
  const [theme] = await t.database.db.insert(themes).values({ handle: `t-${Math.random().toString(36).slice(2, 8)}`, title: 'Demo', isLocked }).returning();
  const id = theme!.id;
  const assets = await t.database.db
    .insert(themeAssets)
    .values([
      { themeId: id, key: 'templates/page.liquid', contentType: 'text/x-liquid', value: '<main>{{ page.body }}</main>' },
      { themeId: id, key: 'config/settings.json', contentType: 'application/json', value: '{}' },
      { themeId: id, key: 'assets/logo.png', contentType: 'image/png', storageKey: 'x/logo.png' },
    ])
    .returning();
  return { id, liquid: assets[0]!, json: assets[1]!, image: assets[2]! };
}
const assetUrl = (themeId: number, id: number) => `/jpanel/themes/${themeId}/editor/assets/${id}`;

describe('theme editor', () => {
  it('lists the tree, reads and saves a file, keeping older versions it can restore', async () => {
    const theme = await buildTheme();
    expect((await admin.get(`/jpanel/themes/${theme.id}/editor.json`)).json().assets.map((a: { key: string }) => a.key)).toEqual(['assets/logo.png', 'config/settings.json', 'templates/page.liquid']);
    expect((await admin.get('/jpanel/themes.json')).json().data.some((x: { id: number }) => x.id === theme.id)).toBe(true);
    const read = (await admin.get(`${assetUrl(theme.id, theme.liquid.id)}.json`)).json();
    expect(read).toEqual({ id: theme.liquid.id, theme_id: theme.id, key: 'templates/page.liquid', name: 'page.liquid', value: '<main>{{ page.body }}</main>', content_type: 'text/x-liquid' });
    const saved = await admin.post(assetUrl(theme.id, theme.liquid.id), { value: '<main class="v2">{{ page.body }}</main>' });
    expect(saved.json().value).toBe('<main class="v2">{{ page.body }}</main>');
    await admin.post(assetUrl(theme.id, theme.liquid.id), { value: 'v3 {{ page.title }}' });
    const versions = (await admin.get(`${assetUrl(theme.id, theme.liquid.id)}/versions.json`)).json().data;
    expect(versions).toHaveLength(2);
    const texts = await t.database.db.select({ id: themeAssetVersions.id, value: themeAssetVersions.value }).from(themeAssetVersions).where(eq(themeAssetVersions.assetId, theme.liquid.id));
    const original = texts.find((v) => v.value === '<main>{{ page.body }}</main>')!;
    const restored = await admin.post(`${assetUrl(theme.id, theme.liquid.id)}/versions/${original.id}/restore`);
    expect(restored.json().value).toBe('<main>{{ page.body }}</main>');
    expect((await admin.get(`${assetUrl(theme.id, theme.liquid.id)}/versions.json`)).json().data).toHaveLength(3);
    // A version of another file is not this file's.
    expect((await admin.post(`${assetUrl(theme.id, theme.json.id)}/versions/${original.id}/restore`)).statusCode).toBe(404);
  });

  it('refuses Liquid and JSON that do not parse, binary files, locked themes and strangers’ ids', async () => {
    const theme = await buildTheme();
    const liquid = await admin.post(assetUrl(theme.id, theme.liquid.id), { value: '{% for x in y %}' });
    expect(liquid.statusCode).toBe(422);
    expect(liquid.json().errors.value[0]).toContain('The Liquid template does not parse');
    expect((await admin.post(assetUrl(theme.id, theme.json.id), { value: '{ nope' })).json().errors.value[0]).toContain('The JSON does not parse');
    expect((await admin.post(assetUrl(theme.id, theme.image.id), { value: 'x' })).json().errors).toEqual({ value: [themeMessages.binary] });
    expect((await admin.post(assetUrl(theme.id, theme.liquid.id), { value: 'a\u0000' })).statusCode).toBe(422);
    expect((await admin.post(assetUrl(theme.id, theme.liquid.id), {})).statusCode).toBe(422);
    const [row] = await t.database.db.select().from(themeAssets).where(eq(themeAssets.id, theme.liquid.id));
    expect(row?.value).toBe('<main>{{ page.body }}</main>');
    const locked = await buildTheme(true);
    expect((await admin.post(assetUrl(locked.id, locked.liquid.id), { value: 'x' })).statusCode).toBe(409);
    expect((await admin.get(`${assetUrl(locked.id, theme.liquid.id)}.json`)).statusCode).toBe(404);
    expect((await admin.get('/jpanel/themes/999999/editor.json')).statusCode).toBe(404);
  });

  it('refuses a theme file that includes anything but a snippet of its theme by name (issue 35)', async () => {
    const theme = await buildTheme();
    for (const value of ["{% include 'package.json' %}", "{% render '../data/app.key' %}", "{% include snippet_name %}", "{% layout 'layouts/x.liquid' %}"]) {
      const answer = await admin.post(assetUrl(theme.id, theme.liquid.id), { value });
      expect(answer.statusCode, value).toBe(422);
      expect(answer.json().errors.value[0], value).toContain('Templates cannot include files');
    }
    expect((await admin.post(assetUrl(theme.id, theme.liquid.id), { value: '{% include "header" %}{{ page.body }}' })).statusCode).toBe(200);
  });

  it('needs template.edit on every route', async () => {
    const theme = await buildTheme();
    const { agent } = await signedIn(t, { permissions: ['node.edit', 'post.edit'] });
    for (const path of ['/jpanel/themes.json', `/jpanel/themes/${theme.id}/editor.json`, `${assetUrl(theme.id, theme.liquid.id)}.json`, `${assetUrl(theme.id, theme.liquid.id)}/versions.json`]) expect((await agent.get(path)).statusCode, path).toBe(403);
    expect((await agent.post(assetUrl(theme.id, theme.liquid.id), { value: 'x' })).statusCode).toBe(403);
    expect((await agent.post(`${assetUrl(theme.id, theme.liquid.id)}/versions/1/restore`)).statusCode).toBe(403);
  });
});
