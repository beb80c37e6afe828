import { type SponseeDetail, type SponseeFormOptions, hasSegmentItems, sponseeMessages } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { startSession, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * A sponsee's payment option group and segment values, edited in the sponsee modal. The test makes
 * its own segments and payment group (not shown as list filters) and deletes them after; there is
 * no route to add a sponsee, so it borrows a disabled one (the last, which the other files do not
 * pick) and puts its group and segment values back afterwards.
 */
const browser = useBrowser();
let page: Page;
const stamp = Date.now().toString(36).toUpperCase();
const names = { hobby: `E2E Hobby ${stamp}`, baptised: `E2E Baptised ${stamp}`, colour: `E2E Colour ${stamp}`, group: `E2E Group ${stamp}` };
const made = { segments: [] as number[], group: 0 };
let sponsee: SponseeDetail;

type Row = { id: number; reference_number: string; full_name: string; _url: string };

beforeAll(async () => {
  ({ page } = await browser.newPage());
  await startSession(page);
  const segment = (name: string, type: string, items: { name: string }[] = []) =>
    apiCall<{ id: number }>(page, 'POST', '/jpanel/segments', { name, type, items, show_as_filter: false, show_in_detail: true });
  made.segments = (await Promise.all([segment(names.hobby, 'text'), segment(names.baptised, 'date'), segment(names.colour, 'multi-select', [{ name: 'Teal' }, { name: 'Amber' }, { name: 'Violet' }])])).map((s) => s.id);
  const { site_currency } = await apiCall<{ site_currency: string }>(page, 'GET', '/jpanel/payment_groups.json');
  made.group = (await apiCall<{ id: number }>(page, 'POST', '/jpanel/payment_groups', { name: names.group, currency_code: site_currency, options: [{ type: 'fixed_onetime', amount: 30 }] })).id;
  const disabled = await apiCall<{ data: Row[] }>(page, 'POST', '/jpanel/sponsorship.ajax', { is_enabled: '0' });
  const rows = disabled.data.length ? disabled.data : (await apiCall<{ data: Row[] }>(page, 'POST', '/jpanel/sponsorship.ajax', {})).data;
  sponsee = await apiCall<SponseeDetail>(page, 'GET', `/jpanel/sponsorships/${rows[rows.length - 1]!.id}`);
});

afterAll(async () => {
  // Put the borrowed sponsee's group and segment values back, then remove what the test made.
  const s = sponsee.sponsee;
  const options = await apiCall<SponseeFormOptions>(page, 'GET', '/jpanel/sponsorships/form_options.json');
  const typeOf = new Map(options.segments.map((o) => [o.id, o.type]));
  await apiCall(page, 'POST', `/jpanel/sponsorships/${s.id}`, {
    ...Object.fromEntries(['reference_number', 'first_name', 'last_name', 'gender', 'birth_date', 'enrollment_date', 'biography', 'private_notes', 'street_number', 'street_name', 'village', 'region', 'country', 'project', 'school'].map((k) => [k, (s as Record<string, unknown>)[k] ?? ''])),
    is_enabled: s.is_enabled,
    payment_option_group_id: s.payment_option_group_id,
    segments: sponsee.segment_values.map((v) =>
      hasSegmentItems(typeOf.get(v.segment_id) ?? 'text') ? { segment_id: v.segment_id, item_ids: v.item_ids } : { segment_id: v.segment_id, value: v.value },
    ),
  });
  for (const id of made.segments) await apiCall(page, 'POST', '/jpanel/segments/destroy', { id });
  await apiCall(page, 'POST', '/jpanel/payment_groups/destroy', { id: made.group });
});

describe('sponsee segments and payment options', () => {
  it('sets a payment group and segment values in the edit modal and shows them on the page', async () => {
    await page.goto(`/jpanel/sponsorships/${sponsee.sponsee.id}`);
    await page.getByRole('heading', { name: sponsee.sponsee.full_name }).waitFor();
    await page.getByRole('button', { name: 'Edit sponsee' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit sponsee' });
    await modal.getByLabel(names.hobby).waitFor();

    await modal.getByRole('combobox', { name: 'Payment options' }).click();
    await page.getByRole('option', { name: names.group }).click();
    await modal.getByLabel(names.hobby).fill('Chess club');
    await modal.getByRole('textbox', { name: names.baptised, exact: true }).fill('Mar 5, 2020');
    await modal.getByRole('combobox', { name: names.colour }).click();
    await page.getByRole('option', { name: 'Violet' }).click();
    await page.getByRole('option', { name: 'Teal' }).click();
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'edit sponsee with segments');
    await screenshot(page, 'sponsee-segments-modal');

    const saved = page.waitForResponse((r) => r.url().endsWith(`/jpanel/sponsorships/${sponsee.sponsee.id}`) && r.request().method() === 'POST');
    await modal.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText(sponseeMessages.saved).waitFor();
    await modal.waitFor({ state: 'detached' });

    const main = page.getByRole('main');
    await main.getByText(names.group).waitFor();
    await main.getByText('Chess club').waitFor();
    await main.getByText('Mar 5, 2020').waitFor();
    await main.getByText('Violet, Teal').or(main.getByText('Teal, Violet')).waitFor();
    await screenshot(page, 'sponsee-segments-page');

    // The form opens again with what was saved; "None" clears the group.
    await page.getByRole('button', { name: 'Edit sponsee' }).click();
    await modal.getByLabel(names.hobby).waitFor();
    expect(await modal.getByLabel(names.hobby).inputValue()).toBe('Chess club');
    expect(await modal.getByRole('textbox', { name: names.baptised, exact: true }).inputValue()).toBe('Mar 5, 2020');
    expect(await modal.getByRole('combobox', { name: 'Payment options' }).inputValue()).toBe(names.group);
    await modal.getByRole('combobox', { name: 'Payment options' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await modal.getByLabel(names.hobby).press('Enter');
    await modal.waitFor({ state: 'detached' });
    await main.getByText(names.group).waitFor({ state: 'detached' });
    const after = await apiCall<SponseeDetail>(page, 'GET', `/jpanel/sponsorships/${sponsee.sponsee.id}`);
    expect(after.sponsee.payment_option_group_id).toBeNull();
    expect(after.segment_values.find((v) => v.segment_id === made.segments[0])?.value).toBe('Chess club');
  });
});
