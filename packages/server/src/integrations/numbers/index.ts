import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import type { NumberProvider } from './provider.ts';
import { createSandboxNumbers } from './sandbox-numbers.ts';
import { createTwilioProvider } from './twilio-client.ts';

/** Twilio when its credentials are configured, the sandbox otherwise. */
export function numberProviderFor(config: Config, db: Queryable): NumberProvider {
  return config.twilio ? createTwilioProvider(config.twilio) : createSandboxNumbers(db);
}

export * from './provider.ts';
export { createTwilioProvider } from './twilio-client.ts';
export { createSandboxNumbers } from './sandbox-numbers.ts';
