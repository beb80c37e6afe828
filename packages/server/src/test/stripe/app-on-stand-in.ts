import { createTestApp, signedIn, type Agent, type TestApp } from '../test-app.ts';
import { startStripeStandIn } from './stand-in.ts';

export type StandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/**
 * A test app whose Stripe SDK reaches the stand-in through ALMONER_STRIPE_API_URL, with no key
 * in its configuration (the keys come from Settings or the test's environment), and an account
 * admin signed in. `stopAppOnStandIn` undoes the environment and stops the stand-in.
 */
export async function startAppOnStandIn(): Promise<{ standIn: StandIn; t: TestApp; admin: Agent }> {
  const standIn = await startStripeStandIn();
  process.env.ALMONER_STRIPE_API_URL = standIn.url;
  const t = await createTestApp();
  return { standIn, t, admin: (await signedIn(t)).agent };
}

export async function stopAppOnStandIn(standIn: StandIn): Promise<void> {
  delete process.env.ALMONER_STRIPE_API_URL;
  await standIn.close();
}
