import { DOMAIN_EVENT_TYPES, domainEventCatalogue } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { JobQueue } from '../jobs/jobs.queue.ts';
import { type RecordedEvent, recordEvent, registerConsumer, unregisterConsumer } from './domain-events.service.ts';

/** Issue 7 item 2: an event is written iff its transaction commits, and consumers get it through the queue. */
let t: TestApp;
let workers: JobQueue;
const received: RecordedEvent[] = [];

beforeAll(async () => {
  registerConsumer('test_consumer', ['supporter.created', 'contribution.updated', 'contribution.deleted', 'contribution.refunded'], async (event, run) => {
    await run.once(`test_consumer:${event.id}`, async () => {
      received.push(event);
    });
  });
  t = await createSeededTestApp(scaleFor(120, 40));
  workers = new JobQueue(t.database, { work: true, pollingIntervalSeconds: 0.5 });
  await workers.start();
}, 180_000);

afterAll(async () => {
  unregisterConsumer('test_consumer');
  await workers.stop();
});

const eventsOf = async (type: string) => queryRows(t.database.db, sql`select id, payload, actor_id from domain_events where type = ${type} order by id`);

async function until(check: () => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
}

describe(`domain events on ${process.env.ALMONER_TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('writes an event and its deliveries only when the transaction commits', async () => {
    const before = (await eventsOf('supporter.created')).length;
    await expect(
      withActor(t.database.db, { userId: null, ip: null }, async (tx) => {
        await recordEvent(tx, 'supporter.created', { supporter_id: 901, email: 'rolled@example.org' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await eventsOf('supporter.created')).toHaveLength(before);

    const id = await withActor(t.database.db, { userId: null, ip: null }, (tx) => recordEvent(tx, 'supporter.created', { supporter_id: 902, email: 'kept@example.org' }));
    expect((await eventsOf('supporter.created')).map((e) => Number(e.id))).toContain(id);
    await until(() => received.some((e) => e.id === id));
    expect(received.filter((e) => e.id === id)).toHaveLength(1);
    expect(received.some((e) => (e.payload as { supporter_id?: number }).supporter_id === 901)).toBe(false);
  });

  it('refuses a payload that does not match the catalogue, and writes nothing', async () => {
    await expect(
      withActor(t.database.db, { userId: null, ip: null }, (tx) => recordEvent(tx, 'supporter.created', { supporter_id: -1 } as never)),
    ).rejects.toThrow();
  });

  it('records the contributions bulk actions\' events in their transactions, with the acting user', async () => {
    const { agent, user } = await signedIn(t);
    const picked = (await queryRows(t.database.db, sql`select id, supporter_id from contributions where deleted_at is null and not is_spam order by id limit 3`)).map((r) => Number(r.id));
    const spam = await agent.post('/jpanel/contributions/batch', { action: 'spam', ids: picked });
    expect(spam.statusCode).toBe(200);
    const updated = (await eventsOf('contribution.updated')).filter((e) => picked.includes((e.payload as { contribution_id: number }).contribution_id));
    expect(updated.map((e) => (e.payload as { contribution_id: number }).contribution_id).sort()).toEqual([...picked].sort());
    expect(updated.every((e) => Number(e.actor_id) === user.id && (e.payload as { changes: string[] }).changes.includes('is_spam'))).toBe(true);

    const deleted = await agent.post('/jpanel/contributions/destroy', { ids: [picked[0]] });
    expect(deleted.statusCode).toBe(200);
    expect((await eventsOf('contribution.deleted')).map((e) => (e.payload as { contribution_id: number }).contribution_id)).toContain(picked[0]);

    // A bulk action that fails validation writes no event.
    const count = (await eventsOf('contribution.updated')).length;
    expect((await agent.post('/jpanel/contributions/batch', { action: 'spam', ids: [] })).statusCode).toBe(422);
    expect(await eventsOf('contribution.updated')).toHaveLength(count);
    await until(() => received.filter((e) => e.type === 'contribution.deleted').length > 0);
    expect(received.some((e) => e.type === 'contribution.deleted' && (e.payload as { contribution_id: number }).contribution_id === picked[0])).toBe(true);
  });

  it('records contribution.refunded for a spam & refund', async () => {
    const { agent } = await signedIn(t);
    const [row] = await queryRows(
      t.database.db,
      sql`select c.id from contributions c join payment_links l on l.contribution_id = c.id join payments p on p.id = l.payment_id
           where p.status = 'succeeded' and p.amount > p.amount_refunded and p.type in ('cash', 'cheque') and not c.is_spam and c.deleted_at is null
           order by c.id limit 1`,
    );
    expect(row).toBeDefined();
    const response = await agent.post('/jpanel/contributions/batch', { action: 'spam_and_refund', ids: [Number(row?.id)] });
    expect(response.statusCode).toBe(200);
    const refunded = (await eventsOf('contribution.refunded')).filter((e) => (e.payload as { contribution_id: number }).contribution_id === Number(row?.id));
    expect(refunded).toHaveLength(1);
    expect((refunded[0]?.payload as { fully_refunded: boolean }).fully_refunded).toBe(true);
  });

  it('serves the catalogue, every type with a version, a schema and a sample that passes it', async () => {
    const anonymous = await new Agent(t.app).get('/jpanel/events/catalogue.json');
    expect(anonymous.statusCode).toBe(401);
    const { agent } = await signedIn(t);
    const response = await agent.get('/jpanel/events/catalogue.json');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { type: string; version: number; sample: unknown; schema: { type?: string } }[];
    expect(body.map((e) => e.type)).toEqual(DOMAIN_EVENT_TYPES);
    for (const entry of body) {
      expect(entry.version).toBeGreaterThanOrEqual(1);
      expect(entry.schema.type).toBe('object');
      expect(() => domainEventCatalogue[entry.type as keyof typeof domainEventCatalogue].schema.parse(entry.sample)).not.toThrow();
    }
    const docs = await agent.get('/jpanel/api/docs/json');
    expect(JSON.stringify(docs.json())).toContain('/jpanel/events/catalogue.json');
  });
});
