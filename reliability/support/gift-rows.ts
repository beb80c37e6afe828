/** Every this-many-th row of a generated import is bad (its date is not a date). */
export const BAD_EVERY = 100;

/**
 * Row `i` of a generated contributions import, as the import screen sends it: every other row
 * names the donor of the row before, and every BAD_EVERY-th row has a date that is not one.
 */
export function giftRow(i: number): Record<string, string> {
  const donor = Math.floor(i / 2);
  return {
    date: i % BAD_EVERY === BAD_EVERY - 1 ? 'not a date' : `2024-05-${String(1 + (i % 28)).padStart(2, '0')}`,
    subtotal_amt: `${10 + (i % 50)}.00`,
    dcc: '0.00',
    total: `${10 + (i % 50)}.00`,
    first_name: `Crash${donor}`,
    last_name: 'Donor',
    email: `crash${donor}@example.org`,
    address_line_1: `${donor} Kill Street`,
    zip: '12345',
    country: 'us',
    dp_gift_id: `CG${i}`,
  };
}
