import { tributeMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let agent: Agent;
/** This file's own two tributes, on seeded gifts: how many the seed draws depends on the day. */
let own: number[];
const rowsOf = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(150, 50));
  ({ agent } = await signedIn(t));
  const rows = await rowsOf(sql`insert into tributes (contribution_item_id, tribute_type_id, name, amount, currency_code)
    select ci.id, (select id from tribute_types where email_template is not null and deleted_at is null order by id limit 1),
      'A tribute of this test', ci.total, c.currency_code
    from contribution_items ci join contributions c on c.id = ci.contribution_id
    where not exists (select 1 from tributes x where x.contribution_item_id = ci.id) order by ci.id limit 2 returning id`);
  own = rows.map((r) => Number(r.id));
  expect(own).toHaveLength(2);
}, 180_000);

async function tributeWith(notify: 'email' | 'letter') {
  const id = own[notify === 'email' ? 0 : 1]!;
  const edited = await agent.post(`/jpanel/tributes/${id}/edit`, { name: 'Grandma Rose', message: 'With love', notify, notify_name: 'Lily <Rose>', notify_email: 'lily@example.org', notify_city: 'Tulsa' });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json()).toEqual({ id, name: 'Grandma Rose', message: 'Tribute for Grandma Rose has been successfully revised.' });
  return id;
}

describe('tributes', () => {
  it('shows a tribute for its modal', async () => {
    const id = await tributeWith('letter');
    const detail = (await agent.post(`/jpanel/tributes/${id}/modal`)).json();
    expect(detail).toMatchObject({ id, name: 'Grandma Rose', notify: 'letter', notify_name: 'Lily <Rose>', notify_city: 'Tulsa' });
  });

  it('marks a letter as notified without sending anything', async () => {
    const id = await tributeWith('letter');
    const [before] = await rowsOf(sql`select count(*)::int as n from mail_outbox`);
    const answer = (await agent.post(`/jpanel/tributes/${id}/notify`)).json();
    expect(answer).toEqual({ id, notify: 'letter', notify_name: 'Lily <Rose>', message: 'Lily <Rose> has been marked as notified successfully' });
    const [after] = await rowsOf(sql`select count(*)::int as n from mail_outbox`);
    expect(after?.n).toBe(before?.n);
    const [row] = await rowsOf(sql`select notified_at is not null as notified from tributes where id = ${id}`);
    expect(row?.notified).toBe(true);
  });

  it('e-mails an email tribute from its type\'s template with the merge tags, escaped', async () => {
    const id = await tributeWith('email');
    const answer = (await agent.post(`/jpanel/tributes/${id}/notify`)).json();
    expect(answer.message).toBe('Lily <Rose> has been notified successfully');
    const [mail] = await rowsOf(sql`select to_address, subject, html from mail_outbox order by id desc limit 1`);
    expect(mail?.to_address).toBe('lily@example.org');
    expect(mail?.subject).toContain('Grandma Rose');
    expect(mail?.html).toContain('Dear Lily &lt;Rose&gt;');
    expect(mail?.html).toContain('With love');
  });

  it('deletes after the question, and refuses bad input with 422', async () => {
    const id = await tributeWith('letter');
    expect((await agent.post(`/jpanel/tributes/${id}/edit`, { name: '' })).statusCode).toBe(422);
    expect((await agent.post(`/jpanel/tributes/${id}/edit`, { name: 'X', notify: 'email' })).json().errors.notify_email).toBeDefined();
    expect((await agent.post(`/jpanel/tributes/${id}/edit`, { name: 'X', notify: 'pigeon' })).statusCode).toBe(422);
    expect((await agent.post(`/jpanel/tributes/${id}/destroy`)).json()).toEqual({ id, message: tributeMessages.deleted });
    expect((await agent.post(`/jpanel/tributes/${id}/modal`)).statusCode).toBe(404);
    const { agent: viewer } = await signedIn(t, { permissions: ['tribute.view'] });
    expect((await viewer.post('/jpanel/tributes/1/destroy')).statusCode).toBe(403);
  });
});
