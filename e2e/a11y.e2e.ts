import { describe, expect, it } from 'vitest';
import { A11Y_PARTS, checkScreensOfPart, publicVisits, routerPaths, routesOfPart, shellVisits } from './support/a11y-screens.ts';
import { findOperation } from './support/api-docs.ts';
import { expectAccessible } from './support/axe.ts';

// Issue 6 item 21: axe on every screen. The visits are in support/a11y-screens.ts; this file
// checks that they cover the router, the signed-out screens, the API reference and the first
// share of the signed-in screens (the rest: a11y-2 to a11y-4).
const browser = checkScreensOfPart(1);

describe('every screen passes axe', () => {
  it('visits every route the router mounts, and no other', () => {
    expect([...Object.keys(publicVisits), ...Object.keys(shellVisits)].sort()).toEqual(routerPaths());
  });

  it('checks each signed-in route in exactly one of the files', () => {
    const parts = Array.from({ length: A11Y_PARTS }, (_, i) => routesOfPart(i + 1, A11Y_PARTS)).flat();
    expect(parts.sort()).toEqual(Object.keys(shellVisits).sort());
  });

  it('signed-out screens', async () => {
    const { context, page } = await browser.newPage();
    for (const visit of Object.values(publicVisits)) await visit(page);
    await context.close();
  });

  it('the API reference', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/jpanel/api/docs');
    await page.getByText('Almoner API').first().waitFor();
    await page.locator('.opblock').first().waitFor();
    await expectAccessible(page, 'API reference');
    const operation = await findOperation(page, '/jpanel/supporters.listing');
    await operation.locator('.opblock-summary').click();
    await operation.locator('.body-param__example, .highlight-code').first().waitFor();
    await expectAccessible(page, 'API reference, an operation open');
    await context.close();
  });
});
