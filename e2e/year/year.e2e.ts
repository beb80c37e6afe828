import { appendFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, signIn, signInThroughForm, useBrowser } from '../support/browser.ts';
import { apiCall } from '../support/listing.ts';
import { type DashboardChart, type DashboardHeadline, formatAmount, formatDate, type ReceiptDetail, type Reconciliation, type ReportTotals, type SponseeDetail, sponsorMessages, type TimelineList, timelineMessages, type Webhook, type YearEndDryRun, tributeMessages } from '@almoner/contracts';
import { startReceiver, type Receiver } from './year-hooks.ts';
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
/** The charity's own webhook receiver, and the secret the admin gives the webhook. */
let receiver: Receiver;
const HOOK_SECRET = 'maple-hands-hooks-2027';
const log: string[] = [];
const say = (line: string) => {
  log.push(line);
  if (process.env.ALMONER_YEAR_TRACE) appendFileSync(process.env.ALMONER_YEAR_TRACE, `${new Date().toISOString()} ${line}\n`);
};

beforeAll(async () => {
  server = await startYearServer(`${YEAR}-01-04 14:00:00`);
  browser.useServer(server.baseUrl);
  receiver = await startReceiver(HOOK_SECRET);
}, 300_000);

// A failed step shows what both people's pages show (browser.ts prints the pages a test watches)
// and what the server was doing: a step that waited in vain says on what.
beforeEach(() => {
  for (const page of [admin, fundraiser]) if (page) browser.watch(page);
});
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && server) console.error(await server.diagnose());
});

afterAll(async () => {
  await server?.stop();
  await receiver?.stop();
  console.log(`The year on Almoner (${server?.database ?? 'not started'}, ${Math.round((Date.now() - started) / 1000)} s):\n  ${log.join('\n  ')}`);
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
/** CAD for one US dollar, from the first of the year (the settings step adds it). */
const USD_RATE = 1.35;
const cents = (n: number) => Math.round(n * 100);
/** Cents of the organisation currency for `amount` of `currency`, at the app's rate (one sale, one rounding). */
const orgCents = (amount: number, currency: string) => (currency === 'CAD' ? cents(amount) : Math.round(cents(amount) * USD_RATE));
const saleOf = (id: number) => sales.find((s) => s.id === id)!;

/** The child the charity enrols in its sponsorship programme in January. */
const SPONSEE = { reference: 'MH-0001', first: 'Grace', last: 'Achieng', name: 'Grace Achieng' };
let sponseeId = 0;
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
    // The save's own answer, not a toast: the organisation tab's 'Updates saved.' may still be
    // showing, and the settings read too early then found the receipt settings unsaved (PostgreSQL).
    await Promise.all([loaded(admin, '/jpanel/settings', 'POST'), admin.getByRole('button', { name: 'Save changes' }).click()]);
    const settings = await apiCall<{ values: Record<string, unknown> }>(admin, 'GET', '/jpanel/settings.json');
    expect(settings.values).toMatchObject({ tax_receipt_on_completion: false, org_name: 'Maple Hands Relief', site_currency: 'CAD', tax_receipt_number_format: 'MH[YYYY]-[000000]', tax_receipt_country: 'CA' });
    say(`settings: ${String(settings.values.org_name)}, ${String(settings.values.site_currency)}, ${String(settings.values.time_zone)}, receipts ${String(settings.values.tax_receipt_number_format)}`);

    // A second currency: US dollars at a rate from the first of the year.
    await admin.goto('/jpanel/settings/exchange-rates');
    const rate = admin.getByRole('form', { name: 'Add an exchange rate' });
    await rate.getByLabel('Currency').fill('USD');
    await rate.getByLabel('Rate in CAD').fill(String(USD_RATE));
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

  it('January: the admin sends paid and refunded contributions to the charity\'s own receiver (a webhook)', async () => {
    await admin.goto('/jpanel/settings/hooks');
    await admin.getByRole('link', { name: 'Add webhook' }).click();
    await admin.getByRole('heading', { name: 'Add webhook' }).waitFor();
    await admin.getByRole('textbox', { name: 'Payload URL' }).fill(receiver.url);
    await admin.getByLabel('Secret', { exact: true }).fill(HOOK_SECRET);
    await admin.getByRole('checkbox', { name: 'contribution.paid', exact: true }).check();
    await admin.getByRole('checkbox', { name: 'contribution.refunded', exact: true }).check();
    await admin.getByRole('button', { name: 'Create webhook' }).click();
    await admin.waitForURL(/\/jpanel\/settings\/hooks\/\d+$/);
    const hook = await apiCall<Webhook>(admin, 'GET', `/jpanel/settings/hooks/${/hooks\/(\d+)$/.exec(admin.url())![1]}.json`);
    expect(hook).toMatchObject({ payload_url: receiver.url, active: true, secret_set: true });
    expect([...hook.events].sort()).toEqual(['contribution.paid', 'contribution.refunded']);
    say(`webhook: #${hook.id} to ${receiver.url} for ${hook.events.join(', ')}`);
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

    // Gifts may be made in memory of someone; the notice is the default one of Mail templates.
    await admin.goto('/jpanel/tribute-types/new');
    await admin.getByRole('textbox', { name: 'Name', exact: true }).fill('In memory of');
    await admin.getByRole('button', { name: 'Create tribute type' }).click();
    await admin.waitForURL(/\/jpanel\/tribute-types\/\d+$/);
    say('catalogue: Maple Hands Giving (one-time, monthly; 2 designations; tributes), Wool toque $20, promo TOQUE10, tribute type In memory of');
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
    // The US-dollar gift is in the ledger in its own currency, with its value in the organisation's.
    const usd = sales.find((s) => s.currency === 'USD')!;
    type Money = { currency_code: string; total_amount: string | number; functional_currency_code: string; functional_total_amount: string | number };
    const { contribution, payments } = await apiCall<{ contribution: Money; payments: { currency_code: string; amount: string | number; status: string }[] }>(admin, 'GET', `/jpanel/contributions/${usd.id}`);
    expect({ currency: contribution.currency_code, total: cents(Number(contribution.total_amount)), org: contribution.functional_currency_code, inOrg: cents(Number(contribution.functional_total_amount)), payments: payments.map((p) => [p.currency_code, cents(Number(p.amount)), p.status]) })
      .toEqual({ currency: 'USD', total: cents(usd.total), org: 'CAD', inOrg: orgCents(usd.total, 'USD'), payments: [['USD', cents(usd.total), 'succeeded']] });
    say(`second currency: #${usd.id} ${formatAmount(usd.total, 'USD')} by card from ${usd.supporter}, ${formatAmount(orgCents(usd.total, 'USD') / 100, 'CAD')} at ${USD_RATE}`);
  });

  it('January: the admin refunds one gift in full and another in part', async () => {
    const month = sales.filter((s) => s.month === 0);
    await refund(admin, month.find((s) => s.pay === 'card' && !s.recurring)!);
    await refund(admin, month.find((s) => s.pay === 'saved')!, 5);
    say(`January refunds: ${refunds.map((r) => `#${r.id} $${r.amount.toFixed(2)}${r.full ? ' (full)' : ' (part)'}`).join(', ')}`);
  });

  it('January: a gift in tribute; the admin sends its notice to the family and the contribution shows it', async () => {
    // A cash gift in memory of someone, at the point of sale.
    const hannah = person('Hannah');
    await sell(fundraiser, 0, hannah, [{ product: 'Maple Hands Giving', variant: 'One-time', amount: 60, tribute: 'Grandma Rose' }], { type: 'cash', received: 60 });
    const sale = sales.at(-1)!;
    await admin.goto(`/jpanel/contributions/${sale.id}`);
    await admin.getByRole('heading', { name: `Contribution #${sale.id}` }).waitFor();
    await admin.getByRole('button', { name: 'Open tribute for Grandma Rose' }).click();
    const modal = admin.getByRole('dialog', { name: 'Tribute for Grandma Rose' });
    await modal.getByRole('button', { name: 'Edit', exact: true }).click();
    await pick(admin, 'Notify', 'By email', modal);
    await modal.getByRole('textbox', { name: 'Recipient name' }).fill('Lily Wong');
    await modal.getByRole('textbox', { name: 'Recipient email' }).fill('lily.wong@example.org');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await modal.getByRole('button', { name: 'Notify', exact: true }).click();
    await admin.getByText(tributeMessages.notified('Lily Wong')).first().waitFor();
    await modal.getByText('Not yet').waitFor({ state: 'detached' });
    const detail = await apiCall<{ items: { tribute_id: number | null }[] }>(admin, 'GET', `/jpanel/contributions/${sale.id}`);
    const tributeId = detail.items.find((i) => i.tribute_id !== null)!.tribute_id!;
    const tribute = await apiCall<{ name: string; notify: string | null; notify_email: string | null; notified_at: string | null; amount: number | string }>(admin, 'POST', `/jpanel/tributes/${tributeId}/modal`);
    expect({ name: tribute.name, notify: tribute.notify, email: tribute.notify_email, amount: Number(tribute.amount), notified: tribute.notified_at?.slice(0, 10) })
      .toEqual({ name: 'Grandma Rose', notify: 'email', email: 'lily.wong@example.org', amount: 60, notified: `${YEAR}-01-04` });
    // The notice waits in the outbox, addressed to the family, once.
    await admin.goto('/jpanel/mail');
    await admin.getByRole('row').filter({ hasText: 'lily.wong@example.org' }).first().waitFor();
    const outbox = await apiCall<{ data: { id: number; to: string; subject: string }[] }>(admin, 'GET', '/jpanel/mail.json');
    const notices = outbox.data.filter((m) => m.to === 'lily.wong@example.org');
    expect(notices.map((m) => m.subject)).toEqual([`A gift in your honour from ${hannah.name}`]);
    const notice = await apiCall<{ text: string }>(admin, 'GET', `/jpanel/mail/messages/${notices[0]!.id}`);
    expect(notice.text).toContain('Dear Lily Wong,');
    expect(notice.text).toContain('Maple Hands Relief');
    expect(notice.text).toContain('in memory of Grandma Rose');
    say(`tribute: #${sale.id} $60.00 cash from ${hannah.name} in memory of Grandma Rose; notice e-mailed to Lily Wong (outbox), shown on the contribution`);
  });

  it('January: the admin enrols a sponsee, Gabriel starts sponsoring her, and her first update is posted', async () => {
    await admin.goto('/jpanel/sponsorships');
    await admin.getByRole('button', { name: 'Add sponsee' }).click();
    const add = admin.getByRole('dialog', { name: 'Add sponsee' });
    await add.getByLabel('Reference number').fill(SPONSEE.reference);
    await add.getByLabel('First name').fill(SPONSEE.first);
    await add.getByLabel('Last name').fill(SPONSEE.last);
    await add.getByRole('combobox', { name: 'Gender' }).click();
    await admin.getByRole('option', { name: 'Female' }).click();
    await add.getByRole('button', { name: 'Add sponsee' }).click();
    await admin.getByRole('heading', { name: SPONSEE.name }).waitFor();
    sponseeId = Number(/sponsorships\/(\d+)$/.exec(admin.url())![1]);

    const gabriel = person('Gabriel');
    await admin.getByRole('button', { name: 'Add sponsor' }).click();
    const modal = admin.getByRole('dialog', { name: 'Add a sponsor' });
    // The start date is the organisation's today, from the server (the year's, not the browser's).
    expect(await modal.getByLabel('Start date').inputValue()).toBe(`${YEAR}-01-04`);
    await modal.getByRole('combobox', { name: 'Sponsor' }).fill(gabriel.email);
    await admin.getByRole('option', { name: new RegExp(gabriel.name) }).first().click();
    await modal.getByLabel('Source').fill('Phone');
    await modal.getByRole('button', { name: 'Add sponsor' }).click();
    await admin.getByText(sponsorMessages.added).first().waitFor();
    await modal.waitFor({ state: 'hidden' });
    await admin.getByRole('row').filter({ hasText: gabriel.name }).getByText('Active', { exact: true }).waitFor();

    // The update starts on the organisation's today, from the server (the year's, not the browser's).
    const timeline = admin.getByRole('region', { name: 'Timeline' });
    await timeline.getByRole('button', { name: 'Add an Update' }).click();
    const update = admin.getByRole('dialog', { name: 'Add an Update' });
    expect(await update.getByLabel('Posted on').inputValue()).toBe(`${YEAR}-01-04`);
    await update.getByLabel('Headline').fill('First day at school');
    await update.getByLabel('Message').fill('Grace started grade one with a new backpack.');
    await update.getByRole('button', { name: 'Post update' }).click();
    await admin.getByText(timelineMessages.added).first().waitFor();
    await timeline.getByRole('article', { name: 'First day at school' }).getByText(`${YEAR}-01-04`).waitFor();

    const detail = await apiCall<SponseeDetail>(admin, 'GET', `/jpanel/sponsorships/${sponseeId}`);
    expect({ sponsored: detail.sponsee.is_sponsored, sponsors: detail.sponsors.map((x) => [x.supporter?.display_name, x.started_at, x.ended_at, x.is_active]) })
      .toEqual({ sponsored: true, sponsors: [[gabriel.name, `${YEAR}-01-04`, null, true]] });
    const posts = await apiCall<TimelineList>(admin, 'GET', `/jpanel/timeline/sponsorship/${sponseeId}`);
    expect(posts.data.map((x) => [x.headline, x.posted_on])).toEqual([['First day at school', `${YEAR}-01-04`]]);
    say(`sponsorship: ${SPONSEE.reference} ${SPONSEE.name} enrolled; ${gabriel.name} sponsors her from ${YEAR}-01-04; update "First day at school" posted on ${YEAR}-01-04`);
  });

  for (let month = 1; month < MONTHS; month++) {
    it(`${monthName(month)}: the clock moves on; the fundraiser sells, the admin refunds`, async () => {
      // Three seconds before the schedule's :17: each process (the app and every PostgreSQL
      // backend) reads the clock file again within a second, so all of them are in the new month
      // when the renewals run. Moved to 14:17:00 itself, the run could start on a backend still in
      // the month before, find nothing due, and the month's renewal waited an hour (April, once).
      await server.setClock(`${YEAR}-${String(month + 1).padStart(2, '0')}-04 14:16:57`);
      // A month later both sessions have long expired: each signs in again. The admin first, to
      // see the schedule bill the monthly gift at :17 of the server's hour, which the clock was
      // moved to: this month's renewal, once (the month before's are all there, none twice).
      // The point of sale opens after it: a card sale completing on PGlite while the renewals
      // ran hung in a clean-clone run (2026-12-07, not yet understood; see issue 39's note).
      await signIn(admin, ADMIN.email, ADMIN.password, '/jpanel/contributions');
      await expect.poll(async () => (await renewals(admin)).length, { timeout: 90_000, interval: 500 }).toBe(month);
      await signIn(fundraiser, FUNDRAISER.email, FUNDRAISER.password, '/jpanel/pos');
      await fundraiser.getByRole('heading', { name: 'Point of sale' }).waitFor();
      await sellMonth(fundraiser, month);
      const first = sales.find((s) => s.month === month)!;
      await refund(admin, first, month % 2 ? undefined : 5);
      const renewal = (await renewals(admin)).at(-1)!;
      expect({ total: renewal.total, month: renewal.ordered_at.slice(0, 7) }).toEqual({ total: 20, month: `${YEAR}-${String(month + 1).padStart(2, '0')}` });
      say(`${monthName(month)}: refund #${first.id}${month % 2 ? ' (full)' : ' $5.00 (part)'}; monthly gift renewed by the schedule as #${renewal.id}`);
    });
  }

  it(`${monthName(MONTHS - 1)}: the admin ends Gabriel's sponsorship on the day, with its reason`, async () => {
    const day = `${YEAR}-${String(MONTHS).padStart(2, '0')}-04`;
    const gabriel = person('Gabriel');
    await admin.goto(`/jpanel/sponsorships/${sponseeId}`);
    const row = admin.getByRole('row').filter({ hasText: gabriel.name });
    await row.getByRole('button', { name: /Edit the sponsor record/ }).click();
    const edit = admin.getByRole('dialog', { name: 'Sponsor' });
    await edit.getByLabel('End this sponsorship').check();
    await edit.getByLabel('Ended on').fill(day);
    await edit.getByLabel('Reason').fill('Sponsor request');
    await edit.getByRole('button', { name: 'End sponsorship' }).click();
    await admin.getByText(sponsorMessages.ended).first().waitFor();
    await edit.waitFor({ state: 'hidden' });
    await row.getByText('Sponsor request').waitFor();
    // The end date, the row's last date (in a one-month try it is the start date too).
    await row.getByText(formatDate(day), { exact: true }).last().waitFor();
    const detail = await apiCall<SponseeDetail>(admin, 'GET', `/jpanel/sponsorships/${sponseeId}`);
    expect(detail.sponsors.map((x) => [x.supporter?.display_name, x.started_at, x.ended_at, x.ended_reason, x.ended_by !== null]))
      .toEqual([[gabriel.name, `${YEAR}-01-04`, day, 'Sponsor request', true]]);
    say(`sponsorship: ${gabriel.name}'s sponsorship of ${SPONSEE.name} ended on ${day} (Sponsor request)`);
  });

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
    // The point of sale's first gift and one renewal by the schedule each month after it.
    expect(monthly).toBe(MONTHS);
    // Per currency, each in its own (a day's rows are per day and currency; never added across).
    const currencies = [...new Set(sales.map((s) => s.currency))].sort();
    const expected = Object.fromEntries(currencies.map((c) => [c, {
      gross: sales.filter((s) => onGateway(s.pay) && s.currency === c).reduce((t, s) => t + cents(s.total), 0) + (c === 'CAD' ? (monthly - 1) * 2000 : 0),
      refunds: refunds.filter((r) => onGateway(saleOf(r.id).pay) && saleOf(r.id).currency === c).reduce((t, r) => t + cents(r.amount), 0),
    }]));
    const ofCurrency = (c: string, k: 'gross' | 'refunds') => cents(answer.days.filter((d) => d.currency === c).reduce((t, d) => t + d.almoner[k], 0));
    expect(Object.fromEntries(currencies.map((c) => [c, { gross: ofCurrency(c, 'gross'), refunds: ofCurrency(c, 'refunds') }]))).toEqual(expected);
    expect([...new Set(answer.days.map((d) => d.currency))].sort()).toEqual(currencies);
    say(`the year: ${sales.length} gifts at the point of sale, ${declined.length} declined cards, ${refunds.length} refunds (${refunds.filter((r) => r.full).length} full), ${monthly} paid monthly gifts`);
    const sum = (c: string, k: 'gross' | 'refunds' | 'fees' | 'net') => answer.days.filter((d) => d.currency === c).reduce((t, d) => t + d.almoner[k], 0).toFixed(2);
    say(`reconciliation: ${answer.days.length} day rows; ${currencies.map((c) => `${c} gross ${sum(c, 'gross')}, refunds ${sum(c, 'refunds')}, fees ${sum(c, 'fees')}, net ${sum(c, 'net')}`).join('; ')}; ${answer.differences.length} differences`);
  });

  it('December: the receiver got every paid and refunded contribution once, each signed', async () => {
    const charges = await recurringCharges(admin);
    // A bank debit is still settling (the sandbox's, like a bank's, takes days and nobody asked
    // for its status): it is not paid yet, so no contribution.paid goes out for it (pos.complete.ts).
    const settled = sales.filter((s) => s.pay !== 'bank');
    hookExpected = [
      ...[...settled.map((s) => s.id), ...charges].map((id) => `contribution.paid #${id}`),
      ...refunds.map((r) => `contribution.refunded #${r.id}`),
    ].sort();
    // Deliveries leave from the server's queue: the test waits for them to arrive, no longer.
    await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(hookExpected.length);
    expect(hooksSeen()).toEqual(hookExpected);
    expect(receiver.received.filter((r) => !r.github || !r.standard).map((r) => r.delivery)).toEqual([]);
    expect(receiver.received.filter((r) => r.body.type !== r.event || r.body.id !== r.delivery).map((r) => r.delivery)).toEqual([]);
    const delivered = (event: string, id: number) => receiver.received.find((r) => r.event === event && r.body.data.contribution_id === id)!.body.data;
    for (const sale of settled) expect(delivered('contribution.paid', sale.id), `#${sale.id}`).toMatchObject({ total: { amount: sale.total, currency: sale.currency } });
    expect(charges).toHaveLength(MONTHS - 1);
    for (const id of charges) expect(delivered('contribution.paid', id), `renewal #${id}`).toMatchObject({ total: { amount: 20, currency: 'CAD' } });
    for (const r of refunds) {
      const data = delivered('contribution.refunded', r.id) as { refunded: { amount: number; currency: string }; fully_refunded: boolean };
      expect({ amount: cents(data.refunded.amount), currency: data.refunded.currency, full: data.fully_refunded }, `#${r.id}`).toEqual({ amount: cents(r.amount), currency: saleOf(r.id).currency, full: r.full });
    }
    say(`webhook: ${receiver.received.length} deliveries to the receiver (${settled.length + charges.length} paid, ${refunds.length} refunded), each once, both signatures valid; ${sales.length - settled.length} bank debits still settling sent none`);
  });

  it('December: the dashboard and the reports agree with what the point of sale took and gave back', async () => {
    const cents = (n: number | undefined) => Math.round((n ?? NaN) * 100);
    const charges = await recurringCharges(admin);
    const gifts = sales.length + charges.length;
    // In the organisation currency: a gift in another converts at the app's rate.
    const gross = sales.reduce((t, s) => t + orgCents(s.total, s.currency), 0) + charges.length * 2000;
    const givenBack = refunds.reduce((t, r) => t + orgCents(r.amount, saleOf(r.id).currency), 0);
    const period = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };

    const [headline, products] = await Promise.all([
      loaded<DashboardHeadline>(admin, '/jpanel/dashboard/headline.json'),
      loaded<DashboardChart>(admin, '/jpanel/dashboard/product-sales.json'),
      admin.goto(`/jpanel?from=${period.from}&to=${period.to}`),
    ]);
    expect(cents(headline.money?.year.raised)).toBe(gross - givenBack);
    expect(headline.money?.year.gifts).toBe(gifts);
    await admin.getByRole('group', { name: `Raised in ${YEAR}` }).getByText(formatAmount((gross - givenBack) / 100, 'CAD'), { exact: true }).waitFor();
    const chartTotal = products.money?.by_currency.filter((t) => t.label === null).reduce((t, c) => t + cents(c.org_amount), 0);
    expect(chartTotal).toBe(gross - givenBack);
    // Each currency's own figure beside its converted one.
    const inUsd = sales.filter((s) => s.currency === 'USD');
    expect(products.money?.by_currency.filter((t) => t.label === null && t.currency === 'USD').map((t) => [cents(t.amount), cents(t.org_amount)]))
      .toEqual([[inUsd.reduce((t, s) => t + cents(s.total), 0), inUsd.reduce((t, s) => t + orgCents(s.total, s.currency), 0)]]);

    const filter = `f.from=${period.from}&f.to=${period.to}`;
    const measure = (totals: ReportTotals | undefined, key: string) => cents(totals?.org.find((m) => m.key === key)?.amount);
    // Payments lists every attempt: the declined cards too, and the bank debits still settling
    // (pending); what was kept of the settled ones is the panel beside it.
    const [payments, kept] = await Promise.all([
      loaded<{ totals?: ReportTotals }>(admin, '/jpanel/reports/payments.ajax'),
      loaded<{ total: number; org_currency: string }>(admin, '/jpanel/reports/payments-aggregate.ajax'),
      admin.goto(`/jpanel/reports/payments?${filter}`),
    ]);
    const refused = declined.reduce((t, d) => t + orgCents(d.total, 'CAD'), 0);
    expect({ amount: measure(payments.totals, 'amount'), refunded: measure(payments.totals, 'refunded'), count: payments.totals?.count })
      .toEqual({ amount: gross + refused, refunded: givenBack, count: gifts + declined.length });
    const settling = sales.filter((s) => s.pay === 'bank');
    const settlingNet = settling.reduce((t, s) => t + orgCents(s.total, s.currency) - refunds.filter((r) => r.id === s.id).reduce((u, r) => u + orgCents(r.amount, s.currency), 0), 0);
    expect({ kept: cents(kept.total), currency: kept.org_currency }).toEqual({ kept: gross - givenBack - settlingNet, currency: 'CAD' });
    await admin.getByRole('table', { name: 'Payments by gateway and brand' }).locator('tfoot').getByText(formatAmount(kept.total, 'CAD'), { exact: true }).waitFor();
    const [funds] = await Promise.all([loaded<{ totals?: ReportTotals }>(admin, '/jpanel/reports/fund-totals.json'), admin.goto(`/jpanel/reports/fund-totals?${filter}`)]);
    // Totals by fund are gifts: the donation lines, not the toques.
    const given = sales.filter((s) => s.receiptable).reduce((t, s) => t + orgCents(s.total, s.currency), 0) + charges.length * 2000;
    const givenBackOfGifts = refunds.filter((r) => saleOf(r.id).receiptable).reduce((t, r) => t + orgCents(r.amount, saleOf(r.id).currency), 0);
    expect({ gross: measure(funds.totals, 'gross'), refunded: measure(funds.totals, 'refunded'), net: measure(funds.totals, 'net') })
      .toEqual({ gross: given, refunded: givenBackOfGifts, net: given - givenBackOfGifts });
    const [orders] = await Promise.all([loaded<{ totals?: ReportTotals }>(admin, '/jpanel/reports/products.ajax'), admin.goto(`/jpanel/reports/products?${filter}`)]);
    expect(measure(orders.totals, 'amount')).toBe(gross);
    const money = (c: number) => `$${(c / 100).toFixed(2)}`;
    say(`dashboard and reports: raised ${money(gross - givenBack)} in ${gifts} gifts (given ${money(gross)}, refunded ${money(givenBack)}) on the dashboard, its product sales chart, Payments, Totals by fund and Orders by product`);
  });

  it(`January ${YEAR + 1}: year-end receipts for ${YEAR}, one per eligible donor, then a revision and a void`, async () => {
    await server.setClock(`${YEAR + 1}-01-05 10:05:00`);
    await signIn(admin, ADMIN.email, ADMIN.password, '/jpanel/tax-receipts');
    await admin.getByRole('link', { name: 'Year-end receipts' }).click();
    await admin.getByRole('heading', { name: 'Year-end receipts' }).waitFor();
    await admin.getByRole('textbox', { name: 'From', exact: true }).fill(`${YEAR}-01-01`);
    await admin.getByRole('textbox', { name: 'To', exact: true }).fill(`${YEAR}-12-31`);
    const [dry] = await Promise.all([loaded<YearEndDryRun>(admin, '/jpanel/tax_receipts/year_end/dry_run'), admin.getByRole('button', { name: 'Dry run' }).click()]);

    // The ledger's own answer: donors with receiptable gifts never refunded (the monthly gift's
    // charges are Farah's), each a receipt of those gifts per currency (`name|currency`), never
    // converted; donors whose every gift was refunded are skipped for it.
    const refunded = new Set(refunds.map((r) => r.id));
    const owed = new Map<string, number>();
    const add = (key: string, c: number) => owed.set(key, (owed.get(key) ?? 0) + c);
    for (const s of sales.filter((x) => x.receiptable && !refunded.has(x.id))) add(`${s.supporter}|${s.currency}`, cents(s.total));
    const charges = (await recurringCharges(admin)).length;
    add(`${person('Farah').name}|CAD`, charges * 2000);
    const donorOf = (key: string) => key.split('|')[0]!;
    const donors = new Set([...owed.keys()].map(donorOf));
    const onlyRefunded = [...new Set(sales.filter((s) => s.receiptable && refunded.has(s.id)).map((s) => s.supporter))].filter((n) => !donors.has(n)).sort();
    const totals = [...new Set([...owed.keys()].map((k) => k.split('|')[1]!))].sort().map((currency) => {
      const of = [...owed].filter(([k]) => k.endsWith(`|${currency}`));
      return { currency, cents: of.reduce((t, [, c]) => t + c, 0), receipts: of.length };
    });
    expect(totals.map((t) => t.currency)).toEqual(['CAD', 'USD']);
    expect({ receipts: dry.receipts, donors: dry.donors, totals: dry.totals.map((t) => ({ currency: t.currency_code, cents: cents(t.amount), receipts: t.receipts })) })
      .toEqual({ receipts: owed.size, donors: donors.size, totals });
    expect(dry.skipped.filter((s) => s.reason === 'refunded').map((s) => s.name).sort()).toEqual(onlyRefunded);
    const result = admin.getByRole('region', { name: 'Dry run result' });
    await result.getByText('Receipts to issue').locator('xpath=..').getByText(String(owed.size), { exact: true }).waitFor();

    await admin.getByRole('button', { name: new RegExp(`^Issue ${owed.size} receipts?$`) }).click();
    await admin.getByRole('dialog', { name: 'Issue year-end receipts' }).getByRole('button', { name: 'Issue receipts' }).click();
    // The run goes on in the background; its row on the page follows it to the end.
    const runs = admin.getByRole('region', { name: 'Year-end runs' });
    await runs.getByRole('row').filter({ hasText: 'completed' }).filter({ hasText: `${owed.size} of ${owed.size}` }).waitFor({ timeout: 60_000 });

    let listed = await receiptList();
    expect(Object.fromEntries(listed.map((r) => [`${String(r.name)}|${r.currency_code}`, { cents: cents(r.amount), status: r.status }])))
      .toEqual(Object.fromEntries([...owed].map(([key, c]) => [key, { cents: c, status: 'issued' }])));
    say(`year-end receipts: ${listed.length} issued for ${YEAR} (${listed.map((r) => `${String(r.number)} ${String(r.name)} ${formatAmount(r.amount, r.currency_code)}`).join(', ')}); skipped as refunded: ${onlyRefunded.join(', ') || 'none'}`);

    // A correction: the first donor moved, so the receipt is issued again with the right address.
    const [revised, voided] = [...listed].sort((a, b) => String(a.number).localeCompare(String(b.number)));
    await admin.goto(`/jpanel/tax-receipts/${revised!.id}`);
    const modal = admin.getByRole('dialog', { name: `Tax receipt ${String(revised!.number)}` });
    await modal.getByRole('button', { name: 'Revise' }).click();
    await modal.getByRole('textbox', { name: 'Address', exact: true }).fill('14 Elm Street');
    await modal.getByRole('textbox', { name: 'Reason for the change' }).fill('The donor moved: address corrected');
    await modal.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(/has been successfully revised\./).first().waitFor();
    await admin.getByRole('dialog', { name: `Tax receipt ${String(revised!.number)}-R1` }).waitFor();
    const detail = await apiCall<ReceiptDetail>(admin, 'POST', `/jpanel/tax_receipt/${revised!.id}/modal`);
    expect({ address: detail.address_01, cents: cents(detail.amount), revisions: detail.revisions.map((v) => [v.number, v.previous_number, v.reason]) })
      .toEqual({ address: '14 Elm Street', cents: cents(revised!.amount), revisions: [[`${String(revised!.number)}-R1`, revised!.number, 'The donor moved: address corrected']] });

    // A void: the second receipt was sent to the wrong donor's file.
    await admin.goto(`/jpanel/tax-receipts/${voided!.id}`);
    await admin.getByRole('dialog', { name: `Tax receipt ${String(voided!.number)}` }).getByRole('button', { name: 'Void' }).click();
    await admin.getByRole('dialog', { name: 'Void receipt' }).getByRole('button', { name: 'Void' }).click();
    await admin.getByText(/has been voided successfully\./).first().waitFor();

    listed = await receiptList();
    expect(listed.find((r) => r.id === revised!.id)).toMatchObject({ number: `${String(revised!.number)}-R1`, status: 'issued' });
    expect(listed.find((r) => r.id === voided!.id)).toMatchObject({ number: voided!.number, status: 'void' });
    say(`receipts: ${String(revised!.number)} revised to ${String(revised!.number)}-R1 (${String(revised!.name)}, address corrected), ${String(voided!.number)} voided (${String(voided!.name)})`);

    // The number ledger: the replaced number and the void are there, and no number is skipped.
    await admin.goto('/jpanel/tax-receipts');
    const [ledger] = await Promise.all([
      loaded<{ data: { number: string; kind: string; detail: string | null }[]; recordsFiltered: number }>(admin, '/jpanel/tax_receipts/ledger.ajax'),
      admin.getByRole('link', { name: 'Number ledger' }).click(),
    ]);
    await admin.getByRole('heading', { name: 'Receipt number ledger' }).waitFor();
    expect(ledger.data.map((r) => ({ number: r.number, kind: r.kind })).sort((a, b) => a.kind.localeCompare(b.kind)))
      .toEqual([{ number: revised!.number, kind: 'replaced' }, { number: voided!.number, kind: 'void' }]);
    await admin.locator('tbody tr').filter({ hasText: String(voided!.number) }).getByText('Voided', { exact: true }).waitFor();
    // Every receipt took the next number of the year's sequence: none skipped, none given twice.
    const given = listed.map((r) => String(r.number).replace(/-R\d+$/, '')).sort();
    const sequence = given.map((_, i) => `MH${YEAR + 1}-${String(i + 1).padStart(6, '0')}`);
    expect(given).toEqual(sequence);
    say(`number ledger: ${ledger.data.map((r) => `${r.number} ${r.kind}`).join(', ')}; ${given.length} numbers ${given[0]} to ${given.at(-1)}, none skipped or repeated`);

    // Nothing reached the receiver twice while the year was closed.
    const ofTheYear = new Set(hookExpected.map((k) => k.split('#')[1]));
    expect(hooksSeen().filter((k) => ofTheYear.has(k.split('#')[1]) || sales.some((s) => `${s.id}` === k.split('#')[1]))).toEqual(hookExpected);
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
  // The second currency: a card gift in US dollars, once in the year.
  if (month === 0) await sell(page, month, person('Emma'), [gift(40)], { type: 'card' }, { currency: 'USD' });
  const mine = sales.filter((s) => s.month === month);
  say(`${monthName(month)}: ${mine.length} gifts at the point of sale (${mine.map((s) => `#${s.id} ${s.pay} ${formatAmount(s.total, s.currency)}`).join(', ')}), ${declined.filter((d) => d.month === month).length} card declined`);
}


/** What the receiver got, as `event #contribution`. */
let hookExpected: string[] = [];
const hooksSeen = () => receiver.received.map((r) => `${r.event} #${String(r.body.data.contribution_id)}`).sort();

/** The JSON of the next response to `path` the page loads (the screen's own data). */
async function loaded<T>(page: Page, path: string, method?: string): Promise<T> {
  const response = await page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === (method ?? r.request().method()) && r.request().method() !== 'OPTIONS');
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

type ReceiptRow = { id: number; number: string | null; name: string | null; amount: number; currency_code: string; status: string };

/** The receipts list as its screen loads it. */
async function receiptList(): Promise<ReceiptRow[]> {
  const [answer] = await Promise.all([loaded<{ data: ReceiptRow[] }>(admin, '/jpanel/tax_receipts.ajax'), admin.goto('/jpanel/tax-receipts')]);
  await admin.getByRole('heading', { name: 'Tax receipts', level: 2 }).waitFor();
  return answer.data;
}

/** The monthly gift's paid charges (the job's, not the point of sale's first gift). */
async function recurringCharges(page: Page): Promise<number[]> {
  const listing = await apiCall<{ data: { id: number }[] }>(page, 'POST', '/jpanel/contributions-v2.listing', { recurring: 'recurring', status: 'paid', length: 100 });
  return listing.data.map((r) => r.id).filter((id) => !sales.some((s) => s.id === id));
}

type Renewal = { id: number; total: number; ordered_at: string };

/** The monthly gift's renewals the schedule charged (paid or not), oldest first. */
async function renewals(page: Page): Promise<Renewal[]> {
  const listing = await apiCall<{ data: { id: number; total: string | number; ordered_at: string }[] }>(page, 'POST', '/jpanel/contributions-v2.listing', { recurring: 'recurring', length: 100 });
  return listing.data.filter((r) => !sales.some((s) => s.id === r.id)).map((r) => ({ id: r.id, total: Number(r.total), ordered_at: new Date(r.ordered_at).toISOString() })).sort((a, b) => a.id - b.id);
}

/** Paid monthly gifts so far: the one set up at the point of sale and each charge of the job. */
async function recurringGifts(page: Page): Promise<number> {
  const listing = await apiCall<{ data: unknown[] }>(page, 'POST', '/jpanel/contributions-v2.listing', { recurring: 'recurring', status: 'paid', length: 100 });
  return listing.data.length;
}

const monthName = (month: number) => new Date(Date.UTC(YEAR, month, 1)).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
