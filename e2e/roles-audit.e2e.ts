import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { startSession, useBrowser } from './support/browser.ts';
import { apiCall, downloadLines, exportItem } from './support/listing.ts';

/**
 * Issue 38 items 5 and 6: a role made on its screen and given to a user on the user form (its
 * permissions then show ticked and fixed, and the user's history says so); a role in use refused
 * deletion with its number of users; the audit log filtered to roles, a row opening its record,
 * and the CSV of the filtered rows.
 */
const browser = useBrowser();

it('defines a role, gives it to a user, refuses to delete it while in use, and shows it all in the audit log', async () => {
  const { context, page } = await browser.newPage({ width: 1440, height: 900 });
  const stamp = `${Date.now() % 1_000_000}`;
  const roleName = `Finance ${stamp}`;
  await startSession(page);
  const clerk = await apiCall<{ id: number }>(page, 'POST', '/jpanel/users', { first_name: 'Cora', last_name: `Clerk${stamp}`, email: `cora${stamp}@example.org`, password: 'letters-and-9', permissions: ['member.view'] });

  // Staff › Roles › Add role: a name and two permissions; Enter in the name saves.
  await page.goto('/jpanel/users/roles');
  await page.getByRole('heading', { name: 'Roles', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Add role' }).click();
  await page.getByRole('checkbox', { name: 'View contributions', exact: true }).check();
  await page.getByRole('checkbox', { name: 'View transactions', exact: true }).check();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(roleName);
  await page.getByRole('textbox', { name: 'Name', exact: true }).press('Enter');
  await page.waitForURL(/\/jpanel\/users\/roles\/\d+$/);
  await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
  await page.getByText('Given to 0 users.').waitFor();
  await expectAccessible(page, 'role form');

  // The user form: the role ticked, its permissions then shown ticked and fixed.
  await page.goto(`/jpanel/users/${clerk.id}`);
  await page.getByRole('checkbox', { name: roleName, exact: true }).check();
  const fromRole = page.getByRole('checkbox', { name: 'View contributions', exact: true });
  await expect.poll(() => fromRole.isChecked()).toBe(true);
  expect(await fromRole.isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved').first().waitFor();
  await page.getByText('Role given:').first().waitFor();
  await expectAccessible(page, 'user form with a role');

  // A role in use is not deleted: the answer says how many users hold it.
  await page.goto('/jpanel/users/roles');
  await page.getByRole('link', { name: roleName, exact: true }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText(`${roleName} is given to 1 user.`, { exact: false }).waitFor();

  // The audit log, filtered to roles: the role's creation, its row opening the role's page.
  await page.goto('/jpanel/audit');
  await page.getByRole('heading', { name: 'Audit log', exact: true }).waitFor();
  await page.locator('tbody tr').first().waitFor();
  await page.getByRole('combobox', { name: 'Record type', exact: true }).click();
  await page.getByRole('option', { name: 'Role', exact: true }).click();
  await expect.poll(async () => (await page.locator('tbody tr').allInnerTexts()).every((row) => row.includes('Role #'))).toBe(true);
  await expect.poll(() => page.getByText(roleName).count()).toBeGreaterThan(0);
  await expectAccessible(page, 'audit log filtered');
  const { lines } = await downloadLines(page, await exportItem(page, 'Export CSV'));
  expect(lines[0]).toContain('Record type');
  expect(lines.slice(1).every((line) => line.includes('Role #'))).toBe(true);
  await page.locator('tbody tr').first().getByRole('link').first().click();
  await page.waitForURL(/\/jpanel\/users\/roles\/\d+$/);
  await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
  await context.close();
});
