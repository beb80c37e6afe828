import type { Embed } from '@almoner/contracts';

/**
 * The embed lookup service (spec part 1 §7 "GET embed lookup service: url → html"): turns the
 * address of a video or post into the HTML that shows it, oEmbed-style. Its address is not in
 * the spec; the built-in sandbox answers for the providers it knows without any network.
 */
export type EmbedProvider = {
  name: 'sandbox';
  /** The embed for `url`, or null when the address is not one the service can embed. */
  lookup: (url: URL) => Promise<Embed | null>;
};
