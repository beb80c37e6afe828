import { formatAmount, type ShippingTier } from '@almoner/contracts';

/** "$0.00 – $49.99", or "$100.00 and over" for the open-ended last tier. */
export const tierLabel = (tier: Pick<ShippingTier, 'min_value' | 'max_value'>, currency: string) =>
  tier.max_value === null ? `${formatAmount(tier.min_value, currency)} and over` : `${formatAmount(tier.min_value, currency)} – ${formatAmount(tier.max_value, currency)}`;
