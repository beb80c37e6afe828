import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { startSession, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * A donor phones to raise their monthly gift and pay this month's now: staff change the terms
 * (amount, how often, which day) on the profile page, see the change in its history, and charge
 * the period due at once (issue 37 item 3).
 */
const browser = useBrowser();

type Profile = { id: number; profile_id: string; status: string; is_locked: boolean; next_billing_date: string | null; payment_methods: { id: number }[]; amount: number };

describe('changing a recurring gift', () => {
  it('raises the amount, moves it to weekly on Fridays, shows the change in the history, then charges the period now', async () => {
    const { context, page } = await browser.newPage({ width: 1280, height: 900 });
    await startSession(page);
    // An active demo profile with a saved method, due after tomorrow (so its date stays valid).
    const { data } = await apiCall<{ data: { id: number }[] }>(page, 'POST', '/jpanel/recurring_payments.ajax', { length: 40 });
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    let profile: Profile | undefined;
    for (const row of data.reverse()) {
      const p = await apiCall<Profile>(page, 'GET', `/jpanel/recurring/${row.id}`);
      if (p.status === 'Active' && !p.is_locked && p.payment_methods.length && p.next_billing_date && p.next_billing_date > soon) {
        profile = p;
        break;
      }
    }
    expect(profile, 'an active demo profile with a saved method').toBeDefined();
    const p = profile!;
    await page.goto(`/jpanel/recurring/${p.id}`);
    await page.getByRole('heading', { name: `Recurring profile #${p.profile_id}` }).waitFor();

    await page.getByRole('button', { name: 'Change terms' }).click();
    const dialog = page.getByRole('dialog', { name: `Change recurring profile #${p.profile_id}` });
    const amount = dialog.getByLabel(/^Amount/);
    // Focus starts on the amount, the field a donor's call is usually about.
    await expect.poll(() => amount.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await amount.fill('0');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('The amount must be greater than zero.').waitFor();
    await amount.fill('42.50');
    await dialog.getByLabel('How often').selectOption('weekly');
    await dialog.getByLabel('Day of the week').selectOption({ label: 'Friday' });
    await expectAccessible(page, 'change recurring terms');
    await screenshot(page, 'recurring-change-terms');
    // Enter saves.
    await amount.press('Enter');
    await page.getByText(new RegExp(`^Recurring profile #${p.profile_id} has been updated\\.`)).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('$42.50 · Weekly, on Friday').waitFor();
    // The next charge moved to the first Friday on or after the old date.
    const changed = await apiCall<{ next_billing_date: string }>(page, 'GET', `/jpanel/recurring/${p.id}`);
    expect(new Date(`${changed.next_billing_date}T00:00:00Z`).getUTCDay()).toBe(5);
    expect(changed.next_billing_date >= p.next_billing_date!).toBe(true);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('How often:').first().waitFor();
    await history.getByText('Weekly', { exact: true }).first().waitFor();

    // Charge now: asked first, charged once.
    const before = await apiCall<{ transactions: unknown[]; next_billing_date: string }>(page, 'GET', `/jpanel/recurring/${p.id}`);
    await page.getByRole('button', { name: 'Charge now' }).click();
    const question = page.getByRole('dialog', { name: 'Charge now' });
    await question.getByText(/^Charge \$42\.50 now\?/).waitFor();
    await question.getByRole('button', { name: 'Charge now' }).click();
    await page.getByText(new RegExp(`^(Recurring profile #${p.profile_id} was charged \\$42\\.50\\.|The charge for recurring profile #${p.profile_id} was declined)`)).waitFor();
    const after = await apiCall<{ transactions: unknown[]; next_billing_date: string }>(page, 'GET', `/jpanel/recurring/${p.id}`);
    expect(after.transactions.length).toBe(before.transactions.length + 1);
    await screenshot(page, 'recurring-charged-now');

    // The donor's card changed: staff e-mail them their link, and the donor puts the new card on.
    await page.getByRole('button', { name: 'E-mail the donor a link to update it' }).click();
    await page.getByText(`The donor has been e-mailed a link to update the card for recurring profile #${p.profile_id}.`).waitFor();
    const outbox = await apiCall<{ data: { id: number; subject: string }[] }>(page, 'GET', '/jpanel/mail.json');
    const notice = outbox.data.find((m) => m.subject.startsWith('Please update the card for your gift'))!;
    const message = await apiCall<{ text: string }>(page, 'GET', `/jpanel/mail/messages/${notice.id}`);
    const link = /\/jpanel\/update-card\/[A-Za-z0-9_.-]+/.exec(message.text)![0];
    const visitor = await browser.newPage();
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { name: /^Update your card/ }).waitFor();
    const fields = visitor.page.frameLocator('iframe[title="Card details"]');
    await fields.getByLabel('Card number').fill('5555555555554444');
    await fields.getByLabel('Expiry (MM / YY)').fill('12 / 39');
    await fields.getByLabel('Security code').fill('123');
    await expectAccessible(visitor.page, 'update card');
    await visitor.page.getByRole('button', { name: 'Use this card' }).click();
    await visitor.page.getByRole('status').getByText('Thank you: your Mastercard ending 4444 will be used for your recurring gift from now on.').waitFor();
    await screenshot(visitor.page, 'recurring-update-card');
    await visitor.context.close();
    await page.reload();
    await page.getByText('Mastercard ending 4444').waitFor();
    await context.close();
  });
});
