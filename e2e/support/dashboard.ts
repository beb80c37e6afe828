import type { Page } from 'playwright-core';

/**
 * Brings each chart of the dashboard near the screen (a chart is fetched and drawn only then)
 * and waits until it has drawn or said it is empty.
 */
export async function drawAllCharts(page: Page): Promise<void> {
  const sections = page.locator('section[data-chart]');
  await sections.first().waitFor();
  const count = await sections.count();
  for (let i = 0; i < count; i++) {
    await sections.nth(i).scrollIntoViewIfNeeded();
    await sections.nth(i).locator('.recharts-surface, [data-empty]').first().waitFor();
  }
}
