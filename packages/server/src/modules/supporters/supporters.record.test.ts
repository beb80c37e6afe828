import { type ActivityAnswer, activityMessages, paymentMethodMessages, type SupporterPaymentMethod, supporterEditMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Agent;
let editor: Agent;
let editorId: number;
let viewer: Agent;
let stranger: Agent;

const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
const ago = (days: number) => sql`now() - make_interval(days => ${days})`;

async function supporter(name: string, email: string): Promise<number> {
  const [first, last] = name.split(' ');
  const [row] = await rows(sql`insert into supporters (first_name, last_name, display_name, email, currency_code)
    values (${first}, ${last}, ${name}, ${email}, 'USD') returning id`);
  const id = Number(row!.id);
  // The insert's own trail entry, a month back: the story below comes after it.
  await rows(sql`update audit_log set occurred_at = ${ago(30)} where table_name = 'supporters' and record_id = ${String(id)}`);
  return id;
}

/** One of each kind a supporter's story holds, a day apart, the newest (mail) today. */
async function story(id: number, userId: number) {
  await rows(sql`insert into contributions (client_uuid, supporter_id, currency_code, functional_currency_code, functional_exchange_rate, functional_total_amount,
                   functional_rate_date, total_amount, ordered_at, paid_at)
    values (gen_random_uuid()::text, ${id}, 'USD', 'USD', 1, 5000, current_date, 5000, ${ago(6)}, ${ago(6)})`);
  await rows(sql`insert into payments (type, status, amount, currency_code, supporter_id, paid, captured, captured_at, card_brand, card_last4, created_at)
    values ('card', 'succeeded', 5000, 'USD', ${id}, true, true, ${ago(5)}, 'visa', '4242', ${ago(5)})`);
  await rows(sql`insert into supporter_consent_changes (supporter_id, topic, previous, granted, changed_on, source, note, recorded_by, recorded_at)
    values (${id}, 'email', true, false, current_date, 'donor', 'Asked on the phone', ${userId}, ${ago(4)})`);
  await rows(sql`insert into notes (commentable_type, commentable_id, body, created_by, created_at) values ('supporter', ${id}, '<p>Met at the <b>gala</b></p>', ${userId}, ${ago(3)})`);
  await rows(sql`insert into tasks (supporter_id, title, created_by, created_at) values (${id}, 'Thank-you call', ${userId}, ${ago(2)})`);
  await rows(sql`insert into mail_outbox (to_address, subject, text, supporter_id, kind, status, created_at) values ('x@example.org', 'Thank you', 'Thanks', ${id}, 'supporter_email', 'stored', ${ago(1)})`);
}

const activity = async (agent: Agent, id: number, query = '') => {
  const answer = await agent.get(`/jpanel/supporters/${id}/activity.json${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ActivityAnswer;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
  const e = await signedIn(t, { firstName: 'Edna', lastName: 'Editor', permissions: ['member.view', 'member.edit', 'order.view', 'transaction.view'] });
  editor = e.agent;
  editorId = e.user.id;
  viewer = (await signedIn(t, { permissions: ['member.view'] })).agent;
  stranger = (await signedIn(t, { permissions: ['order.view'] })).agent;
});

describe('activity timeline', () => {
  it('merges every kind newest first, with words, amounts, links and who did it', async () => {
    const id = await supporter('Tilda Timeline', 'tilda.timeline@example.org');
    await story(id, editorId);
    const { data, total } = await activity(admin, id);
    expect(data.map((r) => r.kind)).toEqual(['mail', 'task', 'note', 'consent', 'payment', 'gift', 'edit']);
    expect(total).toBe(7);
    const times = data.map((r) => Date.parse(r.occurred_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const byKind = Object.fromEntries(data.map((r) => [r.kind, r]));
    expect(byKind.gift).toMatchObject({ amount: 50, currency_code: 'USD', title: expect.stringMatching(/^Gift /), link: expect.stringMatching(/^\/contributions\/\d+$/) });
    expect(byKind.payment).toMatchObject({ title: 'Payment received', detail: 'Visa •••• 4242', amount: 50 });
    expect(byKind.consent).toMatchObject({ title: 'E-mail: opted out', by: 'Edna Editor' });
    expect(byKind.consent?.detail).toContain('Asked on the phone');
    expect(byKind.note).toMatchObject({ title: 'Note added', detail: 'Met at the gala', by: 'Edna Editor' });
    expect(byKind.task).toMatchObject({ title: 'Task added: Thank-you call' });
    expect(byKind.mail).toMatchObject({ title: 'Thank you', detail: 'E-mail from staff to x@example.org · stored' });
    expect(byKind.edit).toMatchObject({ title: 'Supporter added' });
  });

  it('pages the merged rows: each page continues the last, none twice, and the total stays', async () => {
    const id = await supporter('Paula Pages', 'paula.pages@example.org');
    await story(id, editorId);
    const whole = (await activity(admin, id)).data.map((r) => r.key);
    const pages = await Promise.all([1, 2, 3].map((page) => activity(admin, id, `?page=${page}&page_size=3`)));
    expect(pages.map((p) => p.data.length)).toEqual([3, 3, 1]);
    expect(pages.every((p) => p.total === 7 && p.page_size === 3)).toBe(true);
    expect(pages.flatMap((p) => p.data.map((r) => r.key))).toEqual(whole);
    const past = await activity(admin, id, '?page=9&page_size=3');
    expect([past.data.length, past.total]).toEqual([0, 7]);
    expect((await admin.get(`/jpanel/supporters/${id}/activity.json?page=0`)).statusCode).toBe(422);
    expect((await admin.get(`/jpanel/supporters/${id}/activity.json?page_size=500`)).statusCode).toBe(422);
  });

  it('lists one kind when asked: its rows only, paged and counted as such; a kind the viewer may not see is empty; an unknown kind is refused', async () => {
    const id = await supporter('Kira Kinds', 'kira.kinds@example.org');
    await story(id, editorId);
    await rows(sql`insert into notes (commentable_type, commentable_id, body, created_by) values ('supporter', ${id}, '<p>Second note</p>', ${editorId})`);
    const notes = await activity(admin, id, '?kind=note');
    expect(notes.data.map((r) => [r.kind, r.detail])).toEqual([['note', 'Second note'], ['note', 'Met at the gala']]);
    expect(notes.total).toBe(2);
    const second = await activity(admin, id, '?kind=note&page=2&page_size=1');
    expect([second.data.map((r) => r.detail), second.total]).toEqual([['Met at the gala'], 2]);
    expect((await activity(admin, id, '?kind=note&page=5&page_size=1')).total).toBe(2);
    // The record's own trail holds three kinds: each is its own filter.
    expect((await activity(admin, id, '?kind=edit')).data.map((r) => r.title)).toEqual(['Supporter added']);
    expect((await activity(admin, id, '?kind=tag')).total).toBe(0);
    expect((await activity(admin, id, '?kind=')).total).toBe(8);
    // A viewer without "View contributions" sees no gifts, with the filter as without it.
    expect(await activity(viewer, id, '?kind=gift')).toMatchObject({ data: [], total: 0 });
    const bad = await admin.get(`/jpanel/supporters/${id}/activity.json?kind=gifts`);
    expect([bad.statusCode, bad.json().errors]).toEqual([422, { kind: [activityMessages.kind] }]);
    expect((await admin.get(`/jpanel/supporters/${id}/activity.json?kind=note%00`)).statusCode).toBe(422);
  });

  it('shows each kind only to who may see its area; refuses without "View supporters"; 404 for no one', async () => {
    const id = await supporter('Vera Viewer', 'vera.viewer@example.org');
    await story(id, editorId);
    const seen = (await activity(viewer, id)).data.map((r) => r.kind);
    expect(seen).toEqual(['mail', 'task', 'note', 'consent', 'edit']);
    expect((await stranger.get(`/jpanel/supporters/${id}/activity.json`)).statusCode).toBe(403);
    expect((await admin.get('/jpanel/supporters/2147483000/activity.json')).statusCode).toBe(404);
    expect((await viewer.get(`/jpanel/supporters/${id}/gifts.json`)).statusCode).toBe(403);
  });

  it('tells an edit of the record by the fields changed, and leaves out giving totals', async () => {
    const id = await supporter('Eddie Edits', 'eddie.edits@example.org');
    const [before] = await rows(sql`select updated_at from supporters where id = ${id}`);
    const saved = await editor.post(`/jpanel/supporters/${id}`, { first_name: 'Eddie', last_name: 'Edits', email: 'eddie.edits@example.org', bill_city: 'Leeds', updated_at: new Date(before!.updated_at as string).toISOString() });
    expect(saved.statusCode, saved.body).toBe(200);
    await rows(sql`update supporters set lifetime_donation_count = 3 where id = ${id}`);
    const { data } = await activity(editor, id);
    expect(data.map((r) => [r.kind, r.title])).toEqual([['edit', 'Record edited'], ['edit', 'Supporter added']]);
    expect(data[0]).toMatchObject({ detail: 'Billing city', by: 'Edna Editor' });
  });
});

describe('saved payment methods', () => {
  async function card(id: number, brand: string, last4: string, isDefault = false): Promise<number> {
    const [m] = await rows(sql`insert into payment_methods (supporter_id, status, token, type, card_brand, account_last_four, card_expiry_month, card_expiry_year, currency_code, use_as_default)
      values (${id}, 'ACTIVE', 'sealed', 'card', ${brand}, ${last4}, 12, extract(year from now())::int + 2, 'USD', ${isDefault}) returning id`);
    return Number(m!.id);
  }
  const methods = async (id: number) => ((await viewer.get(`/jpanel/supporters/${id}/payment_methods.json`)).json() as { data: SupporterPaymentMethod[] }).data;

  it('makes one the default, with the change in the supporter\'s history and timeline', async () => {
    const id = await supporter('Carla Cards', 'carla.cards@example.org');
    const visa = await card(id, 'visa', '4242', true);
    const master = await card(id, 'mastercard', '5454');
    expect((await methods(id)).map((m) => [m.display_name, m.account_number, m.use_as_default])).toEqual([['Visa', '•••• 4242', true], ['Mastercard', '•••• 5454', false]]);
    const made = await editor.post(`/jpanel/supporters/${id}/payment_methods/${master}/default`, {});
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().message).toBe(paymentMethodMessages.madeDefault('Mastercard ending 5454'));
    expect((await methods(id)).filter((m) => m.use_as_default).map((m) => m.id)).toEqual([master]);
    const again = await editor.post(`/jpanel/supporters/${id}/payment_methods/${master}/default`, {});
    expect([again.statusCode, again.json().message]).toEqual([422, paymentMethodMessages.alreadyDefault('Mastercard ending 5454')]);
    const history = (await editor.get(`/jpanel/history/supporters/${id}`)).json() as { data: { actor: { id: number } | null; changes: { field: string; before: unknown; after: unknown }[] }[] };
    const entry = history.data.find((e) => e.changes.some((c) => c.field === 'default_payment_method'));
    expect(entry?.actor?.id).toBe(editorId);
    expect(entry?.changes[0]).toMatchObject({ before: 'Visa ending 4242', after: 'Mastercard ending 5454' });
    const [row] = (await activity(editor, id)).data;
    expect(row).toMatchObject({ kind: 'payment_method', title: 'Default payment method changed', detail: 'Visa ending 4242 → Mastercard ending 5454', by: 'Edna Editor' });
    expect(visa).toBeGreaterThan(0);
  });

  it('removes one (its token goes), refuses one a recurring profile pays with, and refuses without "Edit supporters"', async () => {
    const id = await supporter('Rita Remove', 'rita.remove@example.org');
    const used = await card(id, 'visa', '1111', true);
    const spare = await card(id, 'amex', '0005');
    const [profile] = await rows(sql`insert into recurring_payment_profiles (profile_id, status, supporter_id, payment_method_id, start_date, billing_period, currency_code, amount, next_billing_date)
      values (${`RP-X${id}`}, 'Active', ${id}, ${used}, current_date, 'monthly', 'USD', 1000, current_date + 30) returning id`);
    expect((await viewer.post(`/jpanel/supporters/${id}/payment_methods/${spare}/remove`, {})).statusCode).toBe(403);
    const refused = await editor.post(`/jpanel/supporters/${id}/payment_methods/${used}/remove`, {});
    expect([refused.statusCode, refused.json().message]).toEqual([409, paymentMethodMessages.inUse('Visa ending 1111', `#${String(profile!.id)}`)]);
    const removed = await editor.post(`/jpanel/supporters/${id}/payment_methods/${spare}/remove`, {});
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.map((m: SupporterPaymentMethod) => m.id)).toEqual([used]);
    const [gone] = await rows(sql`select deleted_at is not null as deleted, token from payment_methods where id = ${spare}`);
    expect(gone).toMatchObject({ deleted: true, token: null });
    expect((await editor.post(`/jpanel/supporters/${id}/payment_methods/${spare}/remove`, {})).statusCode).toBe(404);
    const other = await supporter('Otto Other', 'otto.other@example.org');
    expect((await editor.post(`/jpanel/supporters/${other}/payment_methods/${used}/default`, {})).statusCode).toBe(404);
    expect((await editor.post(`/jpanel/supporters/${id}/payment_methods/${used}/explode`, {})).statusCode).toBe(422);
    const [row] = (await activity(editor, id)).data;
    expect(row).toMatchObject({ kind: 'payment_method', title: 'Payment method removed', detail: 'Visa ending 1111, Amex ending 0005 → Visa ending 1111' });
  });
});

describe('membership number', () => {
  it('is kept on the record, unique, and its change is in the history', async () => {
    const first = await editor.post('/jpanel/supporters', { first_name: 'Mona', last_name: 'Member', membership_number: 'M-1001' });
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().supporter.id as number;
    expect(first.json().supporter.membership_number).toBe('M-1001');
    const clash = await editor.post('/jpanel/supporters', { first_name: 'Max', last_name: 'Member', membership_number: 'm-1001' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ membership_number: [supporterEditMessages.membershipNumberTaken(`Mona Member (#${id})`)] });
    const updated = await editor.post(`/jpanel/supporters/${id}`, { first_name: 'Mona', last_name: 'Member', membership_number: 'M-2002', updated_at: first.json().supporter.updated_at });
    expect(updated.statusCode, updated.body).toBe(200);
    const history = (await editor.get(`/jpanel/history/supporters/${id}`)).json() as { data: { changes: { field: string; label: string; before: unknown; after: unknown }[] }[] };
    const change = history.data.flatMap((e) => e.changes).find((c) => c.field === 'membership_number' && c.before === 'M-1001');
    expect(change).toMatchObject({ label: 'Membership number', after: 'M-2002' });
  });
});
