import type { JobKind } from '../jobs/jobs.queue.ts';

/**
 * `deferred`: how many times this try already waited for a full hook (absent on the first).
 * `probe`: tried even while the hook is paused (the circuit's probe, or staff's Redeliver).
 */
export type DeliverData = { delivery_id: number; attempt: number; deferred?: number; probe?: boolean };

/**
 * The delivery queue by name: the circuit breaker queues and unqueues deliveries, and the delivery
 * job (its handler in webhooks.delivery.ts) reports to the circuit, so the circuit names the queue
 * here instead of importing the delivery module.
 */
export const deliveryQueue: JobKind<DeliverData> = { name: 'webhook_delivery' };
