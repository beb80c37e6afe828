import type { Locator, Page } from 'playwright-core';

/**
 * The operation block for `path` in the API reference. Past 150 tags and operations Swagger UI
 * renders the list virtually (only what is near the viewport is in the page), so this scrolls
 * down until the block is there rather than expecting every operation in the DOM.
 */
export async function findOperation(page: Page, path: string): Promise<Locator> {
  const operation = page.locator('.opblock', { hasText: path });
  for (let step = 0; step < 200 && (await operation.count()) === 0; step++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(30);
  }
  await operation.first().scrollIntoViewIfNeeded();
  return operation;
}
