/** The locale pickers, shared by the settings screens and the POS address modal. */
export { useCountries, useSubdivisions } from './api.ts';
export { CountrySelect, SubdivisionSelect } from './locale-selects.tsx';
export { RegionListField, toRegionRows, type RegionRow } from './region-list-field.tsx';
