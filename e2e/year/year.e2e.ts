import { appendFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, signIn, signInThroughForm, useBrowser } from '../support/browser.ts';
import { apiCall } from '../support/listing.ts';
import type { Reconciliation } from '@almoner/contracts';
import { declined, openPos, refund, refunds, sales, sell } from './year-pos.ts';
import { startYearServer, type YearServer } from './year-server.ts';

/**
 * Issue 39 §1: a charity's year on Almoner, driven through the screens of a fresh organisation on
 * a server whose clock the suite moves month by month (year-server.ts).
 */
const browser = useBrowser();
const YEAR = 2027;
/** Months lived (12; fewer to try a change quickly). */
const MONTHS = Number(process.env.ALMONER_YEAR_MONTHS ?? 12);
const started = Date.now();
let server: YearServer;
const log: string[] = [];
const say = (line: string) => {
  log.push(line);
  if (process.env.ALMONER_YEAR_TRACE) appendFileSync(process.env.ALMONER_YEAR_TRACE, `${new Date().toISOString()} ${line}\n`);
};

beforeAll(async () => {
  server = await startYearServer(`${YEAR}-01-04 14:00:00`);
  browser.useServer(server.baseUrl);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  console.log(`The year on Almoner (${Math.round((Date.now() - started) / 1000)} s):\n  ${log.join('\n  ')}`);
});

let admin: Page;
let fundraiser: Page;
type Person = { first: string; last: string; email: string; phone?: string; street?: string };
const PEOPLE: Person[] = [
  { first: 'Amelia', last: 'Roy', email: 'amelia.roy@example.org' },
  { first: 'Benoit', last: 'Gagnon', email: 'benoit.gagnon@example.org' },
  { first: 'Chloe', last: 'Martin', email: 'chloe.martin@example.org' },
  { first: 'David', last: 'Singh', email: 'david.singh@example.org' },
  { first: 'Emma', last: 'Wilson', email: 'emma.wilson@example.org' },
  { first: 'Farah', last: 'Khan', email: 'farah.khan@example.org' },
  { first: 'Gabriel', last: 'Lee', email: 'gabriel.lee@example.org' },
  { first: 'Hannah', last: 'Wong', email: 'hannah.wong@example.org' },
];
const FUNDRAISER = { email: 'fern.fundraiser@example.org', password: 'fern-gives-2027' };

describe('a year in the life of a charity', () => {
  it('January: the account admin sets up the organisation', async () => {
    ({ page: admin } = await browser.newPage({ width: 1440, height: 900 }));
    await signIn(admin, ADMIN.email, ADMIN.password, '/jpanel/settings#organisation');
    await admin.getByRole('textbox', { name: 'Organisation name' }).fill('Maple Hands Relief');
    await pick(admin, 'Organisation currency', 'CAD — Canadian Dollar');
    await pickSearch(admin, 'Time zone', 'Toronto', /Toronto/);
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText('Updates saved.').waitFor();
    await admin.getByRole('banner').getByText('Maple Hands Relief').waitFor();

    await admin.getByRole('tab', { name: 'Tax receipts' }).click();
    await admin.getByRole('textbox', { name: 'Receipt number format' }).fill('MH[YYYY]-[000000]');
    await admin.getByRole('textbox', { name: 'Receipt country' }).fill('CA');
    // One consolidated receipt per donor at year end, none as each gift is paid.
    await admin.getByRole('switch', { name: 'Receipt on completion' }).uncheck({ force: true });
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText('Updates saved.').last().waitFor();
    const settings = await apiCall<{ values: Record<string, unknown> }>(admin, 'GET', '/jpanel/settings.json');
    expect(settings.values).toMatchObject({ tax_receipt_on_completion: false, org_name: 'Maple Hands Relief', site_currency: 'CAD', tax_receipt_number_format: 'MH[YYYY]-[000000]', tax_receipt_country: 'CA' });
    say(`settings: ${String(settings.values.org_name)}, ${String(settings.values.site_currency)}, ${String(settings.values.time_zone)}, receipts ${String(settings.values.tax_receipt_number_format)}`);

    // A second currency: US dollars at a rate from the first of the year.
    await admin.goto('/jpanel/settings/exchange-rates');
    const rate = admin.getByRole('form', { name: 'Add an exchange rate' });
    await rate.getByLabel('Currency').fill('USD');
    await rate.getByLabel('Rate in CAD').fill('1.35');
    await rate.getByLabel('Effective from').fill(`${YEAR}-01-01`);
    await rate.getByRole('button', { name: 'Add rate' }).click();
    await admin.locator('[data-rate="USD-2027-01-01"]').first().waitFor();
  });

  it('January: the account admin invites a fundraiser, who chooses a password through the e-mailed link', async () => {
    await admin.goto('/jpanel/users/new');
    await admin.getByLabel('First name').fill('Fern');
    await admin.getByLabel('Last name').fill('Fundraiser');
    await admin.getByLabel('Email').fill(FUNDRAISER.email);
    await admin.getByLabel('Use point of sale').check();
    await admin.getByLabel('Edit supporters').check();
    await admin.getByRole('button', { name: 'Create user' }).click();
    await admin.waitForURL(/\/jpanel\/users\/\d+$/);
    const user = await apiCall<{ permissions: string[]; is_account_admin: boolean }>(admin, 'GET', `/jpanel/users/${/users\/(\d+)$/.exec(admin.url())![1]}`);
    expect(user).toMatchObject({ is_account_admin: false, permissions: ['pos.edit', 'member.edit'] });
    say(`staff: Fern Fundraiser invited with ${user.permissions.join(', ')}`);

    await admin.goto('/jpanel/mail');
    const row = admin.getByRole('row').filter({ hasText: FUNDRAISER.email }).filter({ hasText: /invited/ });
    await row.getByRole('link').first().click();
    await admin.getByRole('tab', { name: 'Text' }).click();
    const text = await admin.locator('pre').innerText();
    const link = new URL(/http:\/\/\S+\/jpanel\/reset-password\/\S+/.exec(text)![0]);

    ({ page: fundraiser } = await browser.newPage({ width: 1440, height: 900 }));
    await fundraiser.goto(link.pathname + link.search);
    await fundraiser.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await fundraiser.getByLabel('New password', { exact: true }).fill(FUNDRAISER.password);
    await fundraiser.getByLabel('Confirm new password').fill(FUNDRAISER.password);
    await fundraiser.getByRole('button', { name: 'Set password' }).click();
    await fundraiser.getByRole('heading', { name: 'Password set' }).waitFor();
    await signInThroughForm(fundraiser, FUNDRAISER.email, FUNDRAISER.password);
    await fundraiser.getByRole('button', { name: 'Account menu' }).waitFor();
    const nav = fundraiser.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Point of sale' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Contributions' }).count()).toBe(0);
    say('staff: Fern chose her password through the invitation in the outbox and signed in');
  });

  it('January: products, a donation form (one-time or monthly, a designation) and a promo code', async () => {
    await admin.goto('/jpanel/products/new');
    await admin.getByRole('heading', { name: 'Add product' }).waitFor();
    await admin.getByLabel('Name').first().fill('Maple Hands Giving');
    await admin.getByLabel('SKU').fill('GIVING');
    await pick(admin, 'Template', 'Page with payment');
    await admin.getByLabel('Tax receiptable').check();
    await admin.getByLabel('Tributes allowed').check();
    await admin.getByText("Supporter's choice").click();
    await admin.getByLabel('Designation 1 label').fill('Where it is needed most');
    await admin.getByLabel('Designation 1 account').fill('GENERAL');
    await admin.getByLabel('Designation 2 label').fill('Winter shelter');
    await admin.getByLabel('Designation 2 account').fill('SHELTER');
    await admin.getByLabel('Designation 1 is the default').check();
    await addVariant(admin, 'One-time', async (modal) => {
      await modal.getByText('Donation', { exact: true }).click();
      await modal.getByLabel('Preset amounts').fill('25, 50, 100');
      await modal.getByLabel('Minimum amount (CAD)').fill('5');
    });
    await addVariant(admin, 'Monthly', async (modal) => {
      await modal.getByText('Donation', { exact: true }).click();
      await pick(admin, 'Billing', 'Monthly', modal);
      await modal.getByLabel('Preset amounts').fill('10, 25, 50');
    });
    await admin.getByRole('button', { name: 'Create product' }).click();
    await admin.waitForURL(/\/jpanel\/products\/\d+$/);

    await admin.goto('/jpanel/products/new');
    await admin.getByRole('heading', { name: 'Add product' }).waitFor();
    await admin.getByLabel('Name').first().fill('Wool toque');
    await admin.getByLabel('SKU').fill('TOQUE');
    await addVariant(admin, 'Grey', async (modal) => {
      await modal.getByLabel('Regular price (CAD)').fill('20');
    });
    await admin.getByRole('button', { name: 'Create product' }).click();
    await admin.waitForURL(/\/jpanel\/products\/\d+$/);

    await admin.goto('/jpanel/promos/new');
    await admin.getByRole('textbox', { name: 'Code', exact: true }).fill('TOQUE10');
    await admin.getByLabel('Discount (%)').fill('10');
    await admin.getByRole('combobox', { name: 'Products' }).fill('toque');
    await admin.getByRole('option', { name: /Wool toque/ }).click();
    await admin.getByRole('button', { name: 'Create promo code' }).click();
    await admin.waitForURL(/\/jpanel\/promos\/\d+$/);
    say('catalogue: Maple Hands Giving (one-time, monthly; 2 designations), Wool toque $20, promo TOQUE10');
  });

  it('January: supporters imported from a CSV, three bad rows fixed on the import screen, then duplicates merged', async () => {
    await admin.goto('/jpanel/imports/supporters');
    await admin.getByRole('heading', { name: 'Import supporters', exact: true }).waitFor();
    const rows = [
      'first_name,last_name,email,bill_phone,bill_address_01,bill_city,bill_state,bill_zip,bill_country',
      ...PEOPLE.map((p) => [p.first, p.last, p.email, p.phone ?? '', p.street ?? '12 Elm Street', 'Toronto', 'ON', 'M5V 2T6', 'CA'].join(',')),
      'Robert,Tremblay,robert.tremblay@example.org,416-555-0142,12 Oak Street,Toronto,ON,M4C 1B5,CA',
      'Rob,Tremblay,rob.tremblay@example.org,(416) 555-0142,12 Oak St.,Toronto,ON,M4C 1B5,CA',
      'Isabelle,Cote,isabelle-at-example.org,,3 Rue Principale,Toronto,ON,M5V 2T6,CA',
      'Jamal,Brown,jamal.brown@example.org,,8 King Street,Toronto,ON,M5V 2T6,CAN',
      'Kim,Nguyen,kim nguyen@example.org,,9 Queen Street,Toronto,ON,M5V 2T6,CA',
    ];
    const total = rows.length - 1;
    await admin.locator('input[type=file]').setInputFiles({ name: 'supporters.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) });
    await admin.getByText(`${total} rows · ${total - 3} ready · 3 with errors`).waitFor();
    await admin.getByRole('textbox', { name: `Email, row ${total - 2}` }).fill('isabelle.cote@example.org');
    await admin.getByRole('textbox', { name: `Bill country, row ${total - 1}` }).fill('CA');
    await admin.getByRole('textbox', { name: `Email, row ${total}` }).fill('kim.nguyen@example.org');
    await admin.getByText(`${total} rows · ${total} ready · 0 with errors`).waitFor();
    await admin.getByRole('button', { name: new RegExp(`^Import ${total} rows$`) }).click();
    await admin.getByTestId('import-counts').filter({ hasText: `Created ${total}, updated 0, skipped 0, rejected 0` }).waitFor({ timeout: 30_000 });
    say(`import: ${total} supporters from a CSV, 3 rows fixed on screen`);

    await admin.goto('/jpanel/supporters/duplicates');
    await admin.getByRole('button', { name: 'Scan for duplicates' }).click();
    await admin.getByText(/^Scan complete: \d+ possible duplicates? found\.$/).waitFor({ timeout: 60_000 });
    const pair = admin.getByRole('row').filter({ hasText: 'Robert Tremblay' }).filter({ hasText: 'Rob Tremblay' });
    await pair.getByRole('link', { name: /^Review / }).click();
    await admin.getByRole('heading', { name: 'Merge duplicate supporters' }).waitFor();
    await admin.getByRole('button', { name: 'Merge supporters' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Merge', exact: true }).click();
    await admin.getByText('The supporters have been merged.').waitFor();
    const active = await apiCall<{ data: { id: number; display_name: string }[] }>(admin, 'POST', '/jpanel/supporters.listing', { length: 100 });
    expect(active.data.map((r) => r.display_name).sort()).toEqual([...PEOPLE.map((p) => `${p.first} ${p.last}`), 'Robert Tremblay', 'Isabelle Cote', 'Jamal Brown', 'Kim Nguyen'].sort());
    say(`duplicates: Rob Tremblay merged into Robert Tremblay; ${active.data.length} active supporters`);
  });

  it('January: the fundraiser sells at the point of sale with every payment type', async () => {
    browser.watch(fundraiser);
    browser.watch(admin);
    await openPos(fundraiser);
    await sellMonth(fundraiser, 0);
  });

  it('January: the admin refunds one gift in full and another in part', async () => {
    const month = sales.filter((s) => s.month === 0);
    await refund(admin, month.find((s) => s.pay === 'card' && !s.recurring)!);
    await refund(admin, month.find((s) => s.pay === 'saved')!, 5);
    say(`January refunds: ${refunds.map((r) => `#${r.id} $${r.amount.toFixed(2)}${r.full ? ' (full)' : ' (part)'}`).join(', ')}`);
  });

  for (let month = 1; month < MONTHS; month++) {
    it(`${monthName(month)}: the clock moves on; the fundraiser sells, the admin refunds`, async () => {
      await server.setClock(`${YEAR}-${String(month + 1).padStart(2, '0')}-04 14:17:02`);
      // A month later both sessions have long expired: each signs in again.
      await signIn(fundraiser, FUNDRAISER.email, FUNDRAISER.password, '/jpanel/pos');
      await fundraiser.getByRole('heading', { name: 'Point of sale' }).waitFor();
      await sellRotation(fundraiser, month);
      await signIn(admin, ADMIN.email, ADMIN.password, '/jpanel/contributions');
      const first = sales.find((s) => s.month === month)!;
      await refund(admin, first, month % 2 ? undefined : 5);
      const mine = sales.filter((s) => s.month === month);
      say(`${monthName(month)}: ${mine.map((s) => `#${s.id} ${s.pay} $${s.total.toFixed(2)}`).join(', ')}; refund #${first.id}${month % 2 ? ' (full)' : ' $5.00 (part)'}`);
    });
  }

  it('the Reconciliation screen finds no difference between the ledger and the gateway', async () => {
    await admin.goto(`/jpanel/reports/reconciliation?from=${YEAR}-01-01&to=${YEAR}-12-31`);
    await admin.getByRole('heading', { name: 'Reconciliation', level: 1 }).waitFor();
    const answer = await apiCall<Reconciliation>(admin, 'GET', `/jpanel/reports/reconciliation.json?from=${YEAR}-01-01&to=${YEAR}-12-31`);
    await admin.getByText('The books agree').waitFor();
    expect(answer.differences).toEqual([]);
    // The gateway's part of the ledger is what the point of sale took by card and bank, less
    // what was given back, plus the monthly gift's charges (if the schedule billed any).
    const onGateway = (pay: string) => pay === 'card' || pay === 'bank' || pay === 'saved';
    const monthly = await recurringGifts(admin);
    const cents = (n: number) => Math.round(n * 100);
    const gross = sales.filter((s) => onGateway(s.pay)).reduce((t, s) => t + cents(s.total), 0) + (monthly - 1) * 2000;
    const givenBack = refunds.filter((r) => onGateway(sales.find((s) => s.id === r.id)!.pay)).reduce((t, r) => t + cents(r.amount), 0);
    expect(cents(answer.days.reduce((t, d) => t + d.almoner.gross, 0))).toBe(gross);
    expect(cents(answer.days.reduce((t, d) => t + d.almoner.refunds, 0))).toBe(givenBack);
    say(`the year: ${sales.length} gifts at the point of sale, ${declined.length} declined cards, ${refunds.length} refunds (${refunds.filter((r) => r.full).length} full), ${monthly} paid monthly gifts`);
    const sum = (k: 'gross' | 'refunds' | 'fees' | 'net') => answer.days.reduce((t, d) => t + d.almoner[k], 0).toFixed(2);
    say(`reconciliation: ${answer.days.length} days, gross $${sum('gross')}, refunds $${sum('refunds')}, fees $${sum('fees')}, net $${sum('net')}; ${answer.differences.length} differences`);
  });
});

/** Chooses `option` in the select labelled `label`. */
async function pick(page: Page, label: string, option: string, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pickSearch(page: Page, label: string, typed: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function addVariant(page: Page, name: string, fill: (modal: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Add variant' }).click();
  const modal = page.getByRole('dialog', { name: 'Add variant' });
  await modal.getByLabel('Variant name').fill(name);
  await fill(modal);
  await modal.getByRole('button', { name: 'Done' }).click();
  await modal.waitFor({ state: 'detached' });
}

const person = (first: string) => {
  const p = PEOPLE.find((x) => x.first === first)!;
  return { name: `${p.first} ${p.last}`, email: p.email };
};

/** A month at the point of sale: every payment type, a monthly gift set up in January. */
async function sellMonth(page: Page, month: number) {
  const day = new Date(Date.UTC(YEAR, month, 4)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const gift = (amount: number) => ({ product: 'Maple Hands Giving' as const, variant: 'One-time' as const, amount });
  await sell(page, month, person('Amelia'), [gift(50)], { type: 'card', save: month === 0 }, { declineFirst: true });
  await sell(page, month, person('Benoit'), [{ product: 'Wool toque' }], { type: 'bank' }, { promo: 'TOQUE10' });
  await sell(page, month, person('Amelia'), [gift(30)], { type: 'saved' });
  await sell(page, month, person('Chloe'), [gift(40)], { type: 'cash', received: 50 });
  await sell(page, month, person('David'), [gift(100)], { type: 'check', number: String(1000 + month), date: day });
  await sell(page, month, person('Emma'), [gift(25)], { type: 'other', reference: `WIRE-${month + 1}` });
  if (month === 0) await sell(page, month, person('Farah'), [{ product: 'Maple Hands Giving', variant: 'Monthly', amount: 20 }], { type: 'card' });
  const mine = sales.filter((s) => s.month === month);
  say(`${monthName(month)}: ${mine.length} gifts at the point of sale (${mine.map((s) => `#${s.id} ${s.pay} $${s.total.toFixed(2)}`).join(', ')}), ${declined.filter((d) => d.month === month).length} card declined`);
}


/** Paid monthly gifts so far: the one set up at the point of sale and each charge of the job. */
async function recurringGifts(page: Page): Promise<number> {
  const listing = await apiCall<{ data: unknown[] }>(page, 'POST', '/jpanel/contributions-v2.listing', { recurring: 'recurring', status: 'paid', length: 100 });
  return listing.data.length;
}

/** Two sales a month, in turn through every payment type (each type once a quarter). */
async function sellRotation(page: Page, month: number) {
  const day = new Date(Date.UTC(YEAR, month, 4)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const gift = (amount: number) => ({ product: 'Maple Hands Giving' as const, variant: 'One-time' as const, amount });
  const turns = [
    () => sell(page, month, person('Gabriel'), [gift(35 + month)], { type: 'card' }, { declineFirst: true }),
    () => sell(page, month, person('Benoit'), [{ product: 'Wool toque' }], { type: 'bank' }, { promo: 'TOQUE10' }),
    () => sell(page, month, person('Amelia'), [gift(30)], { type: 'saved' }),
    () => sell(page, month, person('Chloe'), [gift(40)], { type: 'cash', received: 50 }),
    () => sell(page, month, person('David'), [gift(100)], { type: 'check', number: String(1000 + month), date: day }),
    () => sell(page, month, person('Hannah'), [gift(25)], { type: 'other', reference: `WIRE-${month + 1}` }),
  ];
  await turns[(2 * month) % 6]!();
  await turns[(2 * month + 1) % 6]!();
}

const monthName = (month: number) => new Date(Date.UTC(YEAR, month, 1)).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
