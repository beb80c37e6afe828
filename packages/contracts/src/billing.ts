import { z } from 'zod';
import { text } from './rules.ts';

/**
 * The organisation's own Almoner subscription, bought through the subscription billing provider's
 * hosted checkout (spec part 3 §7: POST /jpanel/settings/billing/chargebee/checkout with planId).
 * Plan ids are the billing provider's item price ids.
 */
export const billingPlans = [
  { id: 'almoner-essentials-USD-Monthly', name: 'Essentials', amount: 4900, currency: 'USD', period: 'month' },
  { id: 'almoner-growth-USD-Monthly', name: 'Growth', amount: 14900, currency: 'USD', period: 'month' },
  { id: 'almoner-growth-USD-Yearly', name: 'Growth (yearly)', amount: 149000, currency: 'USD', period: 'year' },
] as const;
export type BillingPlanId = (typeof billingPlans)[number]['id'];
const planIds = billingPlans.map((p) => p.id) as [BillingPlanId, ...BillingPlanId[]];

export const billingMessages = {
  plan: 'Choose one of the listed plans.',
  hostedPage: 'This checkout page is not known to the billing provider.',
  notCompleted: 'The checkout was not completed, so no subscription was started.',
  started: 'Your subscription has started.',
  unavailable: 'The billing provider could not be reached. Please try again.',
} as const;

export const billingCheckoutSchema = z.object({ planId: z.enum(planIds, { error: billingMessages.plan }) });

/** The billing provider's hosted page (Chargebee's hosted_page object, the fields Almoner uses). */
export const hostedPageSchema = z.object({
  id: z.string(),
  type: z.string(),
  url: z.string(),
  state: z.string(),
  embed: z.boolean(),
  created_at: z.number().int(),
  expires_at: z.number().int().nullable(),
});
export type HostedPage = z.infer<typeof hostedPageSchema>;

/** After the hosted page sends the browser back: `id` is the hosted page's id. */
export const billingCompleteSchema = z.object({
  hosted_page_id: text(billingMessages.hostedPage).trim().regex(/^[A-Za-z0-9_-]{1,70}$/, { error: billingMessages.hostedPage }),
});

export const billingSubscriptionSchema = z.object({
  id: z.number().int(),
  plan_id: z.string(),
  plan_name: z.string(),
  status: z.string(),
  provider: z.string(),
  subscription_ref: z.string(),
  started_at: z.string(),
  started_by: z.string().nullable(),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;

export const billingOverviewSchema = z.object({ subscription: billingSubscriptionSchema.nullable() });
export const billingCompletedSchema = z.object({ message: z.string(), subscription: billingSubscriptionSchema });
