import { z } from 'zod';

/**
 * The locale service (spec part 2 §3 "Locale subdivisions", §7): countries (ISO 3166-1 alpha-2)
 * and their subdivisions (ISO 3166-2). A subdivision code here is the part after the dash
 * ("CA" for US-CA), the form tax and shipping regions keep.
 */

export const localeMessages = {
  unknownCountry: (code: string) => `We do not know a country with the code '${code.slice(0, 10)}'. Use a two-letter ISO 3166 code such as US or CA.`,
} as const;

/** What a country calls its subdivisions, for the picker's label; others say "Region". */
const SUBDIVISION_TYPES: Record<string, string> = {
  US: 'State', AU: 'State', BR: 'State', DE: 'State', IN: 'State', MX: 'State', MY: 'State', NG: 'State', AT: 'State',
  CA: 'Province', ZA: 'Province', ES: 'Province', NL: 'Province', CN: 'Province', PH: 'Province', AR: 'Province',
  IE: 'County', KE: 'County', JP: 'Prefecture', CH: 'Canton',
};
export const subdivisionTypeOf = (country: string) => SUBDIVISION_TYPES[country.toUpperCase()] ?? 'Region';

/** Any text: a code that is not a known country is answered 404 with `unknownCountry`. */
export const countryCodeParam = z.object({ country: z.string().trim().toUpperCase() });

export const countrySchema = z.object({ code: z.string().length(2), name: z.string() });
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.object({ countries: z.array(countrySchema) });

/**
 * Spec part 2 §3: "subdivision_type and a map of subdivisions": the map is code → name. A JSON
 * object does not keep an order (numeric-looking codes such as France's "75" come first), so a
 * client that shows them by name sorts them: `subdivisionsByName`.
 */
export const subdivisionsSchema = z.object({
  country: z.string().length(2),
  subdivision_type: z.string(),
  subdivisions: z.record(z.string(), z.string()),
});
export type Subdivisions = z.infer<typeof subdivisionsSchema>;
export type Subdivision = { code: string; name: string };

/** The map's subdivisions in name order (then code), as a picker lists them. */
export const subdivisionsByName = (map: Record<string, string>): Subdivision[] =>
  Object.entries(map)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
