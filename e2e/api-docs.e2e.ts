import { expect, it } from 'vitest';
import { findOperation, readOperation } from './support/api-docs.ts';
import { screenshot, signInAt, useBrowser } from './support/browser.ts';

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
  await signInAt(page, '/jpanel/users');
  await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
  await page.locator('tbody tr a').first().click();
  const link = page.getByRole('link', { name: 'API reference' });
  await link.waitFor();
  const [docs] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await docs.getByText('Almoner API').first().waitFor();
  expect(new URL(docs.url()).pathname).toMatch(/^\/jpanel\/api\/docs/);

  const path = '/jpanel/supporters.listing';
  const operation = await findOperation(docs, path);
  await operation.first().locator('.opblock-summary').click();
  await operation.getByText('List supporters (DataTables paging, search and filters)').first().waitFor();

  // The request body's example shows the DataTables fields, not additionalProp1.
  const body = await readOperation(docs, path, '.body-param__example, .highlight-code');
  expect(body).toContain('"draw"');
  expect(body).toContain('"search"');
  expect(body).not.toContain('additionalProp');
  // The answer's example shows a supporter row's real fields. Both are read before any
  // screenshot: a screenshot resizes the window, and the reference redraws its list then.
  const answer = await readOperation(docs, path, '.responses-wrapper .highlight-code, .responses-wrapper .microlight');
  expect(answer).toContain('"display_name"');
  expect(answer).toContain('"lifetime_total": 120.75');
  expect(answer).not.toContain('additionalProp');

  await findOperation(docs, path);
  await screenshot(docs, 'api-docs-listing-body');
  await context.close();
});
