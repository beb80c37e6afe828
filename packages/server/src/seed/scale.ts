/** How big an organisation to generate. */
export type Scale = {
  supporters: number;
  /** Every contribution: one-time orders, recurring starts and charges, abandoned carts. */
  contributions: number;
  sponsorships: number;
  fundraisingPages: number;
  /** Contributions per write transaction. */
  chunkSize: number;
};

/** What a fresh install shows: big enough for every listing, filter and chart to look alive. */
export const DEMO_SCALE: Scale = {
  supporters: 600,
  contributions: 2400,
  sponsorships: 48,
  fundraisingPages: 12,
  chunkSize: 2500,
};

/** The CLI's scale: one supporter per four contributions unless told otherwise. */
export function scaleFor(contributions: number, supporters?: number): Scale {
  const people = supporters ?? Math.max(50, Math.round(contributions / 4));
  return {
    supporters: people,
    contributions,
    // About one sponsee per sponsoring profile, as a real programme would have.
    sponsorships: Math.max(40, Math.round(people / 25)),
    fundraisingPages: Math.max(4, Math.round(people / 80)),
    chunkSize: contributions > 20_000 ? 5000 : 2500,
  };
}
