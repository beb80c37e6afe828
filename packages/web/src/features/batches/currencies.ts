import { usePosConfig } from '../pos/api.ts';

/** The currencies the point of sale takes (a batch is posted through it), the organisation's first. */
export function useCurrencies(): { codes: string[]; fallback: string } {
  const config = usePosConfig();
  const site = config.data?.site_currency ?? 'USD';
  const codes = config.data?.currencies.map((c) => c.code) ?? [site];
  return { codes: codes.includes(site) ? codes : [site, ...codes], fallback: site };
}
