import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';

/**
 * The check every screen's test relies on (support/axe.ts) must be able to fail: on a serious
 * violation of the page, and of an open modal dialog, which is then the screen it checks.
 */
const browser = useBrowser();
const faint = 'color: #bbb; background: #fff';

async function pageWith(body: string) {
  const { page } = await browser.newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body>${body}</body></html>`);
  return page;
}

describe('the accessibility check', () => {
  it('fails on a serious violation and names it', async () => {
    const page = await pageWith(`<main><h1>Gifts</h1><p style="${faint}">Faint text</p></main>`);
    await expect(expectAccessible(page, 'faint page')).rejects.toThrow(/serious color-contrast/);
  });

  it('passes a page with nothing serious', async () => {
    const page = await pageWith('<main><h1>Gifts</h1><p>Plain text</p></main>');
    await expectAccessible(page, 'plain page');
  });

  it('checks an open modal dialog as the screen', async () => {
    const dialog = (text: string) => `<main><h1>Gifts</h1></main><div role="dialog" aria-modal="true" aria-label="Refund"><p${text}>Refund this gift?</p></div>`;
    await expect(expectAccessible(await pageWith(dialog(` style="${faint}"`)), 'faint dialog')).rejects.toThrow(/serious color-contrast/);
    await expectAccessible(await pageWith(dialog('')), 'plain dialog');
  });
});
