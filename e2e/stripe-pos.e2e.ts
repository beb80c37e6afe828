import { messages, paymentProviderMessages, posCompleteMessages } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot, signIn, startSession, useBrowser } from './support/browser.ts';
import { addToContribution } from './support/pos.ts';
import { apiCall } from './support/listing.ts';
import { settle } from './support/settle.ts';
import { serveStripeJs } from './support/stripe-js.ts';
import { bodiesToAlmoner, openPosPayment, sendStripeEvent as sendStripeEvent_ } from './support/stripe-pos.ts';

/**
 * Issue 40 items 1 and 2: Stripe's keys entered and tested in Settings › Payment providers,
 * Stripe chosen in Settings › Payments, and a sale at the point of sale through Stripe Elements
 * (a stand-in Stripe.js served at Stripe's address, its API the suite's Stripe stand-in). The
 * card goes to Stripe; Almoner receives only the PaymentMethod id (the suite's card scan checks
 * every request, table and log line of Almoner's too).
 */
const browser = useBrowser();
const CARD = '4242424242424242';

type Detail = { payments: { type: string; status: string; amount: number; card_last4: string | null }[] };

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

async function saveStripeKeys(page: Page, secretKey: string) {
  const stripe = page.locator('[data-provider="stripe"]');
  await stripe.getByLabel('Secret key').fill(secretKey);
  await stripe.getByLabel('Publishable key').fill('pk_test_stub');
  // Enter saves, as in every form.
  await stripe.getByLabel('Publishable key').press('Enter');
  await toastText(page, paymentProviderMessages.updated);
  await stripe.getByText('•••• stub').first().waitFor();
}

/**
 * Sells a Coffee Mug at the point of sale with Stripe's card element, Stripe being the gateway.
 * With `check`, the dialog is also photographed and checked by axe (once is enough per suite).
 */
async function sellThroughElements(page: Page, { check }: { check: boolean }) {
  const dialog = await payByStripeCard(page, { check, number: CARD });
  const [response] = await Promise.all([page.waitForResponse(isComplete), dialog.getByRole('button', { name: /^Complete/ }).click()]);
  const body = (await response.json()) as Sold;
  expect(response.status(), JSON.stringify(body)).toBe(200);
  await page.getByRole('heading', { name: `Contribution #${body.payment.invoicenumber} Complete!` }).waitFor();
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ payment_type: 'credit_card', token: expect.stringMatching(/^pm_/) });
  return body;
}

type Sold = { payment: { invoicenumber: string }; order: { id: number } };
const isComplete = (r: { url: () => string }) => /\/jpanel\/pos\/\d+\/complete$/.test(r.url());

/** Types the card into Stripe's card element of the payment dialog (its frame, Stripe's origin). */
async function typeStripeCard(page: Page, number: string) {
  const card = page.frameLocator('iframe[title="Secure card payment input frame"]');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('MM / YY').fill(`12 / ${(new Date().getUTCFullYear() + 3) % 100}`);
  await card.getByLabel('CVC').fill('123');
}

/** A Coffee Mug in a new sale, the payment dialog open on its Credit Card tab with `number` typed in. */
async function payByStripeCard(page: Page, { check, number }: { check: boolean; number: string }) {
  const dialog = await openPosPayment(page, 'Credit Card');
  await dialog.locator('[data-card-fields="stripe"]').waitFor();
  // The Bank tab is Stripe's too (its account goes to Stripe: stripe-pos-bank.e2e.ts).
  expect(await dialog.getByRole('tab', { name: 'Bank', exact: true }).count()).toBe(1);
  await typeStripeCard(page, number);
  if (check) {
    await settle(page);
    await screenshot(page, 'pos-payment-stripe');
    await expectAccessible(page, 'payment dialog, Stripe card');
  }
  return dialog;
}

it('takes Stripe’s keys, tests them, and sells at the point of sale through Stripe Elements', async () => {
  const { page, context } = await browser.newPage({ width: 1440, height: 900 });
  const { sentToStripe } = await serveStripeJs(context, inject('stripeApiUrl'));
  const toAlmoner = bodiesToAlmoner(page, browser.baseUrl);
  await startSession(page);
  try {
    // Settings › Payment providers: a wrong key fails the Test with Stripe's words; the right one works.
    await page.goto('/jpanel/settings/payment-providers');
    const stripe = page.locator('[data-provider="stripe"]');
    await stripe.waitFor();
    await stripe.getByLabel('Secret key').fill('sk_test_wrongkey');
    await stripe.getByLabel('Secret key').press('Enter');
    await toastText(page, paymentProviderMessages.updated);
    await stripe.getByRole('button', { name: 'Test Stripe connection' }).click();
    await stripe.locator('[data-test-result="stripe"]', { hasText: 'Failed!' }).waitFor();
    await stripe.getByText('Invalid API Key provided.').waitFor();
    await saveStripeKeys(page, 'sk_test_stub');
    await stripe.getByRole('button', { name: 'Test Stripe connection' }).click();
    await stripe.locator('[data-test-result="stripe"]', { hasText: 'Works!' }).waitFor();
    await settle(page);
    await screenshot(page, 'payment-providers-stripe');
    await expectAccessible(page, 'payment providers, Stripe');

    // Settings › Payments: Stripe is the gateway.
    await page.goto('/jpanel/settings#payments');
    await page.getByLabel('Payment gateway').click();
    await page.getByRole('option', { name: 'Stripe' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toastText(page, messages.settingsSaved);
    await page.locator('[data-section="card-fields-check"]').getByText('Settings › Payment providers').waitFor();

    // The point of sale: the card tab is Stripe's card element.
    const body = await sellThroughElements(page, { check: true });
    const recorded = await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${body.order.id}`);
    expect(recorded.payments).toMatchObject([{ type: 'card', status: 'succeeded', card_last4: '4242' }]);
    // The card went to Stripe, and never to Almoner.
    expect(sentToStripe.join('\n')).toContain(CARD);
    expect(toAlmoner.join('\n')).not.toContain(CARD);
  } finally {
    // The worker's server is shared with the files after this one: the sandbox again.
    await apiCall(page, 'POST', '/jpanel/settings', { payment_gateway: 'sandbox' });
    await context.close();
  }
});

type Transaction = { reference_number: string | null; amount_refunded: number; refunds: { amount: number; reference_number: string | null }[] };
type Jobs = { recordsFiltered: number };
const WEBHOOK_SECRET = 'whsec_e2eAlmonerPos';

/** What Stripe answers its own API (the suite's stand-in), asked with the account's secret key. */
async function fromStripe<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('stripeApiUrl')}${path}`, { headers: { authorization: 'Bearer sk_test_stub' } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Stripe's event, signed with this file's endpoint secret: the server's answer. */
const sendStripeEvent = (type: string, object: Record<string, unknown>) => sendStripeEvent_(browser.baseUrl, WEBHOOK_SECRET, type, object) as Promise<{ received: boolean; duplicate: boolean }>;

/** A signed-in page whose sales go through Stripe (the stand-in, and Stripe.js's), its webhook secret set. */
async function stripeChosenPage() {
  const { page, context } = await browser.newPage({ width: 1440, height: 900 });
  await serveStripeJs(context, inject('stripeApiUrl'));
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await apiCall(page, 'POST', '/jpanel/settings/payment', { provider: 'stripe', secret_key: 'sk_test_stub', publishable_key: 'pk_test_stub', webhook_secret: WEBHOOK_SECRET });
  await apiCall(page, 'POST', '/jpanel/settings', { payment_gateway: 'stripe' });
  return { page, context };
}

it('refunds half of a Stripe sale from the contribution, and Stripe telling it back (charge.refunded) adds no second refund', async () => {
  const { page, context } = await stripeChosenPage();
  try {
    const sold = await sellThroughElements(page, { check: false });
    const id = sold.order.id;
    const detail = await apiCall<{ contribution: { total_amount: number }; payments: { id: number }[] }>(page, 'GET', `/jpanel/contributions/${id}`);
    const totalMinor = Math.round(detail.contribution.total_amount * 100);
    const half = Math.round(totalMinor / 2) / 100;
    const paymentId = detail.payments[0]!.id;

    // Half given back from the contribution's page: Almoner asks Stripe for the refund.
    await page.goto(`/jpanel/contributions/${id}`);
    await page.getByRole('heading', { name: `Contribution #${id}` }).waitFor();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Refund contribution #${id}` });
    await dialog.getByRole('radio', { name: 'Part of it' }).check();
    await dialog.getByRole('textbox', { name: /Amount/ }).fill(half.toFixed(2));
    await dialog.getByRole('textbox', { name: /Amount/ }).press('Enter');
    await page.getByText(`$${half.toFixed(2)} refunded on Contribution #${id}.`).waitFor();
    const ours = await apiCall<Transaction>(page, 'POST', `/jpanel/transactions/${paymentId}/modal`);
    expect(ours.refunds).toEqual([expect.objectContaining({ amount: half, reference_number: expect.stringMatching(/^re_/) })]);

    // Stripe tells the refund back: charge.refunded with the charge as Stripe reads it now.
    const intent = await fromStripe<{ latest_charge: { id: string } }>(`/v1/payment_intents/${ours.reference_number}`);
    const charge = await fromStripe<Record<string, unknown>>(`/v1/charges/${intent.latest_charge.id}`);
    expect(charge).toMatchObject({ amount_refunded: Math.round(half * 100), payment_intent: ours.reference_number });
    const finished = () => apiCall<Jobs>(page, 'POST', '/jpanel/jobs.listing', { queue: 'stripe_event', status: 'finished', length: 1 });
    const failed = () => apiCall<Jobs>(page, 'POST', '/jpanel/jobs.listing', { queue: 'stripe_event', status: 'failed', length: 1 });
    const [finishedBefore, failedBefore] = [(await finished()).recordsFiltered, (await failed()).recordsFiltered];
    expect(await sendStripeEvent('charge.refunded', charge)).toEqual({ received: true, duplicate: false });
    // The event is handled by a background job: wait for it to have run.
    await expect.poll(async () => (await finished()).recordsFiltered, { timeout: 60_000 }).toBe(finishedBefore + 1);
    expect((await failed()).recordsFiltered).toBe(failedBefore);

    // One refund, not two: the transaction's page lists it once, and the contribution kept the other half.
    await page.reload();
    await page.getByRole('button', { name: `Open transaction #${paymentId}` }).click();
    const modal = page.getByRole('dialog', { name: `Transaction #${paymentId}` });
    const rows = modal.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    await rows.first().getByText(ours.refunds[0]!.reference_number!).waitFor();
    const after = await apiCall<Transaction>(page, 'POST', `/jpanel/transactions/${paymentId}/modal`);
    expect(after.refunds).toHaveLength(1);
    expect(after.amount_refunded).toBe(half);
    const contribution = await apiCall<{ contribution: { refunded_amount: number; refundable_amount: number } }>(page, 'GET', `/jpanel/contributions/${id}`);
    expect(contribution.contribution).toMatchObject({ refunded_amount: half, refundable_amount: (totalMinor - Math.round(half * 100)) / 100 });
  } finally {
    await apiCall(page, 'POST', '/jpanel/settings', { payment_gateway: 'sandbox' });
    await context.close();
  }
});

/** Stripe's test card whose bank asks for 3-D Secure on every payment. */
const THREE_DS_CARD = '4000002760003184';

/**
 * Completes with the 3-D Secure card typed in: the complete answers the bank's challenge, the
 * stand-in Stripe.js shows it (handleNextAction), the donor presses `choice`, and the dialog
 * completes again naming the PaymentIntent. Answers that second completion.
 */
async function completeThroughChallenge(page: Page, dialog: ReturnType<Page['getByRole']>, choice: 'Complete authentication' | 'Fail authentication') {
  const [challenge] = await Promise.all([page.waitForResponse(isComplete), dialog.getByRole('button', { name: /^Complete/ }).click()]);
  const asked = (await challenge.json()) as { status: string; message: string; authenticate: { payment_intent: string } };
  expect(asked).toMatchObject({ status: 'authenticate', message: posCompleteMessages.authenticate });
  const bank = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
  const [response] = await Promise.all([page.waitForResponse(isComplete), bank.getByRole('button', { name: choice }).click()]);
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ payment_type: 'credit_card', payment_intent: asked.authenticate.payment_intent });
  return { response, intent: asked.authenticate.payment_intent };
}

it('sells with a card whose bank asks for 3-D Secure: the donor authenticates and one payment is recorded; a failed challenge says so and another card pays', async () => {
  const { page, context } = await stripeChosenPage();
  try {
    // The donor passes the challenge: the sale completes, paid once by the 3-D Secure card.
    const { response, intent } = await completeThroughChallenge(page, await payByStripeCard(page, { check: false, number: THREE_DS_CARD }), 'Complete authentication');
    const sold = (await response.json()) as Sold;
    expect(response.status(), JSON.stringify(sold)).toBe(200);
    await page.getByRole('heading', { name: `Contribution #${sold.payment.invoicenumber} Complete!` }).waitFor();
    const paidOnce = [{ type: 'card', status: 'succeeded', card_last4: '3184' }];
    expect((await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${sold.order.id}`)).payments).toMatchObject(paidOnce);
    // Stripe tells it too (payment_intent.succeeded): the payment is there already, and stays one.
    const finished = () => apiCall<Jobs>(page, 'POST', '/jpanel/jobs.listing', { queue: 'stripe_event', status: 'finished', length: 1 });
    const before = (await finished()).recordsFiltered;
    expect(await sendStripeEvent('payment_intent.succeeded', await fromStripe<Record<string, unknown>>(`/v1/payment_intents/${intent}`))).toMatchObject({ received: true });
    await expect.poll(async () => (await finished()).recordsFiltered, { timeout: 60_000 }).toBe(before + 1);
    expect((await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${sold.order.id}`)).payments).toMatchObject(paidOnce);

    // The donor fails the challenge: the dialog says so in the catalogue's words, and another card pays.
    const dialog = await payByStripeCard(page, { check: false, number: THREE_DS_CARD });
    const failed = await completeThroughChallenge(page, dialog, 'Fail authentication');
    expect(failed.response.status()).toBe(422);
    await dialog.getByRole('alert').getByText(posCompleteMessages.notAuthenticated).waitFor();
    const orderId = ((await failed.response.json()) as Sold).order.id;
    await typeStripeCard(page, CARD);
    const [paid] = await Promise.all([page.waitForResponse(isComplete), dialog.getByRole('button', { name: /^Complete/ }).click()]);
    expect(paid.status(), await paid.text()).toBe(200);
    await page.getByRole('heading', { name: /^Contribution #.* Complete!$/ }).waitFor();
    const payments = (await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${orderId}`)).payments;
    expect(payments).toHaveLength(2);
    expect(payments).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'failed' }), expect.objectContaining({ status: 'succeeded', card_last4: '4242' })]));
  } finally {
    await apiCall(page, 'POST', '/jpanel/settings', { payment_gateway: 'sandbox' });
    await context.close();
  }
});

it('cancels at Stripe a 3-D Secure payment left waiting when the cashier leaves the sale', async () => {
  const { page, context } = await stripeChosenPage();
  try {
    const dialog = await payByStripeCard(page, { check: false, number: THREE_DS_CARD });
    const [challenge] = await Promise.all([page.waitForResponse(isComplete), dialog.getByRole('button', { name: /^Complete/ }).click()]);
    const { authenticate } = (await challenge.json()) as { authenticate: { payment_intent: string } };
    await page.getByRole('dialog', { name: '3D Secure 2 Test Page' }).waitFor();
    // The cashier goes elsewhere in the app while the donor's bank still asks: the sale's screen goes away.
    const [abandoned] = await Promise.all([
      page.waitForResponse((r) => /\/jpanel\/pos\/\d+\/abandon-payment$/.test(r.url())),
      // Dispatched, not clicked: the bank's challenge covers the page, as Stripe's does.
      page.locator('nav a[href^="/jpanel/"]:not([href^="/jpanel/pos"])').first().dispatchEvent('click'),
    ]);
    expect(abandoned.status(), await abandoned.text()).toBe(200);
    expect(JSON.parse(abandoned.request().postData() ?? '{}')).toEqual({ payment_intent: authenticate.payment_intent });
    expect(await fromStripe<{ status: string }>(`/v1/payment_intents/${authenticate.payment_intent}`)).toMatchObject({ status: 'canceled' });
  } finally {
    await apiCall(page, 'POST', '/jpanel/settings', { payment_gateway: 'sandbox' });
    await context.close();
  }
});

it('saves a card whose bank asks at its set-up for the supporter: both challenges in Stripe.js, the card kept once', async () => {
  const { page, context } = await stripeChosenPage();
  try {
    // A supporter with an e-mail and no saved method yet (asked of a throwaway sale), then chosen on screen.
    const supporters = await apiCall<{ id: number; display_name: string; email: string | null }[]>(page, 'GET', '/jpanel/supporters.json?query=e');
    const methodsOf = async (id: number) => {
      const started = await apiCall<{ order: { id: number } }>(page, 'POST', '/jpanel/pos/new', { use_defaults: false });
      const answer = await apiCall<{ order: { member: { payment_methods: unknown[] } | null } }>(page, 'POST', `/jpanel/pos/${started.order.id}/update`, { member_id: id });
      return answer.order.member?.payment_methods.length ?? -1;
    };
    let chosen: { id: number; display_name: string; email: string } | null = null;
    for (const s of supporters) {
      if (s.email && (await methodsOf(s.id)) === 0) {
        chosen = { id: s.id, display_name: s.display_name, email: s.email };
        break;
      }
    }
    if (!chosen) throw new Error('No supporter without saved methods in the demo data');
    await page.goto('/jpanel/pos');
    await page.getByRole('heading', { name: 'Point of sale' }).waitFor();
    await page.locator('[data-preloader]').waitFor({ state: 'detached' });
    const cart = page.getByRole('region', { name: 'Contribution', exact: true });
    await cart.getByRole('button', { name: /Choose a supporter/ }).click();
    const account = page.getByRole('dialog', { name: 'Supporter' });
    await account.getByLabel('Find a supporter').fill(chosen.email);
    await account.getByRole('button', { name: new RegExp(`^${chosen.display_name}`) }).first().click();
    await account.waitFor({ state: 'detached' });
    await cart.getByText(chosen.display_name).waitFor();
    await addToContribution(page, 'mug', 'Coffee Mug');
    await cart.getByRole('button', { name: /^Pay / }).click();
    const dialog = page.getByRole('dialog', { name: /^Payment/ });
    await dialog.getByRole('tab', { name: 'Credit Card', exact: true }).click();
    await dialog.locator('[data-card-fields="stripe"]').waitFor();
    await typeStripeCard(page, THREE_DS_CARD);
    await dialog.getByLabel("Save this card to the supporter's payment methods").check();

    const [setUp] = await Promise.all([page.waitForResponse(isComplete), dialog.getByRole('button', { name: /^Complete/ }).click()]);
    const asked = (await setUp.json()) as { status: string; authenticate: { payment_intent: string | null; setup_intent: string | null } };
    expect(asked).toMatchObject({ status: 'authenticate', authenticate: { payment_intent: null, setup_intent: expect.stringMatching(/^seti_/) } });
    const bank = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    // The set-up's challenge, then the payment's own (this card asks at both), each confirmed by the donor.
    const [charged] = await Promise.all([page.waitForResponse(isComplete), bank.getByRole('button', { name: 'Complete authentication' }).click()]);
    expect(JSON.parse(charged.request().postData() ?? '{}')).toMatchObject({ save_payment_method: true, setup_intent: asked.authenticate.setup_intent });
    const payment = (await charged.json()) as { authenticate: { payment_intent: string } };
    expect(payment).toMatchObject({ status: 'authenticate', authenticate: { payment_intent: expect.stringMatching(/^pi_/) } });
    const [paid] = await Promise.all([page.waitForResponse(isComplete), bank.getByRole('button', { name: 'Complete authentication' }).click()]);
    expect(JSON.parse(paid.request().postData() ?? '{}')).toMatchObject({ setup_intent: asked.authenticate.setup_intent, payment_intent: payment.authenticate.payment_intent });
    const sold = (await paid.json()) as Sold;
    expect(paid.status(), JSON.stringify(sold)).toBe(200);
    await page.getByRole('heading', { name: `Contribution #${sold.payment.invoicenumber} Complete!` }).waitFor();
    expect(await methodsOf(chosen.id)).toBe(1);
  } finally {
    await apiCall(page, 'POST', '/jpanel/settings', { payment_gateway: 'sandbox' });
    await context.close();
  }
});
