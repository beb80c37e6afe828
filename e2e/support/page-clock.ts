import type { Page } from 'playwright-core';

/**
 * Stops the page's clock (Playwright's, installed with `page.clock.install()` before the page
 * loaded) a moment after its present, and answers that instant: from then no timer of the page
 * fires until the test moves the clock or resumes it. The clock runs on between reading it and
 * pausing, so on a busy machine "now + 50 ms" can already be past ("Cannot fast-forward to the
 * past"): read again and retry then.
 */
export async function pausePageClock(page: Page): Promise<number> {
  for (;;) {
    const at = (await page.evaluate(() => Date.now())) + 50;
    try {
      await page.clock.pauseAt(at);
      return at;
    } catch (e) {
      if (!String(e).includes('fast-forward to the past')) throw e;
    }
  }
}
