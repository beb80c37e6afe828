import { type SupporterExport, erasedSupporterName, supporterPrivacyMessages } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { readZip } from '../../test/read-zip.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let eraser: Agent;
let eraserId: number;
let editor: Agent;
let viewer: Agent;
let uuid = 0;

const rows = (q: SQL) => queryRows(t.database.db, q);
const one = async (q: SQL) => (await rows(q))[0]!;

type Person = { id: number; contribution: number; item: number; receipt: number; method: number; note: number; task: number; mail: number; profile: number };

/** A supporter with something in every kind of record Almoner keeps, all of it naming them. */
async function person(first: string, last: string): Promise<Person> {
  const email = `${first}.${last}@example.org`.toLowerCase();
  const s = await one(sql`insert into supporters (first_name, last_name, display_name, email, bill_address_01, bill_city, bill_zip, bill_phone, ship_address_01,
      referral_source, email_opt_in, currency_code)
    values (${first}, ${last}, ${`${first} ${last}`}, ${email}, ${`12 ${last} Drive`}, 'Little Whinging', 'LW1 2AB', '+44 20 7946 0001', ${`12 ${last} Drive`},
      'Met at the gala', true, 'USD') returning id`);
  const id = Number(s.id);
  const c = await one(sql`insert into contributions (client_uuid, supporter_id, ordered_at, paid_at, payment_status, payment_type, currency_code, subtotal_amount, total_amount,
      functional_currency_code, functional_exchange_rate, functional_total_amount, bill_first_name, bill_last_name, bill_email, bill_address_01, customer_notes, comments)
    values (${`privacy-${++uuid}`}, ${id}, now(), now(), 'succeeded', 'cash', 'USD', 5000, 5000, 'USD', 1, 5000, ${first}, ${last}, ${email}, ${`12 ${last} Drive`},
      'In memory of my mother', 'Called to say thanks') returning id`);
  const contribution = Number(c.id);
  const item = Number((await one(sql`insert into contribution_items (contribution_id, description, qty, price, original_price, total, is_donation, public_message)
    values (${contribution}, 'Gift', 1, 5000, 5000, 5000, true, ${`Love from ${first}`}) returning id`)).id);
  await rows(sql`insert into tributes (contribution_item_id, currency_code, name, message, notify, notify_name, notify_email)
    values (${item}, 'USD', 'Petunia', ${`Thinking of you, ${first}`}, 'email', 'Dudley', 'dudley@example.org')`);
  const p = await one(sql`insert into payments (type, status, amount, currency_code, gateway, paid, supporter_id) values ('cash', 'succeeded', 5000, 'USD', 'offline', true, ${id}) returning id`);
  await rows(sql`insert into payment_links (payment_id, contribution_id) values (${Number(p.id)}, ${contribution})`);
  const receipt = Number((await one(sql`insert into tax_receipts (supporter_id, status, number, name, first_name, last_name, email, address_01, currency_code, amount, issued_at)
    values (${id}, 'issued', ${`R-PRIV-${uuid}`}, ${`${first} ${last}`}, ${first}, ${last}, ${email}, ${`12 ${last} Drive`}, 'USD', 5000, now()) returning id`)).id);
  const method = Number((await one(sql`insert into payment_methods (supporter_id, status, display_name, token, type, card_brand, account_last_four, currency_code, bill_first_name)
    values (${id}, 'ACTIVE', 'My Visa', 'secret-token', 'card', 'Visa', '4242', 'USD', ${first}) returning id`)).id);
  const profile = Number((await one(sql`insert into recurring_payment_profiles (profile_id, status, supporter_id, subscriber_name, description, start_date, billing_period, currency_code, amount)
    values (${`RP-PRIV${uuid}`}, 'Active', ${id}, ${`${first} ${last}`}, 'Monthly gift', current_date, 'monthly', 'USD', 2500) returning id`)).id);
  const note = Number((await one(sql`insert into notes (commentable_type, commentable_id, body) values ('supporter', ${id}, ${`<p>${first} prefers calls after 6pm</p>`}) returning id`)).id);
  const task = Number((await one(sql`insert into tasks (supporter_id, title) values (${id}, ${`Thank ${first} for the gift`}) returning id`)).id);
  const mail = Number((await one(sql`insert into mail_outbox (to_address, subject, text, supporter_id, kind) values (${email}, ${`Thank you, ${first}`}, ${`Dear ${first}, thank you.`}, ${id}, 'supporter_email') returning id`)).id);
  // Sent to their address without naming the record (a tribute notice they were copied on): theirs too.
  await rows(sql`insert into mail_outbox (to_address, subject, text) values (${email}, 'A tribute was made', ${`Dear ${first}`})`);
  const tag = await one(sql`insert into tags (name) values (${`Privacy ${uuid}`}) returning id`);
  await rows(sql`insert into supporter_tags (supporter_id, tag_id) values (${id}, ${Number(tag.id)})`);
  await rows(sql`insert into supporter_consent_changes (supporter_id, topic, previous, granted, changed_on, source, note)
    values (${id}, 'email', false, true, current_date, 'donor', ${`${first} asked at the gala`})`);
  return { id, contribution, item, receipt, method, note, task, mail, profile };
}

beforeAll(async () => {
  t = await createTestApp();
  const e = await signedIn(t, { permissions: ['member.edit', 'member.erase', 'order.edit'] });
  eraser = e.agent;
  eraserId = e.user.id;
  editor = (await signedIn(t, { permissions: ['member.edit'] })).agent;
  viewer = (await signedIn(t, { permissions: ['member.view'] })).agent;
});

describe('a supporter\'s data on request: export', () => {
  it('holds every kind of record Almoner keeps about them, without secrets', async () => {
    const p = await person('Exa', 'Porter');
    const answer = await editor.get(`/jpanel/supporters/${p.id}/export.json`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-disposition']).toContain(`supporter-${p.id}-data-`);
    const data = answer.json() as SupporterExport;
    expect(data.supporter).toMatchObject({ id: p.id, first_name: 'Exa', email: 'exa.porter@example.org' });
    expect(data.supporter).not.toHaveProperty('password_hash');
    expect(data.addresses.find((a) => a.kind === 'billing')).toMatchObject({ address_01: '12 Porter Drive', zip: 'LW1 2AB' });
    expect(data.contributions.map((c) => c.id)).toEqual([p.contribution]);
    expect(data.contribution_items.map((i) => i.public_message)).toEqual(['Love from Exa']);
    expect(data.payments).toHaveLength(1);
    expect(data.tributes.map((x) => x.message)).toEqual(['Thinking of you, Exa']);
    expect(data.receipts.map((r) => r.id)).toEqual([p.receipt]);
    expect(data.recurring_profiles.map((r) => r.id)).toEqual([p.profile]);
    expect(data.payment_methods).toEqual([expect.objectContaining({ id: p.method, card_brand: 'Visa', account_last_four: '4242' })]);
    expect(data.payment_methods[0]).not.toHaveProperty('token');
    expect(data.notes.map((n) => n.id)).toEqual([p.note]);
    expect(data.tasks.map((x) => x.id)).toEqual([p.task]);
    expect(data.mail.map((m) => m.id)).toEqual([p.mail]);
    expect(data.tags).toHaveLength(1);
    expect(data.consent_history.map((c) => c.note)).toEqual(['Exa asked at the gala']);
    expect(data.history.length).toBeGreaterThan(0);
    for (const key of ['sponsorships', 'memberships', 'fundraising_pages', 'text_messages', 'timeline', 'receipt_lines'] as const) expect(data[key], key).toEqual([]);
  });

  it('as a ZIP: one CSV per kind of record, the same rows, formulas made plain text', async () => {
    const p = await person('Zip', 'Porter');
    await rows(sql`update notes set body = '=HYPERLINK("http://x")' where id = ${p.note}`);
    const answer = await editor.get(`/jpanel/supporters/${p.id}/export.zip`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const files = readZip(answer.rawPayload);
    const json = (await editor.get(`/jpanel/supporters/${p.id}/export.json`)).json() as SupporterExport;
    for (const key of Object.keys(json).filter((k) => k !== 'about' && k !== 'exported_at')) expect(Object.keys(files), key).toContain(`${key}.csv`);
    expect(files['README.txt']).toContain(supporterPrivacyMessages.exportAbout);
    expect(files['supporter.csv']).toContain('zip.porter@example.org');
    expect(files['contributions.csv']!.trim().split('\n')).toHaveLength(2);
    expect(files['notes.csv']).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(files['payment_methods.csv']).not.toContain('secret-token');
  });

  it('needs "Edit supporters", and says so for a missing supporter', async () => {
    const p = await person('Vee', 'Porter');
    expect((await viewer.get(`/jpanel/supporters/${p.id}/export.json`)).statusCode).toBe(403);
    expect((await viewer.get(`/jpanel/supporters/${p.id}/export.zip`)).statusCode).toBe(403);
    expect((await editor.get('/jpanel/supporters/2147483000/export.json')).statusCode).toBe(404);
  });
});

describe('a supporter\'s data on request: erase', () => {
  let p: Person;
  beforeAll(async () => {
    p = await person('Erin', 'Quillby');
  });

  it('is refused without the typed confirmation, or without "Erase supporters", changing nothing', async () => {
    for (const body of [{}, { confirmation: '' }, { confirmation: 'erase' }, { confirmation: `ERASE #${p.id + 1}` }]) {
      const refused = await eraser.post(`/jpanel/supporters/${p.id}/erase`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json()).toMatchObject({ message: supporterPrivacyMessages.notConfirmed(p.id), errors: { confirmation: [supporterPrivacyMessages.notConfirmed(p.id)] } });
    }
    expect((await editor.post(`/jpanel/supporters/${p.id}/erase`, { confirmation: `ERASE #${p.id}` })).statusCode).toBe(403);
    expect(await one(sql`select first_name, erased_at from supporters where id = ${p.id}`)).toEqual({ first_name: 'Erin', erased_at: null });
    expect((await eraser.post('/jpanel/supporters/2147483000/erase', { confirmation: 'ERASE #2147483000' })).statusCode).toBe(404);
  });

  it('removes names, contact, addresses, notes, free text and saved methods; keeps gifts, receipts and amounts as "Erased supporter #id"', async () => {
    const answer = await eraser.post(`/jpanel/supporters/${p.id}/erase`, { confirmation: ` erase #${p.id} ` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ message: supporterPrivacyMessages.erased(p.id), name: erasedSupporterName(p.id) });

    const s = await one(sql`select * from supporters where id = ${p.id}`);
    expect(s).toMatchObject({ first_name: null, last_name: null, email: null, display_name: erasedSupporterName(p.id), bill_address_01: null, bill_phone: null,
      ship_address_01: null, referral_source: null, email_opt_in: false, do_not_contact: true, is_active: false, erased_by: eraserId });
    expect(Number(s.lifetime_donation_amount ?? 0)).toBeGreaterThanOrEqual(0);

    const c = await one(sql`select supporter_id, supporter_name, total_amount, bill_first_name, bill_email, bill_address_01, customer_notes, comments, searchable_text from contributions where id = ${p.contribution}`);
    expect(c).toMatchObject({ supporter_id: p.id, supporter_name: erasedSupporterName(p.id), bill_first_name: null, bill_email: null, bill_address_01: null, customer_notes: null, comments: null });
    expect(Number(c.total_amount)).toBe(5000);
    expect(String(c.searchable_text)).not.toContain('erin');
    expect(await one(sql`select public_message from contribution_items where id = ${p.item}`)).toEqual({ public_message: null });
    expect(await one(sql`select name, message, notify_name, notify_email from tributes where contribution_item_id = ${p.item}`)).toEqual({ name: '', message: null, notify_name: null, notify_email: null });
    const r = await one(sql`select number, name, first_name, email, address_01, amount from tax_receipts where id = ${p.receipt}`);
    expect(r).toMatchObject({ number: expect.stringMatching(/^R-PRIV-/), name: erasedSupporterName(p.id), first_name: null, email: null, address_01: null });
    expect(Number(r.amount)).toBe(5000);
    expect(await one(sql`select subscriber_name from recurring_payment_profiles where id = ${p.profile}`)).toEqual({ subscriber_name: erasedSupporterName(p.id) });
    expect(await rows(sql`select id from payment_methods where supporter_id = ${p.id}`)).toEqual([]);
    expect(await rows(sql`select id from notes where commentable_type = 'supporter' and commentable_id = ${p.id}`)).toEqual([]);
    expect(await rows(sql`select id from tasks where supporter_id = ${p.id}`)).toEqual([]);
    expect(await rows(sql`select tag_id from supporter_tags where supporter_id = ${p.id}`)).toEqual([]);
    expect(await rows(sql`select note from supporter_consent_changes where supporter_id = ${p.id}`)).toEqual([{ note: null }]);
    const mail = await rows(sql`select to_address, subject, text from mail_outbox where supporter_id = ${p.id}`);
    expect(mail).toHaveLength(2);
    for (const m of mail) expect(m).toEqual({ to_address: '', subject: '(erased)', text: null });

    // Nothing anywhere still holds the name or the address: not the record's tables, not their history.
    const leftovers = await rows(sql`
      select 'audit ' || table_name as source, changes::text as text from audit_log where changes::text ilike '%quillby%'
      union all select 'outbox', to_jsonb(m)::text from mail_outbox m where to_jsonb(m)::text ilike '%quillby%'
      union all select 'receipts', to_jsonb(r)::text from tax_receipts r where to_jsonb(r)::text ilike '%quillby%'
      union all select 'contributions', to_jsonb(c)::text from contributions c where to_jsonb(c)::text ilike '%quillby%'
      union all select 'tributes', to_jsonb(x)::text from tributes x where to_jsonb(x)::text ilike '%erin%'
      union all select 'supporters', to_jsonb(s)::text from supporters s where to_jsonb(s)::text ilike '%quillby%'`);
    expect(leftovers).toEqual([]);
  });

  it('writes the erase to the record\'s history: who and when', async () => {
    const history = (await eraser.get(`/jpanel/history/supporters/${p.id}`)).json() as { data: { actor: { id: number } | null; changes: { field: string; before: unknown; after: unknown }[] }[] };
    const entry = history.data.find((e) => e.changes.some((c) => c.field === 'erased_at'));
    expect(entry?.actor?.id).toBe(eraserId);
    expect(entry?.changes.find((c) => c.field === 'first_name')).toMatchObject({ before: '[erased]', after: null });
    // The record's page says when and by whom, for its read-only notice.
    const who = await one(sql`select trim(concat_ws(' ', first_name, last_name)) as name from users where id = ${eraserId}`);
    const page = (await viewer.get(`/jpanel/supporters/${p.id}`)).json() as { supporter: { erased_at: string | null; erased_by_name: string | null } };
    expect(page.supporter.erased_by_name).toBe(who.name);
    expect(Date.parse(page.supporter.erased_at ?? '')).not.toBeNaN();
  });

  it('is found by no search: the list, the picker, the possible duplicates', async () => {
    const listed = async (term: string) =>
      ((await eraser.post('/jpanel/supporters.listing', { length: 100, status: 'all', search: { value: term } })).json() as { data: { id: number }[] }).data.map((r) => r.id);
    for (const term of ['Erin', 'erin.quillby@example.org', 'Erased supporter', `#${p.id}`, 'Erased']) expect(await listed(term), term).not.toContain(p.id);
    for (const term of ['Erin', 'Erased supporter']) {
      expect(((await eraser.get(`/jpanel/supporters.json?query=${encodeURIComponent(term)}`)).json() as { id: number }[]).map((o) => o.id), term).not.toContain(p.id);
    }
    const dupes = (await eraser.post('/jpanel/supporters.duplicates', { display_name: '', first_name: '', last_name: '', email: erasedSupporterName(p.id) })).json() as { data: { id: number }[] };
    expect(dupes.data.map((d) => d.id)).not.toContain(p.id);
    // Without a search, the kept record still lists (archived), nameless.
    const archived = (await eraser.post('/jpanel/supporters.listing', { length: 100, status: 'archived' })).json() as { data: { id: number; display_name: string }[] };
    expect(archived.data.find((r) => r.id === p.id)?.display_name).toBe(erasedSupporterName(p.id));
  });

  it('cannot be edited, restored, e-mailed, erased again or given gifts', async () => {
    const edit = await eraser.post(`/jpanel/supporters/${p.id}`, { first_name: 'Erin', last_name: 'Back' });
    expect([edit.statusCode, edit.json().message]).toEqual([409, supporterPrivacyMessages.noEdit]);
    const restore = await eraser.post(`/jpanel/supporters/${p.id}/restore`, {});
    expect([restore.statusCode, restore.json().message]).toEqual([409, supporterPrivacyMessages.noEdit]);
    const consent = await eraser.post(`/jpanel/supporters/${p.id}/consent`, { email: true, source: 'staff' });
    expect([consent.statusCode, consent.json().message]).toEqual([409, supporterPrivacyMessages.noEdit]);
    const mail = await eraser.post(`/jpanel/supporters/${p.id}/email`, { subject: 'Hello', body: 'Hi' });
    expect([mail.statusCode, mail.json().message]).toEqual([409, supporterPrivacyMessages.noEmail]);
    // Nothing personal comes back by the side doors either: a task, a note or tags.
    for (const [path, body] of [['/jpanel/tasks', { supporter_id: p.id, title: 'Call Erin' }], [`/jpanel/api/v1/supporters/${p.id}/comments`, { body: 'Erin called' }], [`/jpanel/supporters/${p.id}/tags`, { tag_ids: [] }]] as const) {
      const refused = await eraser.post(path, body);
      expect([refused.statusCode, refused.json().message], path).toEqual([409, supporterPrivacyMessages.noEdit]);
    }
    const again = await eraser.post(`/jpanel/supporters/${p.id}/erase`, { confirmation: `ERASE #${p.id}` });
    expect([again.statusCode, again.json().message]).toEqual([409, supporterPrivacyMessages.alreadyErased]);

    const other = await person('Gus', 'Giver');
    const moved = await eraser.post(`/jpanel/contributions/${other.contribution}`, { supporter_id: p.id });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().errors.supporter_id).toEqual([supporterPrivacyMessages.noGifts(erasedSupporterName(p.id))]);
    expect(await one(sql`select supporter_id from contributions where id = ${other.contribution}`)).toEqual({ supporter_id: other.id });
    expect(await one(sql`select first_name from supporters where id = ${p.id}`)).toEqual({ first_name: null });
  });
});
