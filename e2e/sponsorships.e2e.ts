import { sponseeMessages, sponsorMessages, timelineMessages } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';
import { png } from './support/images.ts';
import { apiCall, listingScreen, settledScreenshot as screenshot } from './support/listing.ts';

/** Sponsees: the list, a sponsee's page, adding a sponsor, ending the sponsorship, deleting the record. */
const browser = useBrowser();

type Listing = {
  recordsFiltered: number;
  data: {
    id: number;
    reference_number: string;
    full_name: string;
    is_sponsored: boolean;
    _url: string;
  }[];
};
const { openList, reloadBy } = listingScreen<Listing>(
  '/jpanel/sponsorship.ajax',
  '/jpanel/sponsorships',
  'Sponsorships',
);

let page: Page;
/** A real 1×1 PNG: uploads are decoded and re-encoded on the server. */
const PNG = png(40, 120, 200, 1);

beforeAll(async () => {
  ({ page } = await browser.newPage());
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
});

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('sponsorships', () => {
  it('lists sponsees, filters the waiting ones and opens one', async () => {
    const first = await openList(page);
    expect(first.data.map((r) => r.reference_number)).toEqual(
      [...first.data.map((r) => r.reference_number)].sort(),
    );
    await screenshot(page, 'sponsorships-list');
    await page.getByRole('combobox', { name: 'Sponsored' }).click();
    const waiting = await reloadBy(page, () => page.getByRole('option', { name: 'No' }).click());
    await page.waitForURL(/f\.is_sponsored=0/);
    expect(waiting.data.length).toBeGreaterThan(0);
    expect(waiting.data.every((r) => !r.is_sponsored)).toBe(true);
  });

  it('adds a sponsor to a sponsee, ends the sponsorship and deletes the record', async () => {
    const waiting = await apiCall<Listing>(page, 'POST', '/jpanel/sponsorship.ajax', {
      is_sponsored: '0',
      is_enabled: '1',
    });
    const sponsee = waiting.data[0]!;
    const supporters = await apiCall<{
      data: { id: number; display_name: string; email: string | null }[];
    }>(page, 'POST', '/jpanel/supporters.listing', { search: { value: '' } });
    const supporter = supporters.data.find((s) => s.email) ?? supporters.data[0]!;

    await page.goto(sponsee._url);
    await page.getByRole('heading', { name: sponsee.full_name }).waitFor();
    await page.getByText('Waiting for a sponsor').waitFor();
    await page.getByText('No sponsors yet.').waitFor();
    await screenshot(page, 'sponsee-page');

    // Add: the sponsor is required.
    await page.getByRole('button', { name: 'Add sponsor' }).click();
    const modal = page.getByRole('dialog', { name: 'Add a sponsor' });
    await modal.getByLabel('Start date').waitFor();
    expect(await modal.getByLabel('Start date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await modal.getByRole('button', { name: 'Add sponsor' }).click();
    await modal.getByText(sponsorMessages.sponsorRequired).waitFor();
    await screenshot(page, 'sponsor-modal-required');

    await modal
      .getByRole('combobox', { name: 'Sponsor' })
      .fill(supporter.email ?? supporter.display_name);
    await page
      .getByRole('option', { name: new RegExp(supporter.display_name) })
      .first()
      .click();
    await modal.getByLabel('Source').fill('Phone');
    await modal.getByRole('button', { name: 'Add sponsor' }).click();
    await page.getByText(sponsorMessages.added).waitFor();
    await modal.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: supporter.display_name });
    await row.getByText('Active', { exact: true }).waitFor();
    await page.getByText('Sponsored', { exact: true }).waitFor();
    await screenshot(page, 'sponsee-sponsored');

    // End: needs an ended-on date.
    await row.getByRole('button', { name: /Edit the sponsor record/ }).click();
    const edit = page.getByRole('dialog', { name: 'Sponsor' });
    await edit.getByLabel('End this sponsorship').check();
    await edit.getByLabel('Ended on').fill('');
    await edit.getByRole('button', { name: 'End sponsorship' }).click();
    await edit.getByText(sponsorMessages.endedOnRequired).waitFor();
    await screenshot(page, 'sponsor-modal-end-required');
    await edit.getByLabel('Ended on').fill(localToday());
    await edit.getByLabel('Reason').fill('Sponsor request');
    await edit.getByRole('button', { name: 'End sponsorship' }).click();
    await page.getByText(sponsorMessages.ended).waitFor();
    await edit.waitFor({ state: 'hidden' });
    await row.getByText('Sponsor request').waitFor();
    await row.getByText('Active, ending').waitFor();
    const detail = await apiCall<{ sponsors: { ended_at: string | null }[] }>(
      page,
      'GET',
      `/jpanel/sponsorships/${sponsee.id}`,
    );
    expect(detail.sponsors[0]?.ended_at).toBe(localToday());
    await screenshot(page, 'sponsee-sponsorship-ended');

    // Delete the record: asked first, Cancel has the focus; the supporter stays.
    await row.getByRole('button', { name: /Edit the sponsor record/ }).click();
    await page
      .getByRole('dialog', { name: 'Sponsor' })
      .getByRole('button', { name: 'Delete record' })
      .click();
    const ask = page.getByRole('dialog', { name: 'Delete this sponsor record?' });
    await ask.getByText('The supporter is not deleted.').waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await ask.getByRole('button', { name: 'Delete record' }).click();
    await page.getByText(sponsorMessages.deleted).waitFor();
    await page.getByText('No sponsors yet.').waitFor();
    await apiCall(page, 'GET', `/jpanel/supporters/${supporter.id}`);
    await screenshot(page, 'sponsee-record-deleted');
  });

  it('posts a public update with a photo and notifies sponsors, then edits and deletes it', async () => {
    // A sponsee with an active sponsor who has an e-mail address (searching '@' matches only
    // e-mails): other files sell sponsorships at the POS to guests without one.
    const withEmail = await apiCall<SponsorListing>(page, 'POST', '/jpanel/sponsors.ajax', {
      status: 'active',
      search: '@',
    });
    const sponsorRecord = withEmail.data[0]!;
    await page.goto(sponsorRecord._url);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByRole('button', { name: 'Add an Update' }).waitFor();

    await timeline.getByRole('button', { name: 'Add an Update' }).click();
    const modal = page.getByRole('dialog', { name: 'Add an Update' });
    expect(await modal.getByRole('combobox', { name: 'Tag' }).inputValue()).toBe('General');
    // It starts on the organisation's today as the server says it, not the browser's day.
    const session = await apiCall<{ today: string }>(page, 'GET', '/jpanel/auth/session');
    expect(await modal.getByLabel('Posted on').inputValue()).toBe(session.today);
    await modal.getByLabel('Posted on').fill('');
    await modal.getByRole('button', { name: 'Post update' }).click();
    for (const message of [
      timelineMessages.headline,
      timelineMessages.date,
      timelineMessages.message,
    ])
      await modal.getByText(message).waitFor();
    await screenshot(page, 'timeline-update-required');

    await modal.getByLabel('Headline').fill('Sports day');
    await modal.getByLabel('Posted on').fill(localToday());
    await modal.getByLabel('Message').fill('She won the 100 metres.');
    await modal
      .locator('input[type="file"]')
      .setInputFiles({ name: 'sports-day.png', mimeType: 'image/png', buffer: PNG });
    await modal.getByLabel('Caption for sports-day.png').fill('On the podium');
    // Private posts cannot notify: the choice is only offered for public ones.
    await modal.getByLabel(/Private/).check();
    expect(await modal.getByLabel('Notify sponsors by e-mail').count()).toBe(0);
    await modal.getByLabel(/Private/).uncheck();
    await modal.getByLabel('Notify sponsors by e-mail').check();
    await screenshot(page, 'timeline-update-filled');
    await modal.getByRole('button', { name: 'Post update' }).click();
    await page.getByText(/Update posted\. \d+ sponsors? (was|were) e-mailed\./).waitFor();
    const card = timeline.getByRole('article', { name: 'Sports day' });
    await card.getByText('On the podium').waitFor();
    await card.getByText('Sponsors notified').waitFor();
    await card.getByText(localToday()).waitFor();
    // The photo is served back from storage (a real image, decoded by the browser).
    await expect
      .poll(() =>
        page.evaluate(`document.querySelector('article img[alt="On the podium"]')?.naturalWidth`),
      )
      .toBe(1);
    await screenshot(page, 'timeline-posted');

    await card.getByRole('button', { name: 'Edit update Sports day' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Update' });
    await edit.getByLabel('Headline').fill('Sports day results');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(timelineMessages.saved).waitFor();
    const edited = timeline.getByRole('article', { name: 'Sports day results' });
    await edited.waitFor();

    await edited.getByRole('button', { name: 'Delete update Sports day results' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete this update?' });
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await ask.getByRole('button', { name: 'Delete update' }).click();
    await page.getByText(timelineMessages.deleted).waitFor();
    await edited.waitFor({ state: 'detached' });
    await screenshot(page, 'timeline-after-delete');
  });
});

type SponsorListing = {
  recordsTotal: number;
  recordsFiltered: number;
  data: { id: number; supporter_name: string; sponsee: string; status: string; _url: string }[];
};
const sponsorList = listingScreen<SponsorListing>('/jpanel/sponsors.ajax', '/jpanel/sponsors', 'Sponsors');

describe('sponsors list', () => {
  it('lists sponsor records, filters the active ones and opens the sponsee', async () => {
    const first = await sponsorList.openList(page);
    expect(first.data.length).toBeGreaterThan(0);
    expect(first.data.length).toBeLessThanOrEqual(50);
    await page.getByRole('cell', { name: first.data[0]!.supporter_name }).first().waitFor();
    await screenshot(page, 'sponsors-list');

    await page.getByRole('combobox', { name: 'Status' }).click();
    const active = await sponsorList.reloadBy(page, () => page.getByRole('option', { name: 'Active' }).click());
    await page.waitForURL(/f\.status=active/);
    expect(active.data.every((r) => r.status === 'active')).toBe(true);
    await screenshot(page, 'sponsors-list-active');

    const row = active.data[0] ?? first.data[0]!;
    await page.getByText(row.supporter_name).first().click();
    await page.waitForURL((url) => url.pathname === row._url);
  });
});

describe('editing a sponsee', () => {
  it('saves the fields with Enter, refuses a reference number in use, and closes with Escape', async () => {
    const listing = await apiCall<Listing>(page, 'POST', '/jpanel/sponsorship.ajax', { length: 2 });
    const [sponsee, other] = listing.data as [Listing['data'][number], Listing['data'][number]];
    await page.goto(sponsee._url);
    await page.getByRole('heading', { name: sponsee.full_name }).waitFor();
    await page.getByRole('button', { name: 'Edit sponsee' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit sponsee' });
    const reference = modal.getByRole('textbox', { name: 'Reference number' });
    await reference.waitFor();
    expect(await reference.inputValue()).toBe(sponsee.reference_number);
    const biography = `Enjoys football and maths (edited ${Date.now()}).`;
    await modal.getByRole('textbox', { name: 'Biography' }).fill(biography);
    await modal.getByRole('textbox', { name: 'Village' }).fill('Lakeside');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), modal.getByRole('button', { name: /(Upload|Replace) photo/ }).click()]);
    await chooser.setFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: PNG });
    await modal.getByText('Saved with the sponsee.').waitFor();
    await screenshot(page, 'sponsee-edit');
    await modal.getByRole('textbox', { name: 'Village' }).press('Enter');
    await page.locator('[data-toast]', { hasText: 'Sponsee saved.' }).first().waitFor();
    await modal.waitFor({ state: 'detached' });
    await page.getByText(biography).waitFor();

    await page.getByRole('button', { name: 'Edit sponsee' }).click();
    await reference.fill(other.reference_number.toLowerCase());
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText(sponseeMessages.referenceTaken).waitFor();
    expect(await reference.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'sponsee-edit-reference-taken');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    const detail = await apiCall<{ sponsee: { reference_number: string; biography: string; village: string; photo: { filename: string } | null } }>(page, 'GET', `/jpanel/sponsorships/${sponsee.id}`);
    expect(detail.sponsee).toMatchObject({ reference_number: sponsee.reference_number, biography, village: 'Lakeside' });
    expect(detail.sponsee.photo?.filename).toMatch(/portrait/);
    await page.getByRole('img', { name: `Photo of ${sponsee.full_name}` }).first().waitFor();
  });
});
