import { MAX_PRINTED_LETTERS, tributeMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let agent: Agent;
let letterType: number;
let emailType: number;
const rowsOf = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  const [l] = await rowsOf(sql`insert into tribute_types (label, letter_template) values ('in memory of', '<p>Dear {{ tribute.notify_name }}, a gift {{ tribute.type }} {{ tribute.name }} ({{ tribute.amount }}).</p>') returning id`);
  const [e] = await rowsOf(sql`insert into tribute_types (label, email_subject, email_template) values ('in honour of', 'For {{ tribute.name }}', '<p>Dear {{ tribute.notify_name }}</p>') returning id`);
  letterType = Number(l?.id);
  emailType = Number(e?.id);
});

async function tribute(o: { notify: 'letter' | 'email' | null; name?: string; notifyName?: string; notifyOn?: string | null; email?: string | null; type?: number }): Promise<number> {
  const [row] = await rowsOf(sql`insert into tributes (tribute_type_id, name, amount, currency_code, notify, notify_name, notify_email, notify_on)
    values (${o.type ?? (o.notify === 'email' ? emailType : letterType)}, ${o.name ?? 'Grandma Rose'}, 2500, 'USD', ${o.notify}, ${o.notifyName ?? 'Lily <Rose>'},
            ${o.email === undefined ? 'lily@example.org' : o.email}, ${o.notifyOn ?? null}) returning id`);
  return Number(row?.id);
}

describe('unsent tribute letters', () => {
  it('prints the due, unsent letters from the type\'s template, escaped, one a sheet', async () => {
    const due = await tribute({ notify: 'letter', name: 'Uncle <Bob>' });
    const later = await tribute({ notify: 'letter', notifyOn: '2999-01-01' });
    const email = await tribute({ notify: 'email' });
    const page = await agent.get(`/jpanel/tributes/printUnsentLetters?ids=${due},${later},${email}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Dear Lily &lt;Rose&gt;, a gift in memory of Uncle &lt;Bob&gt; ($25.00).');
    expect(page.body.match(/class="letter"/g)).toHaveLength(1);
    expect(page.body).not.toContain('<Bob>');
    const none = await agent.get(`/jpanel/tributes/printUnsentLetters?ids=${later}`);
    expect(none.body).toContain(tributeMessages.noUnsentLetters);
    expect((await agent.get('/jpanel/tributes/printUnsentLetters?ids=1,x')).statusCode).toBe(422);
  });

  it(`shows at most ${MAX_PRINTED_LETTERS} letters and says how many more wait`, async () => {
    await t.database.db.execute(sql`insert into tributes (tribute_type_id, name, amount, currency_code, notify, notify_name)
      select ${letterType}, 'Bulk ' || g, 100, 'USD', 'letter', 'Reader ' || g from generate_series(1, ${MAX_PRINTED_LETTERS + 3}) g`);
    const page = await agent.get('/jpanel/tributes/printUnsentLetters');
    expect(page.statusCode, page.body.slice(0, 500)).toBe(200);
    expect(page.body.match(/class="letter"/g)).toHaveLength(MAX_PRINTED_LETTERS);
    const [count] = await rowsOf(sql`select count(*)::int as n from tributes where notify = 'letter' and notified_at is null and deleted_at is null
      and (notify_on is null or notify_on <= current_date)`);
    expect(page.body).toContain(tributeMessages.lettersOverflow(MAX_PRINTED_LETTERS, Number(count?.n) - MAX_PRINTED_LETTERS).replace(/'/g, '&#39;'));
    // Printing marks nothing.
    const [after] = await rowsOf(sql`select count(*)::int as n from tributes where notify = 'letter' and notified_at is null and deleted_at is null
      and (notify_on is null or notify_on <= current_date)`);
    expect(after?.n).toBe(count?.n);
  });

  it('sends all: letters marked notified, e-mails sent, those that cannot be sent counted and left unsent', async () => {
    const letter = await tribute({ notify: 'letter' });
    const email = await tribute({ notify: 'email' });
    const noAddress = await tribute({ notify: 'email', email: null });
    const [before] = await rowsOf(sql`select count(*)::int as n from mail_outbox`);
    const answer = await agent.post('/jpanel/tributes/sendUnsentLetters', { ids: `${letter},${email},${noAddress}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ message: tributeMessages.sentAll(2, 1), sent: 2, failed: 1 });
    const [mails] = await rowsOf(sql`select count(*)::int as n from mail_outbox`);
    expect(Number(mails?.n) - Number(before?.n)).toBe(1);
    const states = await rowsOf(sql`select id, notified_at is not null as notified from tributes where id in (${letter}, ${email}, ${noAddress}) order by id`);
    expect(states.map((s) => s.notified)).toEqual([true, true, false]);
    // Nothing left to send among them: a second run sends nothing (and mails no one twice).
    expect((await agent.post('/jpanel/tributes/sendUnsentLetters', { ids: `${letter},${email}` })).json()).toMatchObject({ sent: 0, failed: 0 });
    const { agent: viewer } = await signedIn(t, { permissions: ['tribute.view'] });
    expect((await viewer.post('/jpanel/tributes/sendUnsentLetters', {})).statusCode).toBe(403);
  });

  it('answers 429 with Retry-After when a tribute is notified again within the window, and sends once', async () => {
    const id = await tribute({ notify: 'email' });
    const [before] = await rowsOf(sql`select count(*)::int as n from mail_outbox`);
    const answers = await Promise.all([agent.post(`/jpanel/tributes/${id}/notify`), agent.post(`/jpanel/tributes/${id}/notify`)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json().message).toBe(tributeMessages.tooManyRequests);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    const [after] = await rowsOf(sql`select count(*)::int as n from mail_outbox`);
    expect(Number(after?.n) - Number(before?.n)).toBe(1);
    // After the window it may be sent again.
    await t.database.db.execute(sql`update tributes set notified_at = now() - interval '61 seconds' where id = ${id}`);
    expect((await agent.post(`/jpanel/tributes/${id}/notify`)).statusCode).toBe(200);
  });
});
