import { expect, it } from 'vitest';
import { findOperation } from './support/api-docs.ts';
import { screenshot, signIn, useBrowser } from './support/browser.ts';

const browser = useBrowser();

it('serves a readable API reference generated from the route schemas', async () => {
  const { page, context } = await browser.newPage();
  await page.goto('/jpanel/api/docs');
  await page.getByText('Almoner API').first().waitFor();
  await page.getByText('/jpanel/login').first().waitFor();
  await page.getByText('Sign in with e-mail and password').first().waitFor();
  await screenshot(page, 'api-docs');
  const spec = await (await page.request.get('/jpanel/api/docs/json')).json();
  expect(spec.paths['/jpanel/login'].post.requestBody).toBeTruthy();
  await context.close();
});

it('shows a listing body with its real fields, reached from the API token panel', async () => {
  const { page, context } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await page.goto('/jpanel/users');
  await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
  await page.locator('tbody tr a').first().click();
  const link = page.getByRole('link', { name: 'API reference' });
  await link.waitFor();
  const [docs] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await docs.getByText('Almoner API').first().waitFor();
  expect(new URL(docs.url()).pathname).toMatch(/^\/jpanel\/api\/docs/);

  const operation = await findOperation(docs, '/jpanel/supporters.listing');
  await operation.locator('.opblock-summary').click();
  await operation.getByText('List supporters (DataTables paging, search and filters)').first().waitFor();
  const example = operation.locator('.body-param__example, .highlight-code').first();
  await example.waitFor();
  const text = await example.innerText();
  expect(text).toContain('"draw"');
  expect(text).toContain('"search"');
  expect(text).not.toContain('additionalProp');
  await operation.scrollIntoViewIfNeeded();
  await screenshot(docs, 'api-docs-listing-body');

  // The answer's example shows a supporter row's real fields, not additionalProp1. The reference
  // renders its long list virtually and the screenshot made the window as tall as the page, so
  // the block is found again (it stays open) rather than trusted to be where it was.
  const reopened = await findOperation(docs, '/jpanel/supporters.listing');
  const answer = reopened.locator('.responses-wrapper .highlight-code, .responses-wrapper .microlight').first();
  await answer.waitFor();
  const answerText = await answer.innerText();
  expect(answerText).toContain('"display_name"');
  expect(answerText).toContain('"lifetime_total": 120.75');
  expect(answerText).not.toContain('additionalProp');
  await answer.scrollIntoViewIfNeeded();
  await screenshot(docs, 'api-docs-listing-answer');
  await context.close();
});
