import { expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';
import { settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 38 item 3 (`tributetype.edit`): a tribute type added from the Settings sidebar, a bad
 * template refused on its field, the type corrected and turned off with its history, then deleted.
 */
const browser = useBrowser();

it('adds, corrects, turns off and deletes a tribute type, with its history', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  if (!(await nav.getByRole('link', { name: 'Tribute types' }).isVisible())) await nav.getByRole('button', { name: 'Settings' }).click();
  await nav.getByRole('link', { name: 'Tribute types' }).click();
  await page.getByRole('heading', { name: 'Tribute types', exact: true }).waitFor();
  await page.getByRole('link', { name: 'In memory of' }).first().waitFor();
  await screenshot(page, 'tribute-types');

  const label = `In celebration of ${Date.now() % 1_000_000}`;
  await page.getByRole('link', { name: 'Add tribute type' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: false }).first().fill(label);
  await page.getByLabel('E-mail template').fill('Dear {{ tribute.notify_name }}, {% if %}');
  await page.getByRole('button', { name: 'Create tribute type' }).click();
  // The server's engine reads the template and says what is wrong, on the field; nothing is saved.
  await page.getByText(/This template cannot be used/).waitFor();
  await screenshot(page, 'tribute-type-template-error');
  await page.getByLabel('E-mail template').fill('<p>Dear {{ tribute.notify_name }},</p><p>{{ donor.first_name }} gave in your honour.</p>');
  await page.getByRole('button', { name: 'Create tribute type' }).click();
  await page.getByText(`The tribute type ${label} has been created.`).waitFor();
  await page.waitForURL(/\/jpanel\/tribute-types\/\d+$/);

  // Corrected: offered later in the list, then not at all.
  await page.getByRole('textbox', { name: 'Order' }).fill('7');
  await page.getByRole('switch', { name: 'Offered' }).uncheck({ force: true });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(`The tribute type ${label} has been saved.`).waitFor();
  const history = page.getByRole('region', { name: 'History' });
  await history.getByText('Offered').first().waitFor();
  await history.getByText('Order').first().waitFor();
  await screenshot(page, 'tribute-type-history');

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete tribute type' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL(/\/jpanel\/tribute-types$/);
  await page.getByRole('heading', { name: 'Tribute types', exact: true }).waitFor();
  await expect.poll(() => page.getByRole('link', { name: label }).count()).toBe(0);
});
