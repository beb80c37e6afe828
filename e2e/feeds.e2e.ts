import type { Feed, Post, PostRow } from '@almoner/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signIn, useBrowser } from './support/browser.ts';
import { dragOnto } from './support/sortable.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

async function call<T>(context: BrowserContext, method: string, url: string, data?: unknown): Promise<T> {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await context.request.fetch(url, { method, headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': decodeURIComponent(xsrf) }, ...(data === undefined ? {} : { data }) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

it('re-sequences posts by drag, adds a post with its type’s fields and deletes one', async () => {
  const { context, page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  const name = `Events ${Date.now() % 100000}`;
  const feed = await call<Feed>(context, 'POST', '/jpanel/feeds', { name, post_type: 'event' });
  for (const post of ['Gala', 'Fun run', 'Bake sale']) await call<Post>(context, 'POST', '/jpanel/feeds/posts', { feed_id: feed.id, name: post });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Feeds' }).click();
  await page.getByRole('link', { name }).click();
  await page.getByRole('listitem').filter({ hasText: 'Bake sale' }).waitFor();
  await dragOnto(page, page.getByRole('button', { name: 'Move Bake sale (position 3)' }), page.getByRole('button', { name: 'Move Gala (position 1)' }));
  await page.getByText('Posts re-sequenced.').waitFor();
  const order = await call<{ data: PostRow[] }>(context, 'GET', `/jpanel/feeds/${feed.id}/posts.json`);
  expect(order.data.map((p) => p.name)).toEqual(['Bake sale', 'Gala', 'Fun run']);
  await screenshot(page, 'feed-posts');

  await page.getByRole('link', { name: 'Add post' }).click();
  await page.getByRole('textbox', { name: 'Location' }).fill('Town hall');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Quiz night');
  expect(await page.getByRole('textbox', { name: 'Coupon code' }).count()).toBe(0);
  await screenshot(page, 'feed-post-form');
  await page.getByRole('button', { name: 'Create post' }).click();
  await page.waitForURL(/\/posts\/\d+$/);
  const post = await call<Post>(context, 'GET', `/jpanel/feeds/posts/${/(\d+)$/.exec(page.url())![1]}.json`);
  expect(post.fields.location).toBe('Town hall');

  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Delete Fun run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete post' });
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Post deleted.').waitFor();
  const left = await call<{ data: PostRow[] }>(context, 'GET', `/jpanel/feeds/${feed.id}/posts.json`);
  expect(left.data.map((p) => p.name)).toEqual(['Bake sale', 'Gala', 'Quiz night']);
});
