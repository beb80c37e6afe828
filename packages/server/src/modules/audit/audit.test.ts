import { formatHistoryValue, historyCatalogues } from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import { buildUser, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { putSettings } from '../settings/settings.service.ts';
import { contributions, recurringPaymentProfiles } from '../contributions/contributions.tables.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { products } from '../products/products.tables.ts';
import { taxReceipts } from '../receipts/receipts.tables.ts';
import { sponsors } from '../sponsorships/sponsors.tables.ts';
import { sponsorships } from '../sponsorships/sponsorships.tables.ts';
import { roles, userRoles, users } from '../users/users.tables.ts';
import { tributeTypes } from '../tributes/tribute-types.tables.ts';
import { auditLog } from './audit.tables.ts';
import { queryRows } from '../../listing/engine.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('audit trail', () => {
  it('records who changed which field, before and after, from which address', async () => {
    const { agent, user } = await signedIn(t);
    await withActor(t.database.db, { userId: user.id, ip: '203.0.113.9' }, (tx) => putSettings(tx, { org_name: 'Hope Trust' }));
    await withActor(t.database.db, { userId: user.id, ip: '203.0.113.9' }, (tx) => putSettings(tx, { org_name: 'Hope Trust UK' }));

    const response = await agent.get('/jpanel/history/settings/org_name');
    expect(response.statusCode).toBe(200);
    const [latest, first] = response.json().data;
    expect(latest).toMatchObject({
      action: 'update',
      actor: { id: user.id, name: `${user.firstName} ${user.lastName}` },
      ip: '203.0.113.9',
      changes: [{ field: 'value', before: 'Hope Trust', after: 'Hope Trust UK' }],
    });
    expect(first.action).toBe('insert');
  });

  it('never copies passwords, secrets or tokens into the trail', async () => {
    const user = await buildUser(t.database);
    await withActor(t.database.db, { userId: user.id, ip: null }, (tx) =>
      tx
        .update(users)
        .set({ passwordHash: 'new-hash-value', twoFactorSecret: 'sealed-secret', apiTokenHash: 'token-hash' })
        .where(eq(users.id, user.id)),
    );
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, String(user.id)));
    const text = JSON.stringify(rows);
    expect(text).not.toContain('new-hash-value');
    expect(text).not.toContain('sealed-secret');
    expect(text).not.toContain('token-hash');
    expect(text).not.toContain(user.passwordHash);
    expect(text).toContain('[hidden]');
  });

  it('writes a many-row insert and delete as one entry a row, keyed, attributed and hidden like an update', async () => {
    const actor = await buildUser(t.database);
    const emails = ['trail-a@example.org', 'trail-b@example.org', 'trail-c@example.org'];
    const inserted = await withActor(t.database.db, { userId: actor.id, ip: '198.51.100.7' }, (tx) =>
      queryRows(tx, sql`insert into users (first_name, last_name, email, password_hash)
                        select 'Trail', 'Person', e, 'secret-hash-' || e from unnest(${`{${emails.join(',')}}`}::text[]) as e returning id`),
    );
    const ids = inserted.map((r) => String(r.id));
    const trailOf = (action: string) =>
      t.database.db.select().from(auditLog).where(sql`${auditLog.tableName} = 'users' and ${auditLog.action} = ${action} and ${auditLog.recordId} = any(${`{${ids.join(',')}}`}::text[])`);
    const created = await trailOf('insert');
    expect(created.map((r) => r.recordId).sort()).toEqual([...ids].sort());
    for (const entry of created) {
      expect(entry).toMatchObject({ actorUserId: actor.id, actorIp: '198.51.100.7' });
      const changes = entry.changes as Record<string, unknown>;
      expect(changes.password_hash).toEqual([null, '[hidden]']);
      expect(changes.first_name).toEqual([null, 'Trail']);
      expect(changes).not.toHaveProperty('updated_at');
    }
    expect(JSON.stringify(created)).not.toContain('secret-hash-');

    // An update pairs each row's old and new values by its key; ignored columns alone write nothing.
    const idList = `{${ids.join(',')}}`;
    await withActor(t.database.db, { userId: actor.id, ip: null }, async (tx) => {
      await tx.execute(sql`update users set first_name = 'Trailed' || id, last_login_at = now() where id = any(${idList}::int[])`);
      await tx.execute(sql`update users set login_count = login_count + 1 where id = any(${idList}::int[])`);
    });
    const updated = await trailOf('update');
    expect(updated.map((r) => [r.recordId, r.changes]).sort()).toEqual(ids.map((id) => [id, { first_name: ['Trail', `Trailed${id}`] }]).sort());

    await withActor(t.database.db, { userId: actor.id, ip: null }, (tx) => tx.execute(sql`delete from users where id = any(${`{${ids.join(',')}}`}::int[])`));
    const deleted = await trailOf('delete');
    expect(deleted).toHaveLength(3);
    expect(deleted.map((r) => (r.changes as Record<string, unknown>).email).sort()).toEqual(emails.map((e) => [e, null]));
    for (const entry of deleted) expect((entry.changes as Record<string, unknown>).password_hash).toEqual(['[hidden]', null]);
  });

  it('needs the permission of the record kind', async () => {
    const { agent } = await signedIn(t, { permissions: ['member.view'] });
    expect((await agent.get('/jpanel/history/settings/org_name')).statusCode).toBe(403);
    expect((await agent.get('/jpanel/history/supporters/1')).statusCode).toBe(200);
    expect((await agent.get('/jpanel/history/sessions/1')).statusCode).toBe(422);
  });

  it('pages through long histories', async () => {
    const { agent, user } = await signedIn(t);
    for (let i = 0; i < 5; i++) {
      await withActor(t.database.db, { userId: user.id, ip: null }, (tx) => putSettings(tx, { site_currency: `C${i}` }));
    }
    const first = (await agent.get('/jpanel/history/settings/site_currency?limit=3')).json();
    expect(first.data).toHaveLength(3);
    const rest = (await agent.get(`/jpanel/history/settings/site_currency?limit=3&before=${first.next_before}`)).json();
    expect(rest.data).toHaveLength(2);
    expect(rest.next_before).toBeNull();
  });

  it('has a label and a kind for every column of every table whose history is shown', () => {
    for (const table of [contributions, supporters, users, recurringPaymentProfiles, taxReceipts, products, sponsorships, sponsors, roles, userRoles, tributeTypes]) {
      const { name, columns } = getTableConfig(table);
      const catalogue = historyCatalogues[name as 'contributions'];
      expect(columns.map((c) => c.name).filter((c) => !(c in catalogue)), name).toEqual([]);
    }
  });

  it('shows money in its currency, people by name and dates, never raw column names or ids', async () => {
    const { agent, user } = await signedIn(t);
    const [s] = (await queryRows(t.database.db, sql`insert into supporters (display_name, first_name, last_name, currency_code) values ('Ada Lovelace', 'Ada', 'Lovelace', 'USD') returning id`)) as [{ id: number }];
    const [c] = (await queryRows(t.database.db, sql`
      insert into contributions (client_uuid, invoice_number, paid_at, payment_status, payment_type, currency_code, total_amount, subtotal_amount, supporter_id,
                                 functional_currency_code, functional_exchange_rate, functional_total_amount)
      values ('history-case', 'HISTORY-CASE', now(), 'succeeded', 'cash', 'EUR', 10000, 10000, ${s.id}, 'USD', 1.1, 11000) returning id`)) as [{ id: number }];
    const [p] = (await queryRows(t.database.db, sql`insert into payments (type, status, amount, currency_code, gateway, paid) values ('cash', 'succeeded', 10000, 'EUR', 'offline', true) returning id`)) as [{ id: number }];
    await t.database.db.execute(sql`insert into payment_links (payment_id, contribution_id) values (${p.id}, ${c.id})`);
    // The refund is converted into the organisation currency at the day's rate.
    await t.database.db.execute(sql`insert into exchange_rates (currency_code, rate, effective_on, source) values ('EUR', 1.1, current_date - 1, 'entered')
      on conflict do nothing`);
    expect((await agent.post('/jpanel/contributions/batch', { action: 'spam_and_refund', ids: [c.id] })).statusCode).toBe(200);

    const history = (await agent.get(`/jpanel/history/contributions/${c.id}`)).json();
    const changes = history.data.flatMap((e: { changes: unknown[] }) => e.changes) as { field: string; label: string; kind: string; currency?: string; before: unknown; after: unknown }[];
    const byField = (field: string) => changes.find((ch) => ch.field === field);
    // The API speaks decimals in the row's currency (not minor units), the screen formats them.
    expect(byField('refunded_amount')).toMatchObject({ label: 'Refunded amount', kind: 'money', currency: 'EUR', before: '0.00', after: '100.00' });
    expect(formatHistoryValue(byField('refunded_amount') as { kind: 'money'; currency: string }, byField('refunded_amount')?.after)).toBe('€100.00');
    const name = `${user.firstName} ${user.lastName}`;
    expect(byField('spam_marked_by')).toMatchObject({ label: 'Marked as spam by', kind: 'user', before: null, after: { id: user.id, name } });
    expect(byField('refunded_by')).toMatchObject({ after: { id: user.id, name } });
    expect(byField('spam_marked_at')).toMatchObject({ label: 'Marked as spam', kind: 'datetime' });
    expect(formatHistoryValue({ kind: 'datetime' }, byField('spam_marked_at')?.after)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/);
    expect(changes.some((ch) => ch.field === 'is_refunded' || ch.field === 'updated_at')).toBe(false);

    const created = history.data.at(-1) as { action: string; changes: { field: string; after: unknown }[] };
    expect(created.action).toBe('insert');
    expect(created.changes.find((ch) => ch.field === 'total_amount')).toMatchObject({ currency: 'EUR', after: '100.00' });
    expect(created.changes.find((ch) => ch.field === 'functional_total_amount')).toMatchObject({ currency: 'USD', after: '110.00' });
    expect(created.changes.find((ch) => ch.field === 'supporter_id')?.after).toEqual({ id: s.id, name: 'Ada Lovelace' });
    expect(created.changes.some((ch) => ch.field === 'id')).toBe(false);
  });

  it('answers a supporter\'s money as decimals in its currency, the old currency for the old amount', async () => {
    const { agent } = await signedIn(t);
    const [s] = (await queryRows(t.database.db, sql`insert into supporters (display_name, currency_code, lifetime_donation_amount) values ('Yen Giver', 'JPY', 1500) returning id`)) as [{ id: number }];
    // Zero-decimal yen: 1500 is ¥1,500, never 15.00.
    await t.database.db.execute(sql`update supporters set lifetime_donation_amount = 2500 where id = ${s.id}`);
    await t.database.db.execute(sql`update supporters set currency_code = 'USD', lifetime_donation_amount = 1234 where id = ${s.id}`);
    const response = await agent.get(`/jpanel/history/supporters/${s.id}`);
    expect(response.statusCode).toBe(200);
    const [moved, raised] = (response.json() as { data: { changes: { field: string; after: unknown }[] }[] }).data.map((e) => e.changes.find((ch) => ch.field === 'lifetime_donation_amount'));
    expect(raised).toEqual({ field: 'lifetime_donation_amount', label: 'Lifetime donations', kind: 'money', currency: 'JPY', before: '1500', after: '2500' });
    expect(formatHistoryValue({ kind: 'money', currency: 'JPY' }, raised?.after)).toBe('¥2,500');
    expect(moved).toMatchObject({ currency: 'USD', before_currency: 'JPY', before: '2500', after: '12.34' });
    // Read a page at a time, the older entry is still in yen: the currency is the one it had then.
    const first = (await agent.get(`/jpanel/history/supporters/${s.id}?limit=1`)).json() as { next_before: number };
    const older = (await agent.get(`/jpanel/history/supporters/${s.id}?limit=1&before=${first.next_before}`)).json() as { data: { changes: { field: string }[] }[] };
    expect(older.data[0]?.changes.find((ch) => ch.field === 'lifetime_donation_amount')).toEqual(raised);
  });
});
