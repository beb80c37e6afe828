import { type ActivityAnswer, activityMessages, paymentMethodMessages, type PosCompleteResponse, type SupporterPaymentMethod } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot, signIn, startSession, useBrowser } from './support/browser.ts';
import { addToContribution } from './support/pos.ts';
import { apiCall } from './support/listing.ts';
import { widerThanWindow } from './support/overflow.ts';

/**
 * Issue 36 item 4: a supporter's whole record on one page (each section with its own data or its
 * words for nothing), the activity timeline the server merges, a saved card made the default;
 * and the point of sale saving a one-off gift's new donor as a supporter. Names carry a run's own
 * suffix of their try, so retries and reruns against one database never collide.
 */
const browser = useBrowser();
/** A fresh suffix per try: CI's retry of a failed test runs it again on the same database. */
const newSuffix = () => Math.random().toString(36).slice(2, 7);

/** A gift of one Coffee Mug paid by `card` at the point of sale, the card kept for the supporter. */
async function giftWithSavedCard(page: Page, supporterId: number, card: string) {
  const { products } = await apiCall<{ products: { id: number; name: string }[] }>(page, 'POST', '/jpanel/pos/products.json', { keywords: 'Coffee Mug', currency_code: 'USD' });
  const mug = products.find((p) => p.name === 'Coffee Mug')!;
  const { order } = await apiCall<{ order: { id: number } }>(page, 'POST', '/jpanel/pos/new', { currency_code: 'USD', using_web_pos: true, use_defaults: false });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/update`, { member_id: supporterId });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/add`, { product_id: mug.id });
  // The hosted card fields' own call to the gateway, as the payment dialog makes it.
  const token = await page.evaluate(async (number) => {
    const response = await fetch('/sandbox-gateway/v1/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number, expiry: '12 / 39', cvc: '123' }) });
    return ((await response.json()) as { token: string }).token;
  }, card);
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/complete`, { payment_type: 'credit_card', token, save_payment_method: true, send_confirmation_emails: false });
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

it('shows the whole record in sections, the timeline as the server merges it, and makes a card the default', async () => {
  const suffix = newSuffix();
  const { context, page } = await browser.newPage({ width: 1440, height: 900 });
  await signIn(page);
  const name = `Rhea Record${suffix}`;
  const { supporter } = await apiCall<{ supporter: { id: number } }>(page, 'POST', '/jpanel/supporters', { first_name: 'Rhea', last_name: `Record${suffix}`, email: `rhea.${suffix}@example.org`, membership_number: `RR-${suffix}` });
  const id = supporter.id;
  await giftWithSavedCard(page, id, '4242 4242 4242 4242');
  await giftWithSavedCard(page, id, '5555 5555 5555 4444');
  await apiCall(page, 'POST', `/jpanel/supporters/${id}/consent`, { post: true, source: 'donor', note: 'Asked for the newsletter' });
  await apiCall(page, 'POST', `/jpanel/api/v1/supporters/${id}/comments`, { body: '<p>Met at the spring fair</p>' });
  await apiCall(page, 'POST', '/jpanel/tasks', { supporter_id: id, title: `Thank Rhea ${suffix}` });

  await page.goto(`/jpanel/supporters/${id}`);
  await page.getByRole('heading', { name, exact: true }).waitFor();
  // Every section is there, with its rows or its words for nothing.
  await region(page, 'Gifts').getByRole('link', { name: /^Contribution #/ }).first().waitFor();
  expect(await region(page, 'Gifts').getByRole('link', { name: /^Contribution #/ }).count()).toBe(2);
  await region(page, 'Recurring profiles').getByText('No recurring profiles.').waitFor();
  await region(page, 'Memberships').getByText(`RR-${suffix}`).waitFor();
  await region(page, 'Sponsorships').getByText('Sponsors no one.').waitFor();
  await region(page, 'Tributes').getByText('No tributes.').waitFor();
  await region(page, 'Tax receipts').waitFor();
  await region(page, 'Mail').waitFor();
  await region(page, 'Profile').getByText(`RR-${suffix}`).waitFor();
  await region(page, 'Contact preferences').getByText('Asked for the newsletter').waitFor();
  await region(page, 'Tasks').getByText(`Thank Rhea ${suffix}`).waitFor();
  await region(page, 'Notes').getByText('Met at the spring fair').waitFor();
  await region(page, 'Addresses').waitFor();

  // The timeline shows the server's rows, in its order (newest first).
  const activity = region(page, 'Activity');
  await activity.locator('[data-activity]').first().waitFor();
  const served = await apiCall<ActivityAnswer>(page, 'GET', `/jpanel/supporters/${id}/activity.json?page=1&page_size=20`);
  expect(served.data.map((r) => r.kind)).toEqual(expect.arrayContaining(['task', 'note', 'consent', 'gift', 'payment', 'edit']));
  const shown = await activity.locator('[data-activity]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-activity')));
  expect(shown).toEqual(served.data.map((r) => r.kind));
  await activity.getByText(`Task added: Thank Rhea ${suffix}`).waitFor();
  await activity.getByText('Post: opted in').waitFor();
  // One kind at a time: the server's rows of that kind; a kind with none says so in words.
  const kinds = activity.getByRole('combobox', { name: 'Show activity of kind', exact: true });
  const kindsShown = () => activity.locator('[data-activity]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-activity')));
  await kinds.selectOption({ label: 'Note' });
  const notes = await apiCall<ActivityAnswer>(page, 'GET', `/jpanel/supporters/${id}/activity.json?page=1&page_size=20&kind=note`);
  expect(notes.data.map((r) => r.kind)).toEqual(['note']);
  await expect.poll(kindsShown).toEqual(['note']);
  await activity.getByText('Met at the spring fair').waitFor();
  await kinds.selectOption({ label: 'Tags' });
  await activity.getByText(activityMessages.emptyKind('Tags')).waitFor();
  await kinds.selectOption({ label: 'All activity' });
  await expect.poll(kindsShown).toEqual(served.data.map((r) => r.kind));
  await screenshot(page, 'supporter-record-1440');
  await expectAccessible(page, 'supporter record');

  // The second card saved is not the default: make it so.
  const methods = region(page, 'Payment methods');
  const before = (await apiCall<{ data: SupporterPaymentMethod[] }>(page, 'GET', `/jpanel/supporters/${id}/payment_methods.json`)).data;
  expect(before.map((m) => m.use_as_default)).toEqual([false, false]);
  const master = before.find((m) => m.account_number.endsWith('4444'))!;
  await methods.getByRole('button', { name: 'Make default: Mastercard •••• 4444' }).click();
  await page.getByText(paymentMethodMessages.madeDefault('Mastercard ending 4444')).waitFor();
  await methods.getByRole('listitem', { name: 'Mastercard •••• 4444' }).getByText('Default', { exact: true }).waitFor();
  const after = (await apiCall<{ data: SupporterPaymentMethod[] }>(page, 'GET', `/jpanel/supporters/${id}/payment_methods.json`)).data;
  expect(after.filter((m) => m.use_as_default).map((m) => m.id)).toEqual([master.id]);
  await activity.getByText('Default payment method changed').waitFor();
  await region(page, 'History').getByText('Default payment method').first().waitFor();

  // "On this page" jumps to a section.
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Payment methods', exact: true }).click();
  await page.waitForURL(/#payment-methods$/);

  await page.setViewportSize({ width: 375, height: 812 });
  await region(page, 'Activity').waitFor();
  // The phone layout comes a render after the resize (Mantine's media queries answer then).
  await expect.poll(() => widerThanWindow(page)).toEqual([]);
  await screenshot(page, 'supporter-record-375');
  await context.close();
});

it('POS: the picker marks the deceased, and a one-off gift saves its new donor as a supporter', async () => {
  const suffix = newSuffix();
  const { context, page } = await browser.newPage({ width: 1280, height: 900 });
  await startSession(page);
  const { supporter: late } = await apiCall<{ supporter: { id: number } }>(page, 'POST', '/jpanel/supporters', { first_name: 'Lena', last_name: `Late${suffix}`, email: `lena.${suffix}@example.org` });
  const today = new Date().toISOString().slice(0, 10);
  await apiCall(page, 'POST', `/jpanel/supporters/${late.id}/consent`, { deceased_on: today, source: 'staff' });

  await page.goto('/jpanel/pos');
  await page.getByRole('heading', { name: 'Point of sale' }).waitFor();
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  const cart = page.getByRole('region', { name: 'Contribution', exact: true });
  // The picker names the deceased as every screen does.
  await cart.getByRole('button', { name: /Guest/ }).click();
  const picker = page.getByRole('dialog', { name: 'Supporter' });
  await picker.getByLabel('Find a supporter').fill(`Late${suffix}`);
  await picker.getByRole('list', { name: 'Supporters found' }).getByText(/^Deceased /).waitFor();
  await picker.getByRole('button', { name: 'Cancel' }).click();

  await addToContribution(page, 'mug', 'Coffee Mug');

  await cart.getByRole('button', { name: 'Addresses' }).click();
  const addresses = page.getByRole('dialog', { name: 'Addresses' });
  const field = (label: string) => addresses.getByRole('textbox', { name: label, exact: true });
  await field('First name').fill('Nina');
  await field('Last name').fill(`New${suffix}`);
  await field('Email').fill(`nina.${suffix}@example.org`);
  await field('Email').press('Enter');
  await addresses.waitFor({ state: 'detached' });

  await cart.getByRole('button', { name: /^Pay / }).click();
  const dialog = page.getByRole('dialog', { name: /^Payment/ });
  await dialog.getByRole('tab', { name: 'Cash', exact: true }).click();
  await dialog.getByLabel('Cash received').fill('100');
  const save = dialog.getByRole('checkbox', { name: 'Save as supporter' });
  expect(await save.isChecked()).toBe(true);
  await screenshot(page, 'pos-save-as-supporter');
  const [response] = await Promise.all([
    page.waitForResponse((r) => /\/jpanel\/pos\/\d+\/complete$/.test(r.url())),
    dialog.getByRole('button', { name: /^Complete/ }).click(),
  ]);
  const done = (await response.json()) as PosCompleteResponse;
  expect(response.status()).toBe(200);
  const memberId = done.order.member_id;
  expect(memberId).not.toBeNull();
  expect(done.supporter_message).toBe(`Nina New${suffix} (#${memberId}) was saved as a supporter.`);
  await page.getByRole('dialog').getByText(done.supporter_message!).waitFor();

  // The new supporter's page has the gift.
  await page.goto(`/jpanel/supporters/${memberId}`);
  await page.getByRole('heading', { name: `Nina New${suffix}`, exact: true }).waitFor();
  await region(page, 'Gifts').getByRole('link', { name: /^Contribution #/ }).first().waitFor();
  await context.close();
});

it('finds a member by membership number on the supporters list, and shows it as a column and in the CSV', async () => {
  const suffix = newSuffix();
  const { context, page } = await browser.newPage({ width: 1440, height: 900 });
  await startSession(page);
  const number = `MN-${suffix}`;
  await apiCall(page, 'POST', '/jpanel/supporters', { first_name: 'Minna', last_name: `Member${suffix}`, membership_number: number });
  await page.goto('/jpanel/supporters');
  await page.getByRole('heading', { name: 'Supporters', exact: true }).waitFor();
  const field = page.getByRole('textbox', { name: 'Membership no.', exact: true });
  await field.fill(number.toLowerCase());
  await field.press('Enter');
  await page.waitForURL(/f\.membership_number=/);
  await expect.poll(() => page.locator('main tbody tr').allInnerTexts()).toEqual([expect.stringContaining(`Minna Member${suffix}`)]);
  // The number is a column the list leaves out until asked for.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Membership no.' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('columnheader', { name: 'Membership no.' }).waitFor();
  await page.locator('main tbody tr').getByText(number, { exact: true }).waitFor();
  await expectAccessible(page, 'supporters by membership number');
  const csv = await page.request.get(`/jpanel/supporters.csv?status=all&membership_number=${number}`);
  const [header, row] = (await csv.text()).trim().split('\n');
  expect(row?.split(',')[header!.split(',').indexOf('Membership Number')]).toBe(number);
  await context.close();
});
