import type { Page } from 'playwright-core';

/**
 * Closes the toasts on screen, as a user would before reaching a button they cover. Toasts sit at
 * the top right, over the page header's actions, and a hovered toast pauses its timer: a click
 * aimed at a covered button hovers the toast and keeps it there for good.
 */
export async function dismissToasts(page: Page) {
  const toasts = page.locator('[data-toast]');
  for (const close of await toasts.getByRole('button', { name: 'Dismiss' }).all()) {
    await close.click().catch(() => undefined); // it may have closed on its own meanwhile
  }
  await toasts.first().waitFor({ state: 'detached' });
}
