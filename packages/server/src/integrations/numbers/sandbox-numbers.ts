import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { NumberProviderError, type NumberProvider, type NumberSearch } from './provider.ts';

/**
 * The built-in provider (the default): it sells numbers from the ranges regulators keep for
 * fiction (555-01xx in North America, Ofcom's drama ranges, ACMA's 5550), so a sandbox number can
 * never text a real person. A number provisioned here is taken until released: searches leave
 * out the numbers in phone_numbers, and provisioning one twice is refused.
 * Area code 000 has no numbers, to show the empty answer.
 */
const RANGES: Record<string, Record<NumberSearch['type'], (area: string) => string>> = {
  US: { local: (a) => `+1${a}55501`, 'toll-free': () => '+180055501' },
  CA: { local: (a) => `+1${a}55501`, 'toll-free': () => '+188855501' },
  GB: { local: (a) => `+44${a}79460`, 'toll-free': () => '+448081570' },
  AU: { local: (a) => `+61${a.slice(0, 1)}55501`, 'toll-free': () => '+61180016' },
};
const DEFAULT_AREA = { US: '303', CA: '416', GB: '20', AU: '2' } as const;
/** Digits after the plus sign in a full number of each country. */
const LENGTH = { US: 11, CA: 11, GB: 12, AU: 11 } as const;

const sandboxRef = (n: string) => `SB${createHash('sha256').update(n).digest('hex').slice(0, 32)}`;

export function inventoryFor({ country, type, areaCode }: NumberSearch): string[] {
  const area = areaCode ?? DEFAULT_AREA[country];
  if (/^0+$/.test(area)) return [];
  // A North American area code is three digits; anything else matches nothing, as at a carrier.
  if ((country === 'US' || country === 'CA') && !/^[2-9]\d\d$/.test(area)) return [];
  const prefix = RANGES[country]?.[type](area);
  if (!prefix) return [];
  const width = LENGTH[country] - prefix.length + 1;
  return Array.from({ length: 10 }, (_, i) => `${prefix}${String(i * 7 + 3).padStart(width, '0')}`);
}

/** A number the sandbox could have sold: one of its ranges, any area code. */
function isSandboxNumber(n: string): boolean {
  return /^\+1\d{3}55501\d{2}$/.test(n) || /^\+1(800|888)55501\d{2}$/.test(n) || /^\+44\d{2,4}79460\d+$/.test(n) || /^\+448081570\d+$/.test(n) || /^\+61\d55501\d+$/.test(n) || /^\+61180016\d+$/.test(n);
}

export function createSandboxNumbers(db: Queryable): NumberProvider {
  const taken = async () => new Set((await queryRows(db, sql`select identifier from phone_numbers where released_at is null`)).map((r) => String(r.identifier)));
  return {
    name: 'sandbox',
    async search(query) {
      const inUse = await taken();
      return inventoryFor(query).filter((n) => !inUse.has(n));
    },
    async provision(phoneNumber) {
      if (!isSandboxNumber(phoneNumber)) throw new NumberProviderError(`The sandbox does not sell ${phoneNumber}: choose a number from the search.`, 422, { phone_number: [`The sandbox does not sell ${phoneNumber}.`] });
      if ((await taken()).has(phoneNumber)) throw new NumberProviderError(`${phoneNumber} is no longer available.`, 422, { phone_number: [`${phoneNumber} is no longer available.`] });
      return { reference: sandboxRef(phoneNumber) };
    },
    async verifyTollFree(reference) {
      return { reference: `TF${reference.slice(2, 32)}`, status: 'PENDING_REVIEW' };
    },
    async release() {},
  };
}
