import type { ConsentAnswer, SupporterMailList } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { signIn, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 36 items 2 and 6: record an opt-out and see it in the supporter's consent history and
 * record history; e-mail the supporter and find it in their Mail; mark them deceased and see
 * the mark on their page and in the supporters list; e-mailing them then is refused.
 */
const browser = useBrowser();

/** Picks where a change came from in the consent modal's Source select. */
async function pickSource(page: Page, option: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Source', exact: true }).or(dialog.getByRole('combobox', { name: 'Source', exact: true })).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

it('records an opt-out, e-mails the supporter, marks them deceased, and shows it where they are named', async () => {
  const { context, page } = await browser.newPage({ width: 1280, height: 900 });
  const stamp = `${Date.now() % 1_000_000}`;
  const name = `Cora Consent${stamp}`;
  await signIn(page, undefined, undefined, '/jpanel/supporters');
  const { supporter } = await apiCall<{ supporter: { id: number } }>(page, 'POST', '/jpanel/supporters', { first_name: 'Cora', last_name: `Consent${stamp}`, email: `cora.${stamp}@example.org` });
  await page.goto(`/jpanel/supporters/${supporter.id}`);
  await page.getByRole('heading', { name, level: 2 }).waitFor();

  // Opt in to post, with the donor as source and a note; Enter in the date field records it.
  const card = page.getByRole('region', { name: 'Contact preferences' });
  await card.getByText('No change recorded yet.').waitFor();
  await card.getByRole('button', { name: 'Record a change' }).click();
  let dialog = page.getByRole('dialog', { name: 'Record a change of contact preferences' });
  await expect.poll(() => dialog.getByRole('checkbox', { name: 'May be e-mailed' }).evaluate((el) => el.matches(':focus'))).toBe(true);
  await dialog.getByRole('checkbox', { name: 'May be sent post' }).check();
  await dialog.getByRole('checkbox', { name: 'May be sent SMS' }).check();
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Phoned: post and texts are fine');
  await pickSource(page, 'Donor asked (phone, letter, in person)');
  await expectAccessible(page, 'consent modal, filled');
  await dialog.getByRole('textbox', { name: 'Date of the change' }).press('Enter');
  await page.getByText(`${name}’s contact preferences were recorded.`).waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // Then an opt-out of SMS; Escape closes the modal without recording anything first.
  await card.getByRole('button', { name: 'Record a change' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a change of contact preferences' });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await card.getByRole('button', { name: 'Record a change' }).click();
  await dialog.getByRole('checkbox', { name: 'May be sent SMS' }).uncheck();
  await pickSource(page, 'Unsubscribe link');
  await dialog.getByRole('button', { name: 'Record change' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const changes = card.getByRole('list', { name: 'Contact preference changes' });
  await changes.getByText('SMS: Yes → No').waitFor();
  await changes.getByText(/Unsubscribe link · recorded .* by Demo Administrator/).waitFor();
  await changes.getByText('Post: No → Yes').waitFor();
  await changes.getByText('“Phoned: post and texts are fine”').first().waitFor();
  const consent = await apiCall<ConsentAnswer>(page, 'GET', `/jpanel/supporters/${supporter.id}/consent.json`);
  expect(consent.consent).toMatchObject({ post: true, sms: false, email: false });
  expect(consent.data[0]).toMatchObject({ topic: 'sms', previous: true, granted: false, source: 'unsubscribe' });
  // The record's history shows it too (who, from → to).
  await page.getByRole('region', { name: 'History', exact: true }).getByText('SMS opt-in').first().waitFor();
  await screenshot(page, 'supporter-consent');

  // E-mail them from their page; the message is in their Mail.
  await page.getByRole('button', { name: 'E-mail', exact: true }).click();
  dialog = page.getByRole('dialog', { name: `E-mail ${name}` });
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Your gift in March');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Dear Cora,\nthank you <b>so much</b>.');
  await expectAccessible(page, 'e-mail a supporter');
  await dialog.getByRole('button', { name: 'Send e-mail' }).click();
  await page.getByText(`The e-mail to cora.${stamp}@example.org is on its way.`).waitFor();
  const mail = page.getByRole('region', { name: 'Mail', exact: true });
  await mail.getByRole('button', { name: /Your gift in March/ }).click();
  await mail.getByText('thank you <b>so much</b>.', { exact: false }).waitFor();
  const sent = await apiCall<SupporterMailList>(page, 'GET', `/jpanel/supporters/${supporter.id}/mail.json`);
  expect(sent.data.map((m) => [m.kind, m.subject])).toEqual([['supporter_email', 'Your gift in March']]);

  // Mark them deceased: the mark is on their page and in the list; e-mailing them is refused.
  await card.getByRole('button', { name: 'Record a change' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a change of contact preferences' });
  await dialog.getByRole('checkbox', { name: 'Deceased' }).check();
  await dialog.getByRole('textbox', { name: 'Date of death' }).fill('2025-06-01');
  await pickSource(page, 'Staff decision');
  await dialog.getByRole('button', { name: 'Record change' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('Deceased Jun 1, 2025').first().waitFor();
  await screenshot(page, 'supporter-deceased');
  await page.getByRole('button', { name: 'E-mail', exact: true }).click();
  dialog = page.getByRole('dialog', { name: `E-mail ${name}` });
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Another note');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello');
  await dialog.getByRole('button', { name: 'Send e-mail' }).click();
  await dialog.getByRole('alert').getByText(`${name} is marked as deceased. Nothing was sent.`).waitFor();
  await page.keyboard.press('Escape');

  await page.goto(`/jpanel/supporters?q=${encodeURIComponent(name)}`);
  await page.getByRole('row').filter({ hasText: name }).getByText('Deceased Jun 1, 2025').waitFor();
  await context.close();
});
