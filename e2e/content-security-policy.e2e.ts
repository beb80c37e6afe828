import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot, startSession, useBrowser } from './support/browser.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();

/** Every console line or page error the browser reports about the Content Security Policy. */
function watchPolicy(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy|Refused to/i.test(error.message)) violations.push(error.message);
  });
  return violations;
}

it('runs the web app under its Content Security Policy with no violation', async () => {
  const { page, context } = await browser.newPage();
  const violations = watchPolicy(page);
  const response = await page.goto('/jpanel/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await startSession(page);
  for (const path of ['/jpanel/contributions', '/jpanel/supporters', '/jpanel/users']) {
    await page.goto(path);
    await page.locator('[data-preloader]').waitFor({ state: 'detached' });
    await page.locator('table').first().waitFor();
  }
  await page.goto('/jpanel/profile');
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await screenshot(page, 'csp-profile');
  expect(violations).toEqual([]);
  await context.close();
});

it('lets the browser keep the app\'s files for good: each is named by its content\'s hash', async () => {
  const { page, context } = await browser.newPage();
  await page.goto('/jpanel/login');
  const script = await page.locator('script[src^="/jpanel/assets/"]').first().getAttribute('src');
  const asset = await page.request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // Compressed at build time: the Brotli copy to a browser that takes it, the file to one that
  // asks for nothing else, and either way the same script.
  const compressed = await page.request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(compressed.headers()['content-encoding']).toBe('br');
  expect(compressed.headers()['vary']).toContain('accept-encoding');
  expect(compressed.headers()['content-type']).toContain('javascript');
  const plain = await page.request.get(script!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(Number(plain.headers()['content-length'])).toBeGreaterThan(Number(compressed.headers()['content-length']) * 2);
  expect(await compressed.text()).toBe(await plain.text());
  // The page itself is never kept: it carries the session's CSRF token.
  expect((await page.request.get('/jpanel/login')).headers()['cache-control']).toBe('no-store');
  await context.close();
});

it('runs the API reference under the same policy with no violation', async () => {
  const { page, context } = await browser.newPage();
  const violations = watchPolicy(page);
  const response = await page.goto('/jpanel/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.getByText('Almoner API').first().waitFor();
  // Open one operation: Swagger UI renders its schema on demand.
  await page.locator('.opblock-summary').first().click();
  await page.locator('.opblock-body').first().waitFor();
  await settle(page);
  await screenshot(page, 'csp-api-docs');
  expect(violations).toEqual([]);
  await context.close();
});
