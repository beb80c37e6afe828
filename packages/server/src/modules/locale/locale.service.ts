import { localeMessages, subdivisionTypeOf, type Country, type Subdivisions } from '@almoner/contracts';
import { iso31661 } from 'iso-3166/1';
import { iso31662 } from 'iso-3166/2';
import { AppError } from '../../http/errors.ts';

/**
 * Countries and subdivisions from the iso-3166 package (ISO 3166-1 and 3166-2 as data, kept up
 * to date with the standard by its maintainer). Built once: the data never changes while running.
 */
const byName = (a: { name: string; code: string }, b: { name: string; code: string }) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code);

const countries: Country[] = iso31661.map((c) => ({ code: c.alpha2, name: c.name })).sort(byName);
const countryNames = new Map(countries.map((c) => [c.code, c.name]));

/** Every subdivision of a country, nested ones included (a French department as well as its region). */
const subdivisionsByCountry = new Map<string, { code: string; name: string }[]>();
for (const s of iso31662) {
  const [country, code] = s.code.split('-') as [string, string];
  const list = subdivisionsByCountry.get(country) ?? [];
  list.push({ code, name: s.name });
  subdivisionsByCountry.set(country, list);
}
for (const list of subdivisionsByCountry.values()) list.sort(byName);

export const listCountries = (): { countries: Country[] } => ({ countries });

export const countryName = (code: string): string | undefined => countryNames.get(code.toUpperCase());

export const subdivisionName = (country: string, code: string): string | undefined =>
  subdivisionsByCountry.get(country.toUpperCase())?.find((s) => s.code === code.toUpperCase())?.name;

export function subdivisionsOf(country: string): Subdivisions {
  const code = country.toUpperCase();
  if (!countryNames.has(code)) throw new AppError('not_found', localeMessages.unknownCountry(code));
  return { country: code, subdivision_type: subdivisionTypeOf(code), subdivisions: Object.fromEntries((subdivisionsByCountry.get(code) ?? []).map((s) => [s.code, s.name])) };
}

/** "California, United States"; a whole country is its name. Unknown codes show as typed. */
export function placeName(country: string, region: string): string {
  const countryLabel = countryName(country) ?? country;
  if (!region) return countryLabel;
  return `${subdivisionName(country, region) ?? region}, ${countryLabel}`;
}

const countryByWord = new Map<string, string>();
for (const c of iso31661) for (const word of [c.alpha2, c.alpha3, c.name]) countryByWord.set(word.toLowerCase(), c.alpha2);
for (const [word, code] of [['usa', 'US'], ['united states', 'US'], ['united kingdom', 'GB'], ['uk', 'GB']] as const) countryByWord.set(word, code);

/** The ISO code of a country written as its code (two or three letters) or its English name, as other systems store it. */
export const countryCodeFor = (value: string): string | undefined => countryByWord.get(value.trim().toLowerCase());
