import { settingsMessages } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/** Settings › Sponsorship: sponsors per sponsee (recounts every sponsee) and timeline e-mails. */
const browser = useBrowser();

type Listing = { recordsFiltered: number; data: { sponsor_count: number; is_sponsored: boolean }[] };
type Settings = { values: { sponsorship_num_sponsors: number; timeline_updated_email_enabled: boolean } };

let page: Page;
let before: Settings['values'];

beforeAll(async () => {
  ({ page } = await browser.newPage());
  await startSession(page);
  before = (await apiCall<Settings>(page, 'GET', '/jpanel/settings.json')).values;
});

afterAll(async () => {
  await apiCall(page, 'POST', '/jpanel/settings', before);
});

const sponsees = (page: Page) =>
  apiCall<Listing>(page, 'POST', '/jpanel/sponsorship.ajax', { length: 1000, is_enabled: '' });

/**
 * Saves and waits for the server's answer itself: the last test's 'Updates saved.' toast is still
 * up when the next one saves (the same page, only its hash opened again), so waiting for a toast
 * alone let the check read the settings before this save (seen on PostgreSQL).
 */
async function save(page: Page) {
  const saved = page.waitForResponse((r) => r.request().method() !== 'GET' && new URL(r.url()).pathname.startsWith('/jpanel/settings'));
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).ok()).toBe(true);
  await page.locator('[data-toast]', { hasText: 'Updates saved.' }).first().waitFor();
}

describe('sponsorship settings', () => {
  it('changes sponsors per sponsee, and every sponsee is recounted by the save', async () => {
    await page.goto('/jpanel/settings#sponsorship');
    const count = page.getByRole('textbox', { name: 'Sponsors per sponsee' });
    await count.waitFor();
    expect(await count.inputValue()).toBe('1');
    await screenshot(page, 'settings-sponsorship');

    await count.fill('0');
    await count.press('Enter');
    await page.getByText(settingsMessages.numSponsors).waitFor();
    expect(await count.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'settings-sponsorship-invalid');

    await count.fill('2');
    await save(page);
    expect((await apiCall<Settings>(page, 'GET', '/jpanel/settings.json')).values.sponsorship_num_sponsors).toBe(2);
    const strict = await sponsees(page);
    expect(strict.data.length).toBeGreaterThan(0);
    // Seeded sponsees are all in automatic mode: sponsored exactly when they have two sponsors.
    for (const row of strict.data) expect(row.is_sponsored).toBe(row.sponsor_count >= 2);

    await count.fill('1');
    await save(page);
    const relaxed = await sponsees(page);
    for (const row of relaxed.data) expect(row.is_sponsored).toBe(row.sponsor_count >= 1);
  });

  it('turns the timeline update e-mail off and back on', async () => {
    await page.goto('/jpanel/settings#sponsorship');
    const toggle = page.getByRole('switch', { name: 'Timeline update e-mails' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await save(page);
    expect((await apiCall<Settings>(page, 'GET', '/jpanel/settings.json')).values.timeline_updated_email_enabled).toBe(false);
    await toggle.click({ force: true });
    await save(page);
    expect((await apiCall<Settings>(page, 'GET', '/jpanel/settings.json')).values.timeline_updated_email_enabled).toBe(true);
  });
});
