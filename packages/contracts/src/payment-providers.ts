import { z } from 'zod';
import { formBoolean, text } from './rules.ts';

/**
 * Payment provider settings (spec part 3 §2.11, §7 "POST /jpanel/settings/payment", §8) and the
 * connection tests of PayPal, PayPal reference transactions and GoCardless (part 2 §2, §7, §8).
 */
export const paymentProviderNames = ['sandbox', 'paypal', 'gocardless'] as const;
export type PaymentProviderName = (typeof paymentProviderNames)[number];

export const paymentProviderLabels: Record<PaymentProviderName, string> = {
  sandbox: 'Sandbox card gateway',
  paypal: 'PayPal',
  gocardless: 'GoCardless',
};

/** Whether a provider is on when nobody has set it yet: the sandbox takes cards on a fresh machine. */
export const paymentProviderDefaultEnabled: Record<PaymentProviderName, boolean> = {
  sandbox: true,
  paypal: false,
  gocardless: false,
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
  ],
  { error: paymentProviderMessages.provider },
);
export type PaymentProviderUpdate = z.input<typeof paymentProviderUpdateSchema>;

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
