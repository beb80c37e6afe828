import { WEBHOOK_DELIVERIES_SHOWN, type Webhook, type WebhookDelivery, type WebhookDeliverySummary, type webhookInputSchema, webhookMessages } from '@almoner/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { checkOutboundUrl } from '../../integrations/outbound/guard.ts';
import { encrypt } from '../auth/crypto.ts';
import { circuitReset, failParked } from './webhooks.circuit.ts';
import { queueDelivery } from './webhooks.delivery.ts';
import { webhookSettings } from './webhooks.settings.ts';
import { generateSecret } from './webhooks.sign.ts';
import { webhookDeliveries, webhooks } from './webhooks.tables.ts';

type HookRow = typeof webhooks.$inferSelect;
/** A delivery with its hook's pause: a waiting (parked) delivery's next try is the hook's next probe. */
type DeliveryRow = typeof webhookDeliveries.$inferSelect & { hookPausedUntil: Date | null };
export type WebhookValues = z.output<typeof webhookInputSchema>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const toWebhook = (h: HookRow): Webhook => ({
  id: h.id,
  payload_url: h.payloadUrl,
  content_type: h.contentType as Webhook['content_type'],
  events: h.events,
  secret_set: Boolean(h.secret),
  active: h.active,
  insecure_ssl: h.insecureSsl,
  disabled_reason: h.disabledReason,
  disabled_at: iso(h.disabledAt),
  failures_in_a_row: h.failuresInARow,
  paused_until: iso(h.pausedUntil),
  created_at: iso(h.createdAt) as string,
  updated_at: iso(h.updatedAt) as string,
});

const stateOf = (d: DeliveryRow): WebhookDeliverySummary['state'] => (d.deliveredAt ? 'delivered' : d.failedAt ? 'failed' : 'pending');

export const toDeliverySummary = (d: DeliveryRow): WebhookDeliverySummary => ({
  id: d.id,
  guid: d.guid,
  event: d.event,
  response_status: d.responseStatus,
  attempt: d.attempt,
  state: stateOf(d),
  next_retry_at: d.deliveredAt || d.failedAt ? null : iso(d.parkedAt ? d.hookPausedUntil : d.nextRetryAt),
  delivered_at: iso(d.deliveredAt),
  created_at: iso(d.createdAt) as string,
});

export const toDelivery = (d: DeliveryRow): WebhookDelivery => ({
  ...toDeliverySummary(d),
  webhook_id: d.webhookId,
  request_url: d.requestUrl,
  request_headers: d.requestHeaders,
  request_body: d.requestBody,
  response_headers: d.responseHeaders ?? null,
  response_body: d.responseBody,
  duration_ms: d.durationMs,
});

/** The SSRF guard at save time: a private or local address is refused with a clear message. */
function assertPublicUrl(url: string): void {
  const checked = checkOutboundUrl(url, webhookSettings().allow);
  if (!checked.ok) throw fieldError('payload_url', checked.reason === 'scheme' || checked.reason === 'not a URL' ? webhookMessages.urlInvalid : webhookMessages.urlRefused);
}

export async function listWebhooks(db: Db): Promise<Webhook[]> {
  return (await db.select().from(webhooks).where(isNull(webhooks.deletedAt)).orderBy(webhooks.id)).map(toWebhook);
}

export async function findWebhook(q: Queryable, id: number): Promise<HookRow> {
  const [hook] = await q.select().from(webhooks).where(and(eq(webhooks.id, id), isNull(webhooks.deletedAt)));
  if (!hook) throw new AppError('not_found', webhookMessages.notFound);
  return hook;
}

export async function recentDeliveries(db: Db, webhookId: number): Promise<WebhookDeliverySummary[]> {
  const rows = await db
    .select({ d: webhookDeliveries, hookPausedUntil: webhooks.pausedUntil })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_SHOWN);
  return rows.map((r) => toDeliverySummary({ ...r.d, hookPausedUntil: r.hookPausedUntil }));
}

const sealed = (secret: string) => encrypt(webhookSettings().appKey, secret);

export async function createWebhook(tx: Tx, values: WebhookValues, userId: number | null): Promise<number> {
  assertPublicUrl(values.payload_url);
  const [row] = await tx
    .insert(webhooks)
    .values({
      payloadUrl: values.payload_url,
      contentType: values.content_type,
      events: values.events,
      // A blank secret gets a random one: every delivery is signed.
      secret: sealed(values.secret?.trim() ? values.secret : generateSecret()),
      active: values.active,
      insecureSsl: values.insecure_ssl ?? false,
      createdBy: userId,
    })
    .returning({ id: webhooks.id });
  return (row as { id: number }).id;
}

/** Full update; a blank or absent secret keeps the stored one. Switching on clears a switch-off notice. */
export async function updateWebhook(tx: Tx, id: number, values: WebhookValues): Promise<void> {
  const hook = await findWebhook(tx, id);
  assertPublicUrl(values.payload_url);
  await tx
    .update(webhooks)
    .set({
      payloadUrl: values.payload_url,
      contentType: values.content_type,
      events: values.events,
      ...(values.secret?.trim() ? { secret: sealed(values.secret) } : {}),
      active: values.active,
      ...(values.insecure_ssl !== undefined ? { insecureSsl: values.insecure_ssl } : {}),
      ...(values.active && !hook.active ? { disabledAt: null, disabledReason: null, ...circuitReset } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(webhooks.id, id));
  if (!values.active) await failParked(tx, id);
}

export async function setInsecureSsl(tx: Tx, id: number, insecure: boolean): Promise<void> {
  await findWebhook(tx, id);
  await tx.update(webhooks).set({ insecureSsl: insecure, updatedAt: sql`now()` }).where(eq(webhooks.id, id));
}

/** Soft delete; deliveries still due are given up when their job finds the hook gone, waiting ones at once. */
export async function deleteWebhook(tx: Tx, id: number): Promise<void> {
  await findWebhook(tx, id);
  await tx.update(webhooks).set({ deletedAt: sql`now()`, active: false, updatedAt: sql`now()` }).where(eq(webhooks.id, id));
  await failParked(tx, id);
}

export async function findDelivery(q: Queryable, id: number): Promise<DeliveryRow> {
  const [row] = await q
    .select({ d: webhookDeliveries, hookPausedUntil: webhooks.pausedUntil })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(and(eq(webhookDeliveries.id, id), isNull(webhooks.deletedAt)));
  if (!row) throw new AppError('not_found', webhookMessages.deliveryNotFound);
  return { ...row.d, hookPausedUntil: row.hookPausedUntil };
}

/** Redeliver: the same event (same guid and body) as a new row with its own tries, to the hook's current URL. */
export async function redeliver(tx: Tx, deliveryId: number): Promise<number> {
  const d = await findDelivery(tx, deliveryId);
  const hook = await findWebhook(tx, d.webhookId);
  return queueDelivery(tx, { webhookId: d.webhookId, guid: d.guid, event: d.event, requestUrl: hook.payloadUrl, requestBody: d.requestBody });
}
