import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { addToContribution } from './pos.ts';

/**
 * POSTs an event to the server's /webhooks/stripe as Stripe does: from outside the browser,
 * Stripe's own event object around `object`, signed with the endpoint's `secret`. Answers the body.
 */
export async function sendStripeEvent(baseUrl: string, secret: string, type: string, object: Record<string, unknown>): Promise<unknown> {
  const fixtures = JSON.parse(await readFile(new URL('../../packages/server/src/test/stripe/fixtures.json', import.meta.url), 'utf8')) as { resources: { event: Record<string, unknown> } };
  const payload = JSON.stringify({ ...fixtures.resources.event, id: `evt_e2e_${secret.slice(-6)}_${String(object.id)}_${type}`, type, created: Math.floor(Date.now() / 1000), data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(`${baseUrl}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** A Coffee Mug in a new sale at the point of sale, the payment dialog open on `tab`. */
export async function openPosPayment(page: Page, tab: 'Credit Card' | 'Bank'): Promise<Locator> {
  await page.goto('/jpanel/pos');
  await page.getByRole('heading', { name: 'Point of sale' }).waitFor();
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await addToContribution(page, 'mug', 'Coffee Mug');
  await page.getByRole('region', { name: 'Contribution', exact: true }).getByRole('button', { name: /^Pay / }).click();
  const dialog = page.getByRole('dialog', { name: /^Payment/ });
  await dialog.getByRole('tab', { name: tab, exact: true }).click();
  return dialog;
}

/** Every request body the page sends to Almoner (`baseUrl`), to check a card or an account number never is one. */
export function bodiesToAlmoner(page: Page, baseUrl: string): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin === new URL(baseUrl).origin && request.postData()) bodies.push(request.postData() ?? '');
  });
  return bodies;
}
