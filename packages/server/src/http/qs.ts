import qs from 'qs';

/**
 * Form bodies and query strings are parsed the way PHP and the DataTables library expect:
 * `order[0][column]=7&fp[]=Visa` becomes nested objects and arrays. Limits keep a hostile
 * request from building huge structures.
 */
export const parseNested = (text: string): Record<string, unknown> =>
  qs.parse(text, { depth: 5, arrayLimit: 200, parameterLimit: 2000 });
