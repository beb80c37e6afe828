import { z } from 'zod';
import { formBoolean, text } from './rules.ts';

/**
 * Payment provider settings (spec part 3 §2.11, §7 "POST /jpanel/settings/payment", §8) and the
 * connection tests of PayPal, PayPal reference transactions and GoCardless (part 2 §2, §7, §8).
 */
export const paymentProviderNames = ['sandbox', 'paypal', 'gocardless', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviderNames)[number];

export const paymentProviderLabels: Record<PaymentProviderName, string> = {
  sandbox: 'Sandbox card gateway',
  paypal: 'PayPal',
  gocardless: 'GoCardless',
  stripe: 'Stripe',
};

/** Whether a provider is on when nobody has set it yet: the sandbox takes cards on a fresh machine. */
export const paymentProviderDefaultEnabled: Record<PaymentProviderName, boolean> = {
  sandbox: true,
  paypal: false,
  gocardless: false,
  // Stripe is on once both of its keys are saved (or set in the environment): see the service.
  stripe: false,
};

export const paymentProviderMessages = {
  // The spec's words (part 3 §8).
  updated: 'Payment provider has been updated.',
  enabled: 'Payment provider has been enabled.',
  disabled: 'Payment provider has been disabled.',
  failed: 'Failed to update payment provider.',
  // Ours, in the same voice.
  provider: 'Choose one of the listed payment providers.',
  unknownSetting: 'This payment provider has no such setting.',
  credentialsFirst: (label: string) => `Enter the ${label} credentials before turning ${label} on.`,
  gatewayOff: 'Card and bank payments are turned off. Turn the payment gateway on under Settings → Payment providers.',
  credential: (max: number) => `Enter at most ${max} characters, without spaces.`,
  // Connection tests (part 2 §8): the only two answers a test shows.
  works: 'Works!',
  testFailed: 'Failed!',
  unreachable: (service: string) => `${service} could not be reached.`,
  notSet: (label: string) => `Enter and save the ${label} credentials first.`,
} as const;

/**
 * Stripe's keys (issue 40): the secret key (or a restricted key), the publishable key the card
 * fields use, and the webhook signing secret. Their prefixes say what they are and their mode.
 */
export const stripeKeyNames = ['secret_key', 'publishable_key', 'webhook_secret'] as const;
export type StripeKeyName = (typeof stripeKeyNames)[number];
export type StripeMode = 'test' | 'live';

export const stripeMessages = {
  secretKey: 'Enter a Stripe secret key: it starts with sk_test_ or sk_live_ (rk_ for a restricted key).',
  publishableKey: 'Enter a Stripe publishable key: it starts with pk_test_ or pk_live_.',
  webhookSecret: 'Enter the webhook signing secret: it starts with whsec_.',
  notSet: 'Enter and save the Stripe secret key first.',
  chooseWithoutKeys: 'Enter and save Stripe’s secret and publishable keys under Settings › Payment providers before choosing Stripe.',
  liveKeyInTestMode: (key: string) => `The ${key} is a live key, but Stripe is in test mode here. Use a test key, or turn test mode off to take real payments.`,
  testKeyInLiveMode: (key: string) => `The ${key} is a test key, but Stripe is in live mode here. Use a live key, or turn test mode on.`,
  keysOfTwoModes: (secret: StripeMode, publishable: StripeMode) =>
    `The secret key is a ${secret} key but the publishable key is a ${publishable} key. Use the two keys of the same mode.`,
  fromEnvironment: (variable: string) => `Set on the server by ${variable}, which wins over a key saved here.`,
} as const;

/** The environment variable that overrides each stored Stripe key. */
export const stripeKeyEnvironment: Record<StripeKeyName, string> = {
  secret_key: 'ALMONER_STRIPE_SECRET_KEY',
  publishable_key: 'ALMONER_STRIPE_PUBLISHABLE_KEY',
  webhook_secret: 'ALMONER_STRIPE_WEBHOOK_SECRET',
};

/** `test` or `live` by the key's prefix (sk_test_, pk_live_, rk_test_ …), null for anything else. */
export function stripeKeyMode(key: string): StripeMode | null {
  const match = /^(?:sk|rk|pk)_(test|live)_/.exec(key);
  return match ? (match[1] as StripeMode) : null;
}

/**
 * What is wrong with the keys' modes, in words staff can act on: a live key on an install in
 * test mode (or the other way round), or a publishable key of another mode than the secret key.
 */
export function stripeModeProblem(keys: { testMode: boolean; secretKey: string | null; publishableKey: string | null }): string | null {
  const install: StripeMode = keys.testMode ? 'test' : 'live';
  const secret = keys.secretKey ? stripeKeyMode(keys.secretKey) : null;
  const publishable = keys.publishableKey ? stripeKeyMode(keys.publishableKey) : null;
  for (const [label, mode] of [['secret key', secret], ['publishable key', publishable]] as const) {
    if (mode && mode !== install) return install === 'test' ? stripeMessages.liveKeyInTestMode(label) : stripeMessages.testKeyInLiveMode(label);
  }
  if (secret && publishable && secret !== publishable) return stripeMessages.keysOfTwoModes(secret, publishable);
  return null;
}

/** A key as typed: blank keeps the saved one; otherwise Stripe's own shape for that key. */
const stripeKey = (pattern: RegExp, message: string) =>
  text()
    .trim()
    .max(255, { error: message })
    .refine((value) => value === '' || pattern.test(value), { error: message });

/** Credentials: printable, no spaces (what PayPal and GoCardless issue), bounded. */
const credential = (max: number) =>
  text()
    .trim()
    .max(max, { error: paymentProviderMessages.credential(max) })
    .regex(/^[\x21-\x7e]*$/, { error: paymentProviderMessages.credential(max) });

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? paymentProviderMessages.unknownSetting : undefined),
  });

/**
 * One save: a provider and either `enabled` (the toggle) or the provider's input settings.
 * A blank secret keeps the stored one, so the form never has to show it.
 */
export const paymentProviderUpdateSchema = z.discriminatedUnion(
  'provider',
  [
    strict({ provider: z.literal('sandbox'), enabled: formBoolean().optional() }),
    strict({
      provider: z.literal('paypal'),
      enabled: formBoolean().optional(),
      test_mode: formBoolean().optional(),
      client_id: credential(128).optional(),
      client_secret: credential(128).optional(),
    }),
    strict({
      provider: z.literal('gocardless'),
      enabled: formBoolean().optional(),
      test_mode: formBoolean().optional(),
      access_token: credential(200).optional(),
    }),
    strict({
      provider: z.literal('stripe'),
      enabled: formBoolean().optional(),
      test_mode: formBoolean().optional(),
      secret_key: stripeKey(/^(?:sk|rk)_(?:test|live)_[A-Za-z0-9]+$/, stripeMessages.secretKey).optional(),
      publishable_key: stripeKey(/^pk_(?:test|live)_[A-Za-z0-9]+$/, stripeMessages.publishableKey).optional(),
      webhook_secret: stripeKey(/^whsec_[A-Za-z0-9+/=]+$/, stripeMessages.webhookSecret).optional(),
    }),
  ],
  { error: paymentProviderMessages.provider },
);
export type PaymentProviderUpdate = z.input<typeof paymentProviderUpdateSchema>;

/** A Stripe key as the settings page sees it: its last 4 characters, and whether the environment set it. */
export const stripeKeyViewSchema = z.object({ last4: z.string().nullable(), from_env: z.boolean() });
export type StripeKeyView = z.infer<typeof stripeKeyViewSchema>;

/** A provider as the settings page sees it: secrets are never sent back, only whether one is saved. */
export const paymentProviderSchema = z.object({
  provider: z.enum(paymentProviderNames),
  label: z.string(),
  enabled: z.boolean(),
  /** On: the built-in sandbox answers for the provider; off: the provider's live API. */
  test_mode: z.boolean(),
  client_id: z.string().nullable(),
  has_client_secret: z.boolean(),
  has_access_token: z.boolean(),
  /** Stripe only (null for the others): each key's last 4, never the key. */
  stripe_keys: z.object({ secret_key: stripeKeyViewSchema, publishable_key: stripeKeyViewSchema, webhook_secret: stripeKeyViewSchema }).nullable(),
  updated_at: z.string().nullable(),
});
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

export const paymentProviderListSchema = z.object({ providers: z.array(paymentProviderSchema) });
export const paymentProviderSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  provider: paymentProviderSchema,
});

/** A connection test's answer: Works! or Failed!, with the service's reason when it failed. */
export const connectionTestSchema = z.object({
  works: z.boolean(),
  message: z.enum([paymentProviderMessages.works, paymentProviderMessages.testFailed]),
  reason: z.string().nullable(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

/**
 * The built-in sandbox's test credentials (shown on the settings page). Anything else fails the
 * way the real service fails; the second PayPal client signs in but may not bill by reference.
 */
export const sandboxProviderCredentials = {
  paypal: { client_id: 'sandbox-paypal-client', client_secret: 'sandbox-paypal-secret' },
  paypalWithoutReferenceTransactions: { client_id: 'sandbox-paypal-basic', client_secret: 'sandbox-paypal-secret' },
  gocardless: { access_token: 'sandbox_gocardless_token' },
} as const;
