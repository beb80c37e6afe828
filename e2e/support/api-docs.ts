import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The operation block for `path` in the API reference, scrolled into view. The reference is
 * long (150+ operations) and Swagger UI re-renders its list as the document settles, so a block
 * found by one call can be gone by the next. The search and the scroll therefore happen in one
 * step inside the page, which a re-render cannot split; each miss scrolls a screen further and
 * the next animation frame is awaited (no fixed sleep).
 */
export async function findOperation(page: Page, path: string): Promise<Locator> {
  const operation = page.locator('.opblock', { hasText: path });
  await page.waitForFunction(
    (wanted) => {
      // The e2e project has no DOM types: name what is used through globalThis.
      type Block = { querySelector: (s: string) => { textContent: string | null } | null; scrollIntoView: (o: object) => void };
      const dom = globalThis as unknown as {
        document: { querySelectorAll: (s: string) => Iterable<Block> };
        innerHeight: number;
        scrollBy: (x: number, y: number) => void;
      };
      const block = [...dom.document.querySelectorAll('.opblock')].find((el) =>
        el.querySelector('.opblock-summary-path')?.textContent?.includes(wanted),
      );
      if (block) {
        block.scrollIntoView({ block: 'center' });
        return true;
      }
      dom.scrollBy(0, dom.innerHeight);
      return false;
    },
    path,
    { polling: 'raf', timeout: 30_000 },
  );
  return operation;
}

/**
 * The text of `selector` inside the operation for `path`. The reference drops blocks far from
 * the viewport and redraws the list when the window is resized (as a screenshot does), so a
 * block found a moment ago can be gone when it is read: the find and the read are tried again
 * together until they meet.
 */
export async function readOperation(page: Page, path: string, selector: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const operation = await findOperation(page, path);
        text = await operation.first().locator(selector).first().innerText({ timeout: 2_000 }).catch(() => '');
        return text;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return text;
}
