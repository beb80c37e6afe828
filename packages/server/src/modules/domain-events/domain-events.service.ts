import { type DomainEventPayload, type DomainEventType, domainEventCatalogue, toDecimal } from '@almoner/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { type JobRun, defineJob, enqueue } from '../jobs/jobs.queue.ts';
import { domainEvents } from './domain-events.tables.ts';

export type RecordedEvent<T extends DomainEventType = DomainEventType> = {
  id: number;
  type: T;
  version: number;
  payload: DomainEventPayload<T>;
  actorId: number | null;
  occurredAt: Date;
};

type Consumer = {
  name: string;
  types: ReadonlySet<DomainEventType>;
  /** Runs in a job: retried on failure, so an effect should go through `run.once` or `run.onceEach`. */
  handler: (events: RecordedEvent[], run: JobRun<DeliveryData>) => Promise<void>;
  /** Events handed to the handler at a time. */
  chunk: number;
};

type DeliveryData = { consumer: string; event_ids: number[] };

const consumers = new Map<string, Consumer>();

/**
 * Subscribes a consumer (webhooks, CRM sync, mail, reports) to some event types. Events recorded
 * from then on are delivered to it through the job queue, in the order they were recorded.
 */
export function registerConsumer<T extends DomainEventType>(
  name: string,
  types: readonly T[],
  handler: (event: RecordedEvent<T>, run: JobRun<DeliveryData>) => Promise<void>,
): void {
  const one = handler as (event: RecordedEvent, run: JobRun<DeliveryData>) => Promise<void>;
  consumers.set(name, {
    name,
    types: new Set(types),
    chunk: 1,
    handler: async (events, run) => {
      for (const event of events) await one(event, run);
    },
  });
}

/**
 * A consumer that takes its events `chunk` at a time, in recorded order: one whose effect for
 * many events is one transaction of a few statements (the webhooks fan-out) rather than a
 * transaction each.
 */
export function registerBatchConsumer<T extends DomainEventType>(
  name: string,
  types: readonly T[],
  chunk: number,
  handler: (events: RecordedEvent<T>[], run: JobRun<DeliveryData>) => Promise<void>,
): void {
  consumers.set(name, { name, types: new Set(types), chunk, handler: handler as Consumer['handler'] });
}

/**
 * For a batch consumer: runs `effect` once for the events of `events` not yet handled by the
 * consumer `name` (each event its own once-key, so a retried job or a chunk handed over again
 * adds nothing), in one transaction, in the order given.
 */
export async function onceEachEvent<E extends RecordedEvent>(
  run: Pick<JobRun<unknown>, 'onceEach'>,
  name: string,
  events: E[],
  effect: (tx: Tx, fresh: E[]) => Promise<void>,
): Promise<void> {
  const byKey = new Map(events.map((event) => [`${name}:event:${event.id}`, event]));
  await run.onceEach([...byKey.keys()], (tx, fresh) => effect(tx, fresh.map((key) => byKey.get(key) as E)));
}

/** Removes a consumer (tests). */
export const unregisterConsumer = (name: string): boolean => consumers.delete(name);

/** Events per delivery job: a bulk action on 10,000 rows makes 20 jobs per consumer, not 10,000. */
const DELIVERY_BATCH = 500;

const deliverEvents = defineJob<DeliveryData>({
  name: 'domain_event_delivery',
  retryLimit: 5,
  retryDelaySeconds: 5,
  retryBackoff: true,
  handler: async (run) => {
    const consumer = consumers.get(run.data.consumer);
    // A consumer removed since (a feature switched off) has nothing left to do.
    if (!consumer) return;
    const rows = await run.database.db.select().from(domainEvents).where(inArray(domainEvents.id, run.data.event_ids)).orderBy(domainEvents.id);
    // Progress is written every 5% (and at the end), not after each of up to 500 events.
    const step = Math.max(1, Math.floor(rows.length / 20));
    let written = 0;
    for (let from = 0; from < rows.length; from += consumer.chunk) {
      const done = Math.min(rows.length, from + consumer.chunk);
      await consumer.handler(rows.slice(from, done) as RecordedEvent[], run);
      if (done - written >= step || done === rows.length) {
        written = done;
        await run.progress((done / rows.length) * 100);
      }
    }
  },
});

/** Writes one event in `tx` (the outbox) and queues its delivery to each consumer of its type. */
export async function recordEvent<T extends DomainEventType>(tx: Queryable, type: T, payload: DomainEventPayload<T>): Promise<number> {
  const [id] = await recordEvents(tx, type, [payload]);
  return id as number;
}

/**
 * Events gathered over one batch of work in a transaction and written together before it
 * commits, by type in the order the types first appeared: a bulk change (an import batch of 100
 * rows) then writes one insert and one delivery job per consumer per type, instead of one each
 * per row. Payloads are checked when added, so a wrong one fails at the row that made it.
 */
export class EventBatch {
  private readonly byType = new Map<DomainEventType, unknown[]>();

  add<T extends DomainEventType>(type: T, payload: DomainEventPayload<T>): void {
    domainEventCatalogue[type].schema.parse(payload);
    const list = this.byType.get(type);
    if (list) list.push(payload);
    else this.byType.set(type, [payload]);
  }

  /** Writes what was gathered in `tx` and starts empty again. */
  async flush(tx: Queryable): Promise<void> {
    const gathered = [...this.byType];
    this.byType.clear();
    for (const [type, payloads] of gathered) await recordEvents(tx, type, payloads as DomainEventPayload<typeof type>[]);
  }
}

/**
 * Writes events of one type in `tx`, one per payload, and queues their delivery. Each payload is
 * checked against the catalogue's schema: a wrong payload is a bug and rolls the change back.
 */
export async function recordEvents<T extends DomainEventType>(tx: Queryable, type: T, payloads: DomainEventPayload<T>[]): Promise<number[]> {
  if (payloads.length === 0) return [];
  const entry = domainEventCatalogue[type];
  const ids: number[] = [];
  for (let start = 0; start < payloads.length; start += DELIVERY_BATCH) {
    const chunk = payloads.slice(start, start + DELIVERY_BATCH).map((payload) => entry.schema.parse(payload) as Record<string, unknown>);
    // One JSON parameter for the chunk: building a statement of thousands of parameters cost more
    // than the insert (an import's batch raises a thousand events). The actor is the acting staff
    // member, as the audit trigger reads it (set by withActor).
    const rows = (await tx.execute(sql`
      insert into domain_events (type, version, payload, actor_id)
      select ${type}, ${entry.version}::int, x.payload, nullif(current_setting('almoner.actor_id', true), '')::int
        from jsonb_array_elements(${JSON.stringify(chunk)}::jsonb) with ordinality as x(payload, n)
       order by x.n
      returning id`)) as unknown as { rows: { id: number | string }[] };
    const chunkIds = rows.rows.map((r) => Number(r.id));
    ids.push(...chunkIds);
    for (const consumer of consumers.values()) {
      if (consumer.types.has(type)) await enqueue(tx, deliverEvents, { consumer: consumer.name, event_ids: chunkIds });
    }
  }
  return ids;
}

/** contribution.refunded for every contribution the refunded payment paid for. */
export async function recordRefundEvents(tx: Tx, refund: { refundId: number; paymentId: number; amount: number; currency: string }): Promise<void> {
  const result = (await tx.execute(sql`
    select c.id, c.supporter_id, c.refunded_amount >= c.total_amount as fully_refunded
      from contributions c where c.id in (select contribution_id from payment_links where payment_id = ${refund.paymentId}) order by c.id`)) as unknown as {
    rows: { id: number; supporter_id: number | null; fully_refunded: boolean }[];
  };
  await recordEvents(
    tx,
    'contribution.refunded',
    result.rows.map((c) => ({
      contribution_id: Number(c.id),
      supporter_id: c.supporter_id === null ? null : Number(c.supporter_id),
      refund_id: refund.refundId,
      refunded: { amount: toDecimal(refund.amount, refund.currency), currency: refund.currency },
      fully_refunded: Boolean(c.fully_refunded),
    })),
  );
}

/** Events for contributions a bulk action changed: deleted, or updated with the fields named. */
export async function recordContributionEvents(tx: Tx, rows: { id: number; supporter_id: number | null }[], change: { deleted: true } | { changes: string[] }): Promise<void> {
  const refs = rows.map((r) => ({ contribution_id: Number(r.id), supporter_id: r.supporter_id === null ? null : Number(r.supporter_id) }));
  if ('deleted' in change) await recordEvents(tx, 'contribution.deleted', refs);
  else await recordEvents(tx, 'contribution.updated', refs.map((r) => ({ ...r, changes: change.changes })));
}
