export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/**
 * The bracket form encoding Stripe and Chargebee take: nested objects as `a[b][c]=v`, lists as
 * `a[0]=v`; empty values left out.
 */
export function encodeForm(params: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const walk = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${key}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) walk(key, value);
  return pairs.join('&');
}
