import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, date, numeric, varchar } from 'drizzle-orm/pg-core';

// Column helpers that tables in many modules share. They live here, not in one module's table
// file, so a table file imports another only for a table it references (issue 33: the helpers
// in supporters.tables.ts had thirteen table files importing each other in a circle).

/** `bigint` money in minor units; every table with money also has a `currency_code`. */
export function money(name: string) {
  return bigint(name, { mode: 'number' });
}

/** A check constraint body: the column holds one of a fixed list of codes. */
export function inList(column: AnyPgColumn, values: readonly string[]) {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}

/**
 * The address block of the spec's supporter import row (`bill_*`, `ship_*`), shared by
 * supporters, contributions and payment methods so one set of names and limits holds everywhere.
 */
export function addressColumns<P extends 'bill' | 'ship'>(prefix: P) {
  return {
    [`${prefix}Title`]: varchar(`${prefix}_title`, { length: 45 }),
    [`${prefix}FirstName`]: varchar(`${prefix}_first_name`, { length: 45 }),
    [`${prefix}LastName`]: varchar(`${prefix}_last_name`, { length: 45 }),
    [`${prefix}OrganizationName`]: varchar(`${prefix}_organization_name`, { length: 100 }),
    [`${prefix}Email`]: varchar(`${prefix}_email`, { length: 45 }),
    [`${prefix}Address01`]: varchar(`${prefix}_address_01`, { length: 450 }),
    [`${prefix}Address02`]: varchar(`${prefix}_address_02`, { length: 450 }),
    [`${prefix}City`]: varchar(`${prefix}_city`, { length: 45 }),
    [`${prefix}State`]: varchar(`${prefix}_state`, { length: 45 }),
    [`${prefix}Zip`]: varchar(`${prefix}_zip`, { length: 45 }),
    [`${prefix}Country`]: varchar(`${prefix}_country`, { length: 2 }),
    [`${prefix}Phone`]: varchar(`${prefix}_phone`, { length: 45 }),
  } as unknown as AddressBlock<P>;
}

type AddressField =
  | 'Title' | 'FirstName' | 'LastName' | 'OrganizationName' | 'Email' | 'Address01' | 'Address02'
  | 'City' | 'State' | 'Zip' | 'Country' | 'Phone';
// Only its type is used: the builder type of a varchar column, for the address block's keys.
const _varcharColumn = () => varchar({ length: 45 });
type AddressBlock<P extends string> = { [K in AddressField as `${P}${K}`]: ReturnType<typeof _varcharColumn> };

/**
 * A money row's amount in the organisation currency, with the rate and the rate's date used:
 * totals across currencies add `functional_amount`, never `amount`. Written with the row by
 * every path (convertToOrgCurrency); null only on rows older than the ledger that had no rate.
 */
export function functionalColumns() {
  return {
    functionalAmount: bigint('functional_amount', { mode: 'number' }),
    functionalRate: numeric('functional_rate', { precision: 23, scale: 10 }),
    functionalRateDate: date('functional_rate_date'),
  };
}
