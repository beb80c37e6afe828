// No zod here: the web app's first screen names editions without loading any schema.

/** What an upgrade can add: the full edition (from Express) or the donor CRM (DP) edition. */
export const upgradeFeatures = {
  full: 'Full edition',
  dp: 'Donor CRM (DP) edition',
} as const;
export type UpgradeFeature = keyof typeof upgradeFeatures;
