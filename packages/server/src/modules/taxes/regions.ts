import { taxMessages, type Region } from '@almoner/contracts';
import { AppError } from '../../http/errors.ts';
import { countryName, placeName, subdivisionName } from '../locale/locale.service.ts';

/**
 * Refuses a region the locale service does not know: the country must be a country, and the
 * subdivision (when given) one of its subdivisions. One 422 lists every bad row.
 */
export function assertKnownRegions(regions: { country: string; region: string }[]): void {
  const errors: Record<string, string[]> = {};
  regions.forEach((r, i) => {
    if (!countryName(r.country)) errors[`regions.${i}.country`] = [taxMessages.unknownCountry];
    else if (r.region !== '' && !subdivisionName(r.country, r.region)) errors[`regions.${i}.region`] = [taxMessages.unknownRegion];
  });
  const first = Object.values(errors)[0];
  if (first) throw new AppError('validation', first[0] as string, errors);
}

export const withPlaceName = (r: { country: string; region: string }): Region => ({
  country: r.country,
  region: r.region,
  name: placeName(r.country, r.region),
});
