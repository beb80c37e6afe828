import { messages, tributeTypeMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';

/** Issue 38 item 3: tribute types staff add, correct, order, turn off and delete, with history. */
let t: TestApp;
let agent: Agent;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  const signed = await signedIn(t);
  agent = signed.agent;
  userId = signed.user.id;
});

const create = (body: Record<string, unknown>) => agent.post('/jpanel/tribute-types', body);

describe('tribute types', () => {
  it('adds a type with its notices, lists it in order and corrects it, with history', async () => {
    const created = await create({ label: 'In celebration of', sequence: 5, email_subject: 'A gift for {{ tribute.notify_name }}', email_cc: 'office@example.org,  board@example.org', email_template: '<p>Dear {{ tribute.notify_name }},</p><p>{{ donor.first_name }} gave in your honour.</p>' });
    expect(created.statusCode, created.body).toBe(201);
    const { message, tribute_type: type } = created.json();
    expect(message).toBe(tributeTypeMessages.created('In celebration of'));
    expect(type).toMatchObject({ label: 'In celebration of', is_enabled: true, sequence: 5, email_cc: 'office@example.org, board@example.org', letter_template: null, tributes: 0 });

    const list = (await agent.get('/jpanel/tribute-types.json')).json().data as { id: number; sequence: number }[];
    expect(list.map((x) => x.sequence)).toEqual([...list.map((x) => x.sequence)].sort((a, b) => a - b));
    expect(list.some((x) => x.id === type.id)).toBe(true);

    const saved = await agent.post(`/jpanel/tribute-types/${type.id}`, { label: 'In celebration of', sequence: 1, is_enabled: false, letter_template: 'Dear {{ tribute.notify_name }}' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().tribute_type).toMatchObject({ sequence: 1, is_enabled: false, email_template: null, letter_template: 'Dear {{ tribute.notify_name }}' });
    // A type turned off is no longer offered at the point of sale.
    const offered = await queryRows(t.database.db, sql`select id from tribute_types where is_enabled and id = ${type.id}`);
    expect(offered).toEqual([]);

    const history = (await agent.get(`/jpanel/history/tribute_types/${type.id}`)).json().data as { action: string; actor: { id: number }; changes: { field: string; before: unknown; after: unknown }[] }[];
    expect(history[0]).toMatchObject({ action: 'update', actor: { id: userId } });
    expect(history[0]!.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'is_enabled', label: 'Offered', before: true, after: false }), expect.objectContaining({ field: 'sequence', label: 'Order', before: 5, after: 1 })]));
  });

  it('refuses a name in use, bad addresses, an unreadable template and NUL, changing nothing', async () => {
    await create({ label: 'In gratitude for' });
    const before = await queryRows(t.database.db, sql`select count(*)::int as n from tribute_types`);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ label: 'IN GRATITUDE FOR' }, 'label', tributeTypeMessages.labelTaken],
      [{ label: 'Other', email_cc: 'not-an-address' }, 'email_cc', tributeTypeMessages.emails],
      [{ label: 'Other', letter_template: 'Dear {% if %}' }, 'letter_template', 'This template cannot be used'],
      [{ label: 'Other', email_template: '{% include "/etc/passwd" %}' }, 'email_template', ''],
      [{ label: 'a\u0000b' }, 'label', messages.invalidCharacter],
      [{ label: '' }, 'label', messages.required],
    ];
    for (const [body, field, text] of cases) {
      const answer = await create(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      expect(String(answer.json().errors?.[field]?.[0] ?? ''), field).toContain(text);
    }
    expect(await queryRows(t.database.db, sql`select count(*)::int as n from tribute_types`)).toEqual(before);
  });

  it('deletes a type no tribute uses, and refuses one in use with how many', async () => {
    const unused = (await create({ label: 'Unused type' })).json().tribute_type;
    const used = (await create({ label: 'Used type' })).json().tribute_type;
    await queryRows(t.database.db, sql`insert into tributes (tribute_type_id, name, amount, currency_code) values (${used.id}, 'Ann', 1000, 'USD'), (${used.id}, 'Bob', 500, 'USD')`);
    const refused = await agent.post(`/jpanel/tribute-types/${used.id}/destroy`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(tributeTypeMessages.inUse('Used type', 2));
    expect((await agent.get(`/jpanel/tribute-types/${used.id}`)).json().tributes).toBe(2);

    const deleted = await agent.post(`/jpanel/tribute-types/${unused.id}/destroy`);
    expect(deleted.json()).toEqual({ message: tributeTypeMessages.deleted('Unused type') });
    expect((await agent.get(`/jpanel/tribute-types/${unused.id}`)).statusCode).toBe(404);
    expect((await agent.post(`/jpanel/tribute-types/${unused.id}/destroy`)).statusCode).toBe(404);
  });

  it('is for staff with the tribute types permission only', async () => {
    const { agent: clerk } = await signedIn(t, { permissions: ['tribute.view', 'tribute.edit'] });
    expect((await clerk.get('/jpanel/tribute-types.json')).statusCode).toBe(403);
    expect((await clerk.post('/jpanel/tribute-types', { label: 'Sneaky' })).statusCode).toBe(403);
    const { agent: keeper } = await signedIn(t, { permissions: ['tributetype.edit'] });
    expect((await keeper.get('/jpanel/tribute-types.json')).statusCode).toBe(200);
  });
});
