import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { startSession, useBrowser } from './support/browser.ts';
import { apiCall } from './support/listing.ts';

/**
 * Issue 37 item 2 leftovers: an open batch's details (name, deposit date, expected count and
 * total) corrected in their modal, and a gift keyed with a campaign and appeal in the grid.
 */
const browser = useBrowser();

it('edits an open batch\'s details and credits a keyed gift to a campaign appeal', async () => {
  const { page } = await browser.newPage({ width: 1440, height: 900 });
  const stamp = `${Date.now() % 1_000_000}`;
  await startSession(page);
  const { campaign } = await apiCall<{ campaign: { id: number; appeals: { id: number }[] } }>(page, 'POST', '/jpanel/campaigns', {
    name: `Batch drive ${stamp}`, goal: '5000', starts_on: '2020-01-01', appeals: [{ name: 'Envelope', code: `ENV${stamp}` }],
  });
  const { batch } = await apiCall<{ batch: { id: number } }>(page, 'POST', '/jpanel/batches', { name: `Cash ${stamp}`, deposit_date: '2026-01-05', currency_code: 'USD', expected_count: 1, expected_total: 20 });

  await page.goto(`/jpanel/batches/${batch.id}`);
  await page.getByRole('heading', { name: `Cash ${stamp}`, level: 2 }).waitFor();
  await page.getByRole('button', { name: 'Edit details', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit batch details' });
  await dialog.waitFor();
  await expectAccessible(page, 'edit batch details');
  await dialog.getByLabel('Name', { exact: false }).fill(`Cash drive ${stamp}`);
  await dialog.getByLabel('Expected number of gifts', { exact: false }).fill('2');
  await dialog.getByLabel('Name', { exact: false }).press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('heading', { name: `Cash drive ${stamp}`, level: 2 }).waitFor();

  const row = page.getByRole('row', { name: 'New gift', exact: true });
  await row.getByRole('textbox', { name: 'Amount, new gift' }).fill('20');
  await row.getByRole('combobox', { name: 'Payment type, new gift' }).selectOption('cash');
  await row.getByRole('combobox', { name: 'Fund, new gift' }).selectOption({ label: 'General Fund' });
  await row.getByRole('combobox', { name: 'Campaign, new gift' }).selectOption(`a:${campaign.appeals[0]!.id}`);
  await row.getByRole('button', { name: 'Add gift', exact: true }).click();
  await page.getByRole('row', { name: 'Gift 1', exact: true }).waitFor();
  const saved = await apiCall<{ name: string; expected: { count: number }; gifts: { campaign_id: number | null; appeal_id: number | null }[] }>(page, 'GET', `/jpanel/batches/${batch.id}.json`);
  expect(saved).toMatchObject({ name: `Cash drive ${stamp}`, expected: { count: 2 }, gifts: [{ campaign_id: campaign.id, appeal_id: campaign.appeals[0]!.id }] });
  await expectAccessible(page, 'batch grid with a campaign column');
});
