import { sponseePhotoMessages, type SponseePhotoCheckRow } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { signIn, useBrowser } from './support/browser.ts';
import { pngFile } from './support/images.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/** Sponsee photo import: drop photos, see their matches, import one at a time, see the photo on the sponsee page. */
const browser = useBrowser();
let page: Page;

type Listing = { data: { id: number; reference_number: string; full_name: string }[] };

beforeAll(async () => {
  ({ page } = await browser.newPage());
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
});

const drop = (files: ReturnType<typeof pngFile>[]) => page.getByLabel('Sponsee photos').setInputFiles(files);
const row = (name: string) => page.getByTestId('sponsee-photo-row').filter({ hasText: name });

describe('sponsee photo import', () => {
  it('matches dropped photos, imports the matched one, and the sponsee page shows it; a sponsee with a photo is skipped next time', async () => {
    // A sponsee from the real list (the demo sponsees mostly have photos: the first pass replaces one).
    const list = await apiCall<Listing>(page, 'POST', '/jpanel/sponsorship.ajax', { start: 0, length: 50 });
    const checked = await apiCall<SponseePhotoCheckRow[]>(page, 'POST', '/jpanel/import/sponsee-photos/check', {
      files: list.data.map((r) => `${r.reference_number}.png`),
    });
    const target = checked.find((c) => c.sponsee)?.sponsee;
    expect(target, 'a sponsee').toBeTruthy();
    const sponsee = target!;
    type Detail = { sponsee: { photo: { id: number; filename: string } | null } };
    const before = await apiCall<Detail>(page, 'GET', `/jpanel/sponsorships/${sponsee.id}`);
    const unmatched = `NO-SUCH-${Date.now()}`;

    await page.goto('/jpanel/sponsorships');
    await page.getByRole('link', { name: 'Import sponsee photos' }).click();
    await page.getByRole('heading', { name: 'Sponsee photo import' }).waitFor();
    const skip = page.getByRole('checkbox', { name: 'Skip sponsees who already have a photo' });
    await expect(skip.isChecked()).resolves.toBe(true);
    // Off for this pass, so a sponsee who has a photo gets the new one.
    await skip.uncheck();

    await drop([pngFile(sponsee.reference_number.toLowerCase(), [30, 140, 90]), pngFile(unmatched, [200, 60, 40])]);
    await row(unmatched).getByText(sponseePhotoMessages.noSponsee).waitFor();
    await row(sponsee.reference_number.toLowerCase()).getByText(`(${sponsee.reference_number})`).waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Preparing');
    await screenshot(page, 'sponsee-photos-prepared');

    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('status').getByText('Status: Complete').waitFor();
    await row(sponsee.reference_number.toLowerCase()).getByText('Complete').waitFor();
    await row(unmatched).getByText('Error').waitFor();
    await screenshot(page, 'sponsee-photos-complete');

    // The sponsee page shows the new photo, served.
    await row(sponsee.reference_number.toLowerCase()).getByRole('link').click();
    const photo = page.getByRole('img', { name: `Photo of ${sponsee.full_name}` });
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((el) => { const img = el as unknown as { complete: boolean; naturalWidth: number }; return img.complete && img.naturalWidth > 0; })).toBe(true);
    await screenshot(page, 'sponsee-photos-sponsee-page');
    const after = await apiCall<Detail>(page, 'GET', `/jpanel/sponsorships/${sponsee.id}`);
    expect(after.sponsee.photo?.id).toBeTruthy();
    expect(after.sponsee.photo?.id).not.toBe(before.sponsee.photo?.id);

    // Again: the sponsee now has a photo, so with the box on it is skipped (cancelled).
    await page.goto('/jpanel/import/sponsee-photos');
    await drop([pngFile(sponsee.reference_number, [10, 10, 200])]);
    await row(sponsee.reference_number).getByText(`(${sponsee.reference_number})`).waitFor();
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('status').getByText('Status: Complete').waitFor();
    await row(sponsee.reference_number).getByText('Cancelled').waitFor();
    await row(sponsee.reference_number).getByText('Skipped: this sponsee already has a photo.').waitFor();
    await expectAccessible(page, 'sponsee photo import, skipped');
    await screenshot(page, 'sponsee-photos-skipped');
  });
});
