import type { Config } from '../../config.ts';
import type { EmbedProvider } from './provider.ts';
import { createSandboxEmbeds } from './sandbox-embeds.ts';

/** The embed lookup service: the built-in sandbox (the spec does not give the real service's address). */
export function embedProviderFor(_config: Config): EmbedProvider {
  return createSandboxEmbeds();
}

export * from './provider.ts';
export { createSandboxEmbeds } from './sandbox-embeds.ts';
