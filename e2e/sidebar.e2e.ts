import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot, signIn, useBrowser } from './support/browser.ts';

/**
 * The grouped sidebar (issue 41): sections a user can collapse, remembered across reloads, and
 * the current page's item kept in view on screens as short as 800 px.
 */
const browser = useBrowser();
const SECTIONS = ['Giving', 'People', 'Fundraising', 'Store', 'Website'];

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const section = (page: Page, name: string) =>
  sidebar(page).getByRole('button', { name, exact: true });
const current = (page: Page) => sidebar(page).locator('a[aria-current="page"]');

/** Loads a page afresh and waits for the first-load preloader to fade. */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
}

async function signedIn(viewport?: { width: number; height: number }) {
  const { context, page } = await browser.newPage(viewport);
  await signIn(page, undefined, undefined, '/jpanel');
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  return { context, page };
}

/** Whether the whole link lies inside the navbar's scroll area, where the user can see it. */
const inNavbarView = (link: Locator) =>
  link.evaluate((el) => {
    const area = el.closest('.mantine-ScrollArea-viewport')?.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    // Within a pixel: the last item, scrolled as far as the list goes, can end a fraction of a
    // pixel past the area (item heights of 36.8 px add up to a fraction), which no one can see.
    return !!area && box.height > 0 && box.top >= area.top - 1 && box.bottom <= area.bottom + 1;
  });

/** Waits for a section's panel to finish opening, so a screenshot shows it as the user will. */
async function opened(page: Page, name: string) {
  const panel = page.locator(`#${await section(page, name).getAttribute('aria-controls')}`);
  await expect
    .poll(() =>
      panel.evaluate((el) => {
        const height = el.getBoundingClientRect().height;
        return (
          height > 0 &&
          Math.abs(height - el.scrollHeight) < 1 &&
          el.ownerDocument.defaultView?.getComputedStyle(el).opacity === '1'
        );
      }),
    )
    .toBe(true);
}

async function expectCurrentInView(page: Page, label: string) {
  await expect.poll(() => current(page).allInnerTexts()).toEqual([label]);
  await expect.poll(() => inNavbarView(current(page))).toBe(true);
}

describe('sidebar', () => {
  it('shows named sections, open by default; each collapses from the keyboard and stays as left', async () => {
    // Tall enough to photograph nearly the whole sidebar, on a short page (the dashboard is 4,500 px).
    const { context, page } = await signedIn({ width: 1440, height: 1360 });
    await visit(page, '/jpanel/profile');
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    for (const name of SECTIONS)
      expect(await section(page, name).getAttribute('aria-expanded'), name).toBe('true');
    // Links are reachable without a click, under their old names.
    for (const name of ['Contributions', 'Supporters', 'Products', 'Media library']) {
      await sidebar(page).getByRole('link', { name, exact: true }).waitFor();
    }
    await screenshot(page, 'sidebar-groups');
    await expectAccessible(page, 'sidebar, sections open');

    const website = section(page, 'Website');
    await website.click();
    expect(await website.getAttribute('aria-expanded')).toBe('false');
    await sidebar(page).getByRole('link', { name: 'Media library' }).waitFor({ state: 'hidden' });
    expect(await sidebar(page).getByRole('link', { name: 'Pages', exact: true }).count()).toBe(0);

    // Enter closes Store, Space opens it again.
    const store = section(page, 'Store');
    await store.focus();
    await page.keyboard.press('Enter');
    expect(await store.getAttribute('aria-expanded')).toBe('false');
    await sidebar(page).getByRole('link', { name: 'Products' }).waitFor({ state: 'hidden' });
    await page.keyboard.press('Space');
    expect(await store.getAttribute('aria-expanded')).toBe('true');
    await opened(page, 'Store');
    await screenshot(page, 'sidebar-section-collapsed');
    await expectAccessible(page, 'sidebar, a section collapsed');

    await page.reload();
    await page.locator('[data-preloader]').waitFor({ state: 'detached' });
    expect(await section(page, 'Website').getAttribute('aria-expanded')).toBe('false');
    expect(await section(page, 'Store').getAttribute('aria-expanded')).toBe('true');
    expect(await sidebar(page).getByRole('link', { name: 'Media library' }).count()).toBe(0);

    await section(page, 'Website').click();
    await sidebar(page).getByRole('link', { name: 'Media library' }).waitFor();
    expect(await section(page, 'Website').getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('opens the collapsed section that holds the page the user goes to', async () => {
    const { context, page } = await signedIn();
    await section(page, 'Website').click();
    await sidebar(page).getByRole('link', { name: 'Media library' }).waitFor({ state: 'hidden' });
    await visit(page, '/jpanel/media');
    await page.getByRole('heading', { name: 'Media library' }).waitFor();
    expect(await section(page, 'Website').getAttribute('aria-expanded')).toBe('true');
    await expectCurrentInView(page, 'Media library');
    await context.close();
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 800 },
  ]) {
    it(`keeps the current item in view at ${viewport.width}×${viewport.height}`, async () => {
      const { context, page } = await signedIn(viewport);
      // A link followed from the page, not the sidebar: its closed group opens, then scrolls in.
      await page.getByRole('main').getByRole('link', { name: 'Webhooks', exact: true }).click();
      await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
      await expectCurrentInView(page, 'Webhooks');

      // Straight to the last item of all, from the address bar.
      await visit(page, '/jpanel/profile');
      await expectCurrentInView(page, 'My profile');
      if (viewport.height === 900) {
        await screenshot(page, 'sidebar-current-in-view');
        await expectAccessible(page, 'sidebar, scrolled to the current item');
      }
      // The list scrolls inside the navbar; the navbar itself never outgrows the window.
      expect(await sidebar(page).evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
      const navBottom = await sidebar(page).evaluate((el) => el.getBoundingClientRect().bottom);
      expect(navBottom).toBeLessThanOrEqual(viewport.height);
      await context.close();
    });
  }
});
