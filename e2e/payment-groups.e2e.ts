import type { PaymentGroup } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signInAt, useBrowser } from './support/browser.ts';
import { moveByKeyboard } from './support/sortable.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

it('creates a payment group whose option types show and hide the amount and schedule fields', async () => {
  const { page } = await browser.newPage();
  await signInAt(page, '/jpanel/payment-groups');
  await page.getByRole('link', { name: 'Add payment group' }).click();
  await page.getByLabel('Name').fill(`Sponsor a child ${Date.now() % 100000}`);

  // Row 1: fixed one-time shows only the amount.
  await page.getByLabel('Amount of option 1').fill('420');
  expect(await page.getByRole('combobox', { name: 'Frequency of option 1' }).count()).toBe(0);

  // Row 2: fixed recurring, monthly on day 15.
  await page.getByRole('button', { name: 'Add option' }).click();
  await pick(page, 'Type of option 2', 'Fixed, recurring');
  await page.getByLabel('Amount of option 2').fill('35');
  await pick(page, 'Frequency of option 2', 'Monthly');
  await pick(page, 'Day of the month of option 2', '15');

  // Row 3: custom recurring, biweekly: a day of the week instead of the day of the month.
  await page.getByRole('button', { name: 'Add option' }).click();
  await pick(page, 'Type of option 3', 'Custom, recurring');
  expect(await page.getByLabel('Amount of option 3').isDisabled()).toBe(true);
  await pick(page, 'Frequency of option 3', 'Every two weeks');
  expect(await page.getByRole('combobox', { name: 'Day of the month of option 3' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Create payment group' }).click();
  await page.getByText('Choose a day of the week.').waitFor();
  await pick(page, 'Day of the week of option 3', 'Sunday');

  // Reorder: the custom option first (dnd-kit keyboard sensor).
  await moveByKeyboard(page, page.getByRole('button', { name: 'Move option 3', exact: true }), 'ArrowUp', 2);
  await screenshot(page, 'payment-group-new');
  await page.getByRole('button', { name: 'Create payment group' }).click();
  await page.waitForURL(/\/jpanel\/payment-groups\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  const saved = await page.evaluate(async (groupId) => {
    const r = await fetch(`/jpanel/payment_groups/${groupId}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return (await r.json()) as PaymentGroup;
  }, id);
  expect(saved.options.map((o) => [o.type, o.amount, o.recurring_frequency, o.recurring_day, o.recurring_day_of_week])).toEqual([
    ['custom_recurring', null, 'biweekly', null, 7],
    ['fixed_onetime', 420, null, null, null],
    ['fixed_recurring', 35, 'monthly', 15, null],
  ]);
  await page.getByRole('button', { name: 'Save' }).waitFor();
  await screenshot(page, 'payment-group-saved');
});
