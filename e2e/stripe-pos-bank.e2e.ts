import { paymentFormMessages } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot, signIn, useBrowser } from './support/browser.ts';
import { STRIPE_ONLY_BANK_ACCOUNT } from './support/card-scan.ts';
import { apiCall } from './support/listing.ts';
import { settle } from './support/settle.ts';
import { serveStripeJs } from './support/stripe-js.ts';
import { bodiesToAlmoner, openPosPayment, sendStripeEvent as sendStripeEvent_ } from './support/stripe-pos.ts';

/**
 * Issue 40: the point of sale's Bank tab with Stripe chosen. The account typed there goes from the
 * browser to Stripe (the stand-in Stripe.js's createPaymentMethod); Almoner receives only the
 * us_bank_account PaymentMethod's id, debits it, and shows the sale awaiting payment until
 * Stripe's payment_intent.succeeded says the debit settled. The suite's card scan proves the
 * account number (STRIPE_ONLY_BANK_ACCOUNT) reached nothing of Almoner's.
 */
const browser = useBrowser();
const WEBHOOK_SECRET = 'whsec_e2eAlmonerPosBank';
const isComplete = (r: { url: () => string }) => /\/jpanel\/pos\/\d+\/complete$/.test(r.url());
type Jobs = { recordsFiltered: number };
type Detail = { payments: { type: string; status: string; reference_number: string | null }[] };

const sendStripeEvent = (type: string, object: Record<string, unknown>) => sendStripeEvent_(browser.baseUrl, WEBHOOK_SECRET, type, object);

/** A Coffee Mug in a new sale, the payment dialog open on its Bank tab (Stripe's). */
async function openBankTab(page: Page) {
  const dialog = await openPosPayment(page, 'Bank');
  await dialog.getByText('The account details go from this browser to Stripe').waitFor();
  return dialog;
}

it('sells by bank debit through Stripe: the account goes to Stripe, the sale awaits payment until Stripe says it settled', async () => {
  const { page, context } = await browser.newPage({ width: 1440, height: 900 });
  const { sentToStripe } = await serveStripeJs(context, inject('stripeApiUrl'));
  const toAlmoner = bodiesToAlmoner(page, browser.baseUrl);
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await apiCall(page, 'POST', '/jpanel/settings/payment', { provider: 'stripe', secret_key: 'sk_test_stub', publishable_key: 'pk_test_stub', webhook_secret: WEBHOOK_SECRET });
  await apiCall(page, 'POST', '/jpanel/settings', { payment_gateway: 'stripe' });
  try {
    const dialog = await openBankTab(page);
    // No saving of an account taken through Stripe.
    expect(await dialog.getByLabel("Save this account to the supporter's payment methods").count()).toBe(0);
    await dialog.getByLabel('Account holder name').fill('Ada Lovelace');
    await dialog.getByLabel('Routing number').fill('110000000');
    await dialog.getByLabel('Account number').fill(STRIPE_ONLY_BANK_ACCOUNT);
    // Unticked authorisation: Enter submits, the dialog says what is missing, nothing reaches Stripe.
    const before = sentToStripe.length;
    await dialog.getByLabel('Account number').press('Enter');
    await dialog.getByText(paymentFormMessages.achAgreement).waitFor();
    expect(sentToStripe.length).toBe(before);
    await dialog.getByLabel('The account holder authorizes this debit from their account').check();
    await settle(page);
    await screenshot(page, 'pos-payment-stripe-bank');
    await expectAccessible(page, 'payment dialog, Stripe bank');

    const [response] = await Promise.all([page.waitForResponse(isComplete), dialog.getByLabel('Account number').press('Enter')]);
    const sold = (await response.json()) as { payment: { invoicenumber: string }; order: { id: number } };
    expect(response.status(), JSON.stringify(sold)).toBe(200);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ payment_type: 'bank_account', token: expect.stringMatching(/^pm_/), ach_agree_tos: true });
    await page.getByRole('heading', { name: `Contribution #${sold.payment.invoicenumber} Complete!` }).waitFor();
    // The account went to Stripe, and never to Almoner (the suite's card scan checks Almoner's side whole).
    expect(sentToStripe.join('\n')).toContain(STRIPE_ONLY_BANK_ACCOUNT);
    expect(toAlmoner.join('\n')).not.toContain(STRIPE_ONLY_BANK_ACCOUNT);

    // The sale awaits payment: Stripe's debit is processing.
    const id = sold.order.id;
    await page.goto(`/jpanel/contributions/${id}`);
    await page.getByRole('heading', { name: `Contribution #${id}` }).waitFor();
    await page.getByText('Awaiting payment', { exact: true }).first().waitFor();
    const detail = await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${id}`);
    expect(detail.payments).toMatchObject([{ type: 'bank', status: 'pending' }]);
    const intent = String(detail.payments[0]!.reference_number);

    // Days later the debit settles at the bank, and Stripe tells Almoner (payment_intent.succeeded).
    const settled = await fetch(`${inject('stripeApiUrl')}/stand-in/payment_intents/${intent}/settle`, { method: 'POST', headers: { authorization: 'Bearer sk_test_stub' } });
    expect(settled.status).toBe(200);
    const finished = () => apiCall<Jobs>(page, 'POST', '/jpanel/jobs.listing', { queue: 'stripe_event', status: 'finished', length: 1 });
    const done = (await finished()).recordsFiltered;
    await sendStripeEvent('payment_intent.succeeded', (await settled.json()) as Record<string, unknown>);
    await expect.poll(async () => (await finished()).recordsFiltered, { timeout: 60_000 }).toBe(done + 1);
    await page.reload();
    await page.getByRole('heading', { name: `Contribution #${id}` }).waitFor();
    await page.getByText('Paid', { exact: true }).first().waitFor();
    expect(await page.getByText('Awaiting payment', { exact: true }).count()).toBe(0);
    expect((await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${id}`)).payments).toMatchObject([{ type: 'bank', status: 'succeeded' }]);
  } finally {
    // The worker's server is shared with the files after this one: the sandbox again.
    await apiCall(page, 'POST', '/jpanel/settings', { payment_gateway: 'sandbox' });
    await context.close();
  }
});
