import type { EditionFlags, UpgradeFeature } from '@almoner/contracts';
import { useSession } from './session.ts';

/** Until the session has loaded nothing optional is shown, so nothing flashes in and out. */
const NO_FLAGS: EditionFlags = { express: false, dp: false, referral_sources: false, nps: false };

/** The edition flags (express, DP) and feature switches, from `/jpanel/auth/session`. */
export function useEditionFlags(): EditionFlags {
  return useSession().data?.flags ?? NO_FLAGS;
}

/** Whether the organisation's edition includes what an upgrade would add. */
export function hasEdition(flags: EditionFlags, feature: UpgradeFeature): boolean {
  switch (feature) {
    case 'full':
      return !flags.express;
    case 'dp':
      return flags.dp;
  }
}
