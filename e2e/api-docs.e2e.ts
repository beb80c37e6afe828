import { expect, it } from 'vitest';
import { screenshot, useBrowser } from './support/browser.ts';

const browser = useBrowser();

it('serves a readable API reference generated from the route schemas', async () => {
  const { page, context } = await browser.newPage();
  await page.goto('/jpanel/api/docs');
  await page.getByText('Almoner API').first().waitFor();
  await page.getByText('/jpanel/login').first().waitFor();
  await screenshot(page, 'api-docs');
  const spec = await (await page.request.get('/jpanel/api/docs/json')).json();
  expect(spec.paths['/jpanel/login'].post.requestBody).toBeTruthy();
  await context.close();
});
