import { type ConsentAnswer, consentMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { sendConfirmationIfDue } from '../contributions/contributions.confirmation.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let editor: Agent;
let editorId: number;
let viewer: Agent;
let admin: Agent;

const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
/** A day counted from today by the app's clock (the database's), never the test machine's. */
const dayFrom = async (days: number) => String((await rows(sql`select ((now() at time zone 'UTC')::date + ${days}::int)::text as d`))[0]!.d);

async function supporter(name: string, email: string | null, optedIn = true): Promise<number> {
  const [first, last] = name.split(' ');
  const [row] = await rows(sql`insert into supporters (first_name, last_name, display_name, email, email_opt_in, currency_code)
    values (${first}, ${last}, ${name}, ${email}, ${optedIn}, 'USD') returning id`);
  return Number(row!.id);
}
const consentOf = async (id: number) => (await editor.get(`/jpanel/supporters/${id}/consent.json`)).json() as ConsentAnswer;
const outboxFor = async (id: number) => rows(sql`select kind, to_address, subject, text, created_by from mail_outbox where supporter_id = ${id} order by id`);

beforeAll(async () => {
  t = await createTestApp();
  const e = await signedIn(t, { permissions: ['member.view', 'member.edit'] });
  editor = e.agent;
  editorId = e.user.id;
  viewer = (await signedIn(t, { permissions: ['member.view'] })).agent;
  admin = (await signedIn(t)).agent;
});

describe('consent', () => {
  it('records an opt-out with its date, source, staff member and note, and the record\'s history shows from → to', async () => {
    const id = await supporter('Olive Optout', 'olive.optout@example.org');
    const when = await dayFrom(-3);
    const answer = await editor.post(`/jpanel/supporters/${id}/consent`, { email: false, sms: true, source: 'donor', changed_on: when, note: 'Phoned to say: no more e-mails' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      message: consentMessages.recorded('Olive Optout'),
      consent: { email: false, post: false, phone: false, sms: true, do_not_contact: false, deceased_on: null, can_email: false },
    });
    const { data } = await consentOf(id);
    expect(data.map((c) => [c.topic, c.previous, c.granted, c.changed_on, c.source, c.note, c.recorded_by?.id])).toEqual(
      expect.arrayContaining([
        ['email', true, false, when, 'donor', 'Phoned to say: no more e-mails', editorId],
        ['sms', false, true, when, 'donor', 'Phoned to say: no more e-mails', editorId],
      ]),
    );
    expect(data).toHaveLength(2);
    const history = (await editor.get(`/jpanel/history/supporters/${id}`)).json() as { data: { actor: { id: number } | null; changes: { field: string; before: unknown; after: unknown }[] }[] };
    const entry = history.data.find((e) => e.changes.some((c) => c.field === 'email_opt_in'));
    expect(entry?.actor?.id).toBe(editorId);
    expect(entry?.changes.find((c) => c.field === 'email_opt_in')).toMatchObject({ before: true, after: false });
  });

  it('refuses what changes nothing, a date of death or change in the future, a bad source, and someone without "Edit supporters"', async () => {
    const id = await supporter('Fred Future', 'fred.future@example.org');
    const tomorrow = await dayFrom(2);
    const same = await editor.post(`/jpanel/supporters/${id}/consent`, { email: true, source: 'staff' });
    expect([same.statusCode, same.json().message]).toEqual([422, consentMessages.nothingChanged]);
    const future = await editor.post(`/jpanel/supporters/${id}/consent`, { deceased_on: tomorrow, do_not_contact: true, source: 'staff' });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ deceased_on: [consentMessages.deceasedInFuture] });
    const later = await editor.post(`/jpanel/supporters/${id}/consent`, { post: true, changed_on: tomorrow, source: 'staff' });
    expect(later.json().errors).toEqual({ changed_on: [consentMessages.changedInFuture] });
    const badSource = await editor.post(`/jpanel/supporters/${id}/consent`, { post: true, source: 'import' });
    expect(badSource.statusCode).toBe(422);
    expect((await editor.post(`/jpanel/supporters/${id}/consent`, { post: true, changed_on: '2026-02-30', source: 'staff' })).statusCode).toBe(422);
    expect((await viewer.post(`/jpanel/supporters/${id}/consent`, { post: true, source: 'staff' })).statusCode).toBe(403);
    expect((await editor.post('/jpanel/supporters/2147483000/consent', { post: true, source: 'staff' })).statusCode).toBe(404);
    const { consent, data } = await consentOf(id);
    expect([consent.post, consent.do_not_contact, consent.deceased_on, data.length]).toEqual([false, false, null, 0]);
  });

  it('marks a supporter deceased: shown on their page, their list row, the "can e-mail" filter and the CSV', async () => {
    const id = await supporter('Dora Deceased', 'dora.deceased@example.org');
    const died = await dayFrom(-10);
    const listed = async (filters: Record<string, string>) =>
      ((await editor.post('/jpanel/supporters.listing', { length: 100, search: { value: 'Dora Deceased' }, ...filters })).json() as { data: { id: number; deceased_on: string | null }[] }).data;
    expect((await listed({ can_email: '1' })).map((r) => r.id)).toContain(id);
    expect((await editor.post(`/jpanel/supporters/${id}/consent`, { deceased_on: died, source: 'staff', note: 'Letter from the family' })).statusCode).toBe(200);
    expect((await editor.get(`/jpanel/supporters/${id}`)).json().supporter.deceased_on).toBe(died);
    expect((await listed({})).find((r) => r.id === id)?.deceased_on).toBe(died);
    expect((await listed({ can_email: '1' })).map((r) => r.id)).not.toContain(id);
    expect((await listed({ can_email: '0' })).map((r) => r.id)).toContain(id);
    const csv = (await editor.get('/jpanel/supporters.csv?search[value]=Dora%20Deceased')).body.split('\n');
    const header = csv[0]!.split(',');
    const row = csv.find((line) => line.includes('dora.deceased@example.org'))!.split(',');
    expect(row[header.indexOf('Deceased On')]).toBe(died);
    expect(row[header.indexOf('Can Email')]).toBe('N');
    const { data } = await consentOf(id);
    expect(data[0]).toMatchObject({ topic: 'deceased', previous: false, granted: true, changed_on: died, note: 'Letter from the family' });
  });
});

describe('e-mailing one supporter', () => {
  it('queues a plain-text message through the outbox and lists it in their mail', async () => {
    const id = await supporter('Mae Mailed', 'mae.mailed@example.org', false);
    const sent = await editor.post(`/jpanel/supporters/${id}/email`, { subject: 'Thank you', body: 'Dear Mae,\n<b>thanks</b> for your gift.' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await outboxFor(id)).toEqual([{ kind: 'supporter_email', to_address: 'mae.mailed@example.org', subject: 'Thank you', text: 'Dear Mae,\n<b>thanks</b> for your gift.', created_by: editorId }]);
    const [html] = await rows(sql`select html from mail_outbox where id = ${sent.json().mail_id}`);
    expect(html?.html).toBeNull();
    const mail = (await viewer.get(`/jpanel/supporters/${id}/mail.json`)).json();
    expect(mail.total).toBe(1);
    expect(mail.data[0]).toMatchObject({ id: sent.json().mail_id, kind: 'supporter_email', subject: 'Thank you', sent_by: expect.any(String) });
  });

  it('refuses, sending nothing, for "do not contact", deceased, no e-mail, bad input and without the permission', async () => {
    const noEmail = await supporter('Nora Noemail', null);
    const quiet = await supporter('Quentin Quiet', 'quentin.quiet@example.org');
    const gone = await supporter('Gus Gone', 'gus.gone@example.org');
    await editor.post(`/jpanel/supporters/${quiet}/consent`, { do_not_contact: true, source: 'donor' });
    await editor.post(`/jpanel/supporters/${gone}/consent`, { deceased_on: await dayFrom(-1), source: 'staff' });
    const mail = { subject: 'Hello', body: 'A note' };
    const refused = async (id: number) => {
      const answer = await editor.post(`/jpanel/supporters/${id}/email`, mail);
      return [answer.statusCode, answer.json().message];
    };
    expect(await refused(noEmail)).toEqual([409, consentMessages.noEmail('Nora Noemail')]);
    expect(await refused(quiet)).toEqual([409, consentMessages.doNotContact('Quentin Quiet')]);
    expect(await refused(gone)).toEqual([409, consentMessages.deceased('Gus Gone')]);
    const ok = await supporter('Ivy Input', 'ivy.input@example.org');
    expect((await editor.post(`/jpanel/supporters/${ok}/email`, { subject: 'Two\nlines', body: 'x' })).statusCode).toBe(422);
    expect((await editor.post(`/jpanel/supporters/${ok}/email`, { subject: 'Empty', body: '  ' })).statusCode).toBe(422);
    expect((await viewer.post(`/jpanel/supporters/${ok}/email`, mail)).statusCode).toBe(403);
    for (const id of [noEmail, quiet, gone, ok]) expect(await outboxFor(id)).toEqual([]);
    expect((await editor.get('/jpanel/supporters/2147483000/mail.json')).statusCode).toBe(404);
  });
});

describe('mail to supporters who died or asked not to be contacted', () => {
  it('refuses a tax receipt by e-mail and a tribute notice to their address', async () => {
    const id = await supporter('Rita Receipt', 'rita.receipt@example.org');
    const [receipt] = await rows(sql`insert into tax_receipts (supporter_id, status, number, email, name, currency_code, amount, issued_at)
      values (${id}, 'issued', 'TEST-DECEASED-1', 'rita.receipt@example.org', 'Rita Receipt', 'USD', 2500, now()) returning id`);
    await editor.post(`/jpanel/supporters/${id}/consent`, { deceased_on: await dayFrom(-5), source: 'staff' });
    const before = await rows(sql`select count(*)::int as n from mail_outbox`);
    const notified = await admin.post(`/jpanel/tax_receipt/${String(receipt!.id)}/notify`, {});
    expect([notified.statusCode, notified.json().message]).toEqual([409, consentMessages.deceased('Rita Receipt')]);

    const quiet = await supporter('Tessa Tribute', 'tessa.tribute@example.org');
    await editor.post(`/jpanel/supporters/${quiet}/consent`, { do_not_contact: true, source: 'donor' });
    const [type] = await rows(sql`insert into tribute_types (label, email_subject, email_template) values ('in honour of', 'For {{ tribute.name }}', '<p>Dear {{ tribute.notify_name }}</p>') returning id`);
    const [tribute] = await rows(sql`insert into tributes (tribute_type_id, name, amount, currency_code, notify, notify_name, notify_email)
      values (${type!.id}, 'Grandma', 2500, 'USD', 'email', 'Tessa', 'Tessa.Tribute@example.org') returning id`);
    const notice = await admin.post(`/jpanel/tributes/${String(tribute!.id)}/notify`, {});
    expect([notice.statusCode, notice.json().message]).toEqual([409, consentMessages.doNotContact('Tessa Tribute')]);
    expect(await rows(sql`select count(*)::int as n from mail_outbox`)).toEqual(before);
  });

  it('sends a gift confirmation to a contactable supporter (tagged for their Mail) and none to one who asked not to be contacted', async () => {
    const confirmFor = async (id: number) => {
      const [c] = await rows(sql`insert into contributions (client_uuid, supporter_id, currency_code, functional_currency_code, functional_exchange_rate, functional_total_amount,
                                                            functional_rate_date, send_confirmation_emails, bill_email)
        select gen_random_uuid()::text, ${id}, 'USD', 'USD', 1, 0, current_date, true, email from supporters where id = ${id} returning id`);
      await t.database.db.transaction((tx) => sendConfirmationIfDue(tx, Number(c!.id)));
      return (await outboxFor(id)).map((m) => m.kind);
    };
    const glad = await supporter('Gina Glad', 'gina.glad@example.org');
    const quiet = await supporter('Carl Quiet', 'carl.quiet@example.org');
    await editor.post(`/jpanel/supporters/${quiet}/consent`, { do_not_contact: true, source: 'donor' });
    expect(await confirmFor(glad)).toEqual(['confirmation']);
    expect(await confirmFor(quiet)).toEqual([]);
  });
});
