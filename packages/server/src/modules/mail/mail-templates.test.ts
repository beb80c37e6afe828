import { mailTemplateMessages, TEMPLATE_LIMITS, templateMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { sendConfirmationIfDue } from '../contributions/contributions.confirmation.ts';
import { mailTemplates } from './mail.templates.ts';

let t: TestApp;
let agent: Agent;
const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
const lastMail = async () => (await rows(sql`select to_address, subject, html, text from mail_outbox order by id desc limit 1`))[0];

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(150, 50));
  ({ agent } = await signedIn(t));
}, 180_000);

type Detail = { key: string; subject: string; html: string; text: string; customised: boolean; sample_id: number | null; built_in: { subject: string } };
const list = async () => ((await agent.get('/jpanel/settings/mail_templates.json')).json() as { data: Detail[] }).data;
const detail = async (key: string) => (await list()).find((d) => d.key === key) as Detail;

describe('mail templates staff can edit', () => {
  it('lists the receipt, tribute notice, confirmation, recurring-terms, update-your-card and membership renewal e-mails, each with a record to preview with', async () => {
    const all = await list();
    expect(all.map((d) => d.key)).toEqual(['taxReceipt', 'tributeNotice', 'contributionConfirmation', 'recurringTermsChanged', 'cardUpdateLink', 'membershipRenewal']);
    for (const d of all) {
      expect(d.customised).toBe(false);
      expect(d.sample_id).toBeGreaterThan(0);
      expect(d.subject).toBe(mailTemplates[d.key as keyof typeof mailTemplates].subject);
    }
  });

  it('previews a draft merged with a real receipt, and refuses unreadable templates and unknown records on their field', async () => {
    const { sample_id: id } = await detail('taxReceipt');
    const [receipt] = await rows(sql`select number, name from tax_receipts where id = ${id}`);
    const draft = { subject: 'Receipt {{ receipt.number }} for {{ receipt.name }}', html: '<p>{{ receipt.total_eligible_amount }} · {{ org.legal_name }}</p>', text: '{{ receipt.summary_table }}' };
    const preview = await agent.post('/jpanel/settings/mail_templates/taxReceipt/preview', { ...draft, record_id: id });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().subject).toBe(`Receipt ${String(receipt?.number)} for ${String(receipt?.name)}`);
    expect(preview.json().text).toMatch(/^Contribution #/);

    const badFilter = await agent.post('/jpanel/settings/mail_templates/taxReceipt/preview', { ...draft, subject: '{{ receipt.number | shout }}', record_id: id });
    expect(badFilter.statusCode).toBe(422);
    expect(badFilter.json().errors.subject[0]).toMatch(/^This template cannot be used: /);
    const badTag = await agent.post('/jpanel/settings/mail_templates/taxReceipt/preview', { ...draft, html: '{% if %}', record_id: id });
    expect(Object.keys(badTag.json().errors)).toEqual(['html']);
    const missing = await agent.post('/jpanel/settings/mail_templates/taxReceipt/preview', { ...draft, record_id: 2147483647 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.record_id).toEqual([mailTemplateMessages.noRecord('Receipt ID')]);
    expect((await agent.post('/jpanel/settings/mail_templates/taxReceipt/preview', { ...draft, subject: 'a\u0000b', record_id: id })).statusCode).toBe(422);
    expect((await agent.post('/jpanel/settings/mail_templates/taxReceipt/preview', { ...draft, html: ' ', record_id: id })).statusCode).toBe(422);
    expect((await agent.post('/jpanel/settings/mail_templates/nope/preview', { ...draft, record_id: id })).statusCode).toBeLessThan(500);
  });

  it('saves only after a preview record merges, then the mailer sends the saved wording; reset restores the built-in one', async () => {
    const { sample_id: id } = await detail('taxReceipt');
    const draft = { subject: 'Official receipt {{ receipt.number }} from {{ organisation }}', html: '<p>Hello {{ receipt.first_name }}, receipt {{ receipt.number }} attached.</p>', text: 'Receipt {{ receipt.number }} attached.' };
    const noRecord = await agent.post('/jpanel/settings/mail_templates/taxReceipt', draft);
    expect(noRecord.statusCode).toBe(422);
    expect(noRecord.json().errors.record_id).toEqual([mailTemplateMessages.previewFirst]);
    expect((await agent.post('/jpanel/settings/mail_templates/taxReceipt', { ...draft, html: '{{ x | nope }}', record_id: id })).statusCode).toBe(422);
    expect((await detail('taxReceipt')).customised).toBe(false);

    const saved = await agent.post('/jpanel/settings/mail_templates/taxReceipt', { ...draft, record_id: id });
    expect(saved.json()).toEqual({ message: mailTemplateMessages.saved('Tax receipt') });
    expect(await detail('taxReceipt')).toMatchObject({ customised: true, subject: draft.subject });

    const [receipt] = await rows(sql`select number, email from tax_receipts where id = ${id}`);
    const sent = await agent.post(`/jpanel/tax_receipt/${id}/notify`, { email: 'donor@example.org' });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await lastMail();
    expect(mail?.subject).toMatch(new RegExp(`^Official receipt ${String(receipt?.number)} from `));
    expect(mail?.text).toBe(`Receipt ${String(receipt?.number)} attached.`);

    expect((await agent.post('/jpanel/settings/mail_templates/taxReceipt/reset')).json()).toEqual({ message: mailTemplateMessages.reset('Tax receipt') });
    expect(await detail('taxReceipt')).toMatchObject({ customised: false, subject: mailTemplates.taxReceipt.subject });
  });

  it('sends the tribute notice for a tribute type without a template, and the contribution confirmation, from the saved wording', async () => {
    const [tribute] = await rows(sql`select t.id, t.tribute_type_id from tributes t where t.deleted_at is null order by t.id desc limit 1`);
    await t.database.db.execute(sql`update tribute_types set email_template = null where id = ${tribute?.tribute_type_id}`);
    await t.database.db.execute(sql`update tributes set notify = 'email', notify_email = 'honoured@example.org', notified_at = null, name = 'Grandma Rose', updated_at = now() - interval '1 hour' where id = ${tribute?.id}`);
    const notice = { subject: 'In honour of {{ tribute.name }}', html: '<p>{{ donor.first_name }} gave {{ tribute.amount }}.</p>', text: '{{ donor.first_name }} gave {{ tribute.amount }}.' };
    expect((await agent.post('/jpanel/settings/mail_templates/tributeNotice', { ...notice, record_id: tribute?.id })).statusCode).toBe(200);
    const notified = await agent.post(`/jpanel/tributes/${tribute?.id}/notify`);
    expect(notified.statusCode, notified.body).toBe(200);
    expect(await lastMail()).toMatchObject({ to_address: 'honoured@example.org', subject: 'In honour of Grandma Rose' });

    const { sample_id: contributionId } = await detail('contributionConfirmation');
    await t.database.db.execute(sql`update contributions set send_confirmation_emails = true, bill_email = 'giver@example.org' where id = ${contributionId}`);
    const confirmation = { subject: 'Thanks for gift #{{ contribution.number }}', html: '<p>{{ contribution.total }}</p>', text: '{{ contribution.total }} on {{ contribution.date }}' };
    expect((await agent.post('/jpanel/settings/mail_templates/contributionConfirmation', { ...confirmation, record_id: contributionId })).statusCode).toBe(200);
    await withActor(t.database.db, { userId: null, ip: null }, (tx) => sendConfirmationIfDue(tx, Number(contributionId)));
    const [c] = await rows(sql`select coalesce(invoice_number, client_uuid) as number from contributions where id = ${contributionId}`);
    expect(await lastMail()).toMatchObject({ to_address: 'giver@example.org', subject: `Thanks for gift #${String(c?.number)}` });
  });

  // Issue 35: a template is code staff write, run on the server. It reads no file and cannot
  // run away with the process.
  it('refuses a template that names a file (package.json, the app key, ../) on preview and save, and reads none', async () => {
    const { sample_id: id } = await detail('contributionConfirmation');
    const draft = { subject: 's', html: '<p>{{ contribution.total }}</p>', text: 't' };
    const before = await detail('contributionConfirmation');
    const attempts: [string, string][] = [
      ['html', "{% include 'package.json' %}"],
      ['html', "{% render 'data/app.key' %}"],
      ['html', "{% layout '../package.json' %}x"],
      ['text', "{% include '/etc/passwd' %}"],
      ['subject', "{% if true %}{% include 'README.md' %}{% endif %}"],
      ['html', "{% assign f = 'package.json' %}{% include f %}"],
      ['text', "{% liquid\n  render 'package.json'\n%}"],
    ];
    for (const [field, source] of attempts) {
      for (const url of ['/jpanel/settings/mail_templates/contributionConfirmation/preview', '/jpanel/settings/mail_templates/contributionConfirmation']) {
        const answer = await agent.post(url, { ...draft, [field]: source, record_id: id });
        expect(answer.statusCode, source).toBe(422);
        const tag = /\b(include|render|layout)\b/.exec(source)?.[1] ?? '';
        expect(answer.json().errors[field], source).toEqual([templateMessages.noFiles(tag)]);
        expect(answer.body).not.toContain('"name"');
        expect(answer.body).not.toContain('devDependencies');
      }
    }
    expect(await detail('contributionConfirmation')).toMatchObject(before);
  });

  it('refuses a runaway loop with a message naming the limit, and goes on serving', async () => {
    const { sample_id: id } = await detail('contributionConfirmation');
    const draft = { subject: 's', html: '{% for i in (1..200000000) %}x{% endfor %}', text: 't', record_id: id };
    const preview = await agent.post('/jpanel/settings/mail_templates/contributionConfirmation/preview', draft);
    expect(preview.statusCode).toBe(422);
    expect(preview.json()).toMatchObject({ message: templateMessages.tooMuchWork, errors: { html: [templateMessages.tooMuchWork] } });
    expect(templateMessages.tooMuchWork).toContain(TEMPLATE_LIMITS.work.toLocaleString('en-US'));
    // Two nested loops: refused by the work count after 100,000 turns, or on a very busy machine
    // by the time backstop first; either way with the limit's message, and nothing saved.
    const before = await detail('contributionConfirmation');
    const nested = await agent.post('/jpanel/settings/mail_templates/contributionConfirmation', { ...draft, html: 'ok', text: '{% for a in (1..1000) %}{% for b in (1..1000) %}{{ b }}{% endfor %}{% endfor %}' });
    expect(nested.statusCode).toBe(422);
    expect([[templateMessages.tooMuchWork], [templateMessages.tooSlow]]).toContainEqual(nested.json().errors.text);
    expect(await detail('contributionConfirmation')).toMatchObject(before);
    expect((await agent.get('/jpanel/settings/mail_templates.json')).statusCode).toBe(200);
  });

  it('is for staff with the general settings permission', async () => {
    const { agent: other } = await signedIn(t, { permissions: ['taxreceipt.edit'] });
    expect((await other.get('/jpanel/settings/mail_templates.json')).statusCode).toBe(403);
    expect((await other.post('/jpanel/settings/mail_templates/taxReceipt/reset')).statusCode).toBe(403);
  });
});
