import { importMessages } from '@almoner/contracts';
import type { Queryable } from '../db/client.ts';
import { imports } from '../modules/imports/imports.tables.ts';
import { mailOutbox } from '../modules/mail/mail.tables.ts';
import { notes } from '../modules/notes/notes.tables.ts';
import { phoneNumbers } from '../modules/numbers/numbers.tables.ts';
import { posBookmarks } from '../modules/pos/pos.tables.ts';
import { sponsors } from '../modules/sponsorships/sponsors.tables.ts';
import { webhookDeliveries, webhooks } from '../modules/webhooks/webhooks.tables.ts';
import type { Catalog } from './catalog.ts';
import { at, DAY, isoDay, type SeedContext } from './context.ts';
import type { SupporterRef } from './people.ts';
import type { Plan } from './plan.ts';
import { insertRows } from './writer.ts';
import type { SponseeRef } from './sponsee-ref.ts';

const NOTES = [
  '<p>Called to thank them for their gift. Very interested in the water project.</p>',
  '<p>Prefers to be contacted by email only.</p>',
  '<p>Met at the spring gala; would like to volunteer.</p>',
  '<p>Asked for a year-end summary of their giving for their accountant.</p>',
  '<p>Updated mailing address after their move.</p>',
  '<p>Interested in a legacy gift. Follow up in the new year.</p>',
];

/** Sponsors from the old system, staff notes, a webhook, a number, imports, bookmarks, mail. */
export async function insertExtras(ctx: SeedContext, q: Queryable, world: { people: SupporterRef[]; sponsees: SponseeRef[]; plan: Plan; catalog: Catalog }): Promise<void> {
  await insertImportedSponsors(ctx, q, world);
  await insertNotes(ctx, q, world.people);
  await insertWebhook(ctx, q);
  await insertRows(q, phoneNumbers, [{ id: ctx.ids.next(phoneNumbers), identifier: '+18885550123', shortForm: '1 (888) 555-0123', type: 'toll_free', country: 'US', providerReference: 'PN-sandbox-0001', provisionedBy: ctx.staff[0] ?? null, createdAt: at(ctx.now - 300 * DAY) }]);
  // The completed one is a dry run: its counts say what the file would do, and with no per-row
  // records kept in the demo there is nothing an Undo could put back.
  await insertRows(q, imports, [
    { id: ctx.ids.next(imports), kind: 'supporters', status: 'completed', progress: 100, externalReference: 'wb_demo_supporters', dryRun: true, totalRows: 214, createdRows: 212, rejectedCount: 2, message: 'Dry run: would create 212, update 0, skip 0, reject 2.', createdBy: ctx.staff[0] ?? null, createdAt: at(ctx.now - 700 * DAY), completedAt: at(ctx.now - 700 * DAY + 90_000),
      rejectedRows: [{ row: { first_name: 'Ann', email: 'ann@' }, errors: { email: ['Email must be valid'] } }, { row: { first_name: '', last_name: '' }, errors: { email: ['Please fill this field.'] } }] },
    { id: ctx.ids.next(imports), kind: 'contributions', status: 'failed', progress: 10, externalReference: 'wb_demo_gifts', totalRows: 58, message: importMessages.jobFailed('Almoner'), createdBy: ctx.staff[0] ?? null, createdAt: at(ctx.now - 40 * DAY) },
  ]);
  const bookmarked = ['GEN-FUND', 'TSHIRT-HOPE', 'GALA-TICKET'].map((code) => world.catalog.productIds.get(code) as number);
  await insertRows(q, posBookmarks, ctx.staff.slice(0, 1).flatMap((userId) => bookmarked.map((productId) => ({ userId, productId }))));
  await insertRows(q, mailOutbox, [
    { to: 'donor@example.org', subject: 'Thank you for your gift', html: '<p>Thank you for supporting Hope Alliance!</p>', text: 'Thank you for supporting Hope Alliance!', createdAt: at(ctx.now - DAY), sentAt: at(ctx.now - DAY) },
  ]);
}

/** Sponsees without a sponsor from a recurring gift get one from the old system, often. */
async function insertImportedSponsors(ctx: SeedContext, q: Queryable, world: { people: SupporterRef[]; sponsees: SponseeRef[]; plan: Plan }): Promise<void> {
  const rng = ctx.rng.fork('imported-sponsors');
  const taken = new Set(world.plan.profiles.filter((p) => p.kind === 'sponsorship').map((p) => p.sponseeIndex));
  const candidates = world.people.filter((p) => p.isActive && p.weight > 0);
  const rows: (typeof sponsors.$inferInsert)[] = [];
  for (const [index, sponsee] of world.sponsees.entries()) {
    if (taken.has(index) || candidates.length === 0 || !rng.chance(0.5)) continue;
    const supporter = rng.pick(candidates);
    const startedAt = Math.max(sponsee.enrolledAt, supporter.createdAt);
    const ended = rng.chance(0.15);
    rows.push({
      id: ctx.ids.next(sponsors), supporterId: supporter.id, sponsorshipId: sponsee.id, currencyCode: ctx.currency, source: 'Import', startedAt: isoDay(startedAt),
      endedAt: ended ? isoDay(Math.max(startedAt, Math.min(ctx.now - DAY, startedAt + 365 * DAY))) : null, endedReason: ended ? 'Sponsor request' : null,
      createdAt: at(startedAt), updatedAt: at(startedAt),
    });
  }
  await insertRows(q, sponsors, rows);
}

async function insertNotes(ctx: SeedContext, q: Queryable, people: SupporterRef[]): Promise<void> {
  const rng = ctx.rng.fork('notes');
  const count = Math.max(12, Math.round(people.length / 50));
  const rows: (typeof notes.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const supporter = rng.pick(people);
    const when = Math.max(supporter.createdAt, ctx.now - 700 * DAY) + rng.next() * 30 * DAY;
    const author = rng.pick(ctx.staff);
    rows.push({ id: ctx.ids.next(notes), commentableType: 'supporter', commentableId: supporter.id, body: rng.pick(NOTES), createdBy: author, updatedBy: author, createdAt: at(Math.min(when, ctx.now - 3_600_000)), updatedAt: at(Math.min(when, ctx.now - 3_600_000)) });
  }
  await insertRows(q, notes, rows);
}

async function insertWebhook(ctx: SeedContext, q: Queryable): Promise<void> {
  const webhookId = ctx.ids.next(webhooks);
  const url = 'https://hooks.example.org/almoner';
  await insertRows(q, webhooks, [{ id: webhookId, payloadUrl: url, events: ['contribution.paid', 'contribution.refunded', 'supporter.created'], active: true, createdBy: ctx.staff[0] ?? null, createdAt: at(ctx.now - 200 * DAY) }]);
  const rng = ctx.rng.fork('webhook');
  const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
  for (let i = 0; i < 8; i++) {
    const when = ctx.now - (8 - i) * 3 * DAY + 50_000_000;
    const failed = i === 3;
    const guid = rng.uuid().toLowerCase();
    rows.push({
      id: ctx.ids.next(webhookDeliveries), webhookId, guid, event: i % 3 === 2 ? 'supporter.created' : 'contribution.paid', requestUrl: url,
      requestHeaders: { 'Content-Type': 'application/json', 'X-Almoner-Event': i % 3 === 2 ? 'supporter.created' : 'contribution.paid', 'X-Almoner-Delivery': guid, 'X-Hub-Signature-256': `sha256=${guid.replaceAll('-', '')}` },
      requestBody: JSON.stringify({ id: 1000 + i, total_amount: '50.00', currency: 'USD' }), responseStatus: failed ? -1 : 200,
      responseHeaders: failed ? null : { 'content-type': 'application/json' }, responseBody: failed ? 'connect ETIMEDOUT' : '{"ok":true}',
      durationMs: failed ? 10_000 : rng.int(80, 600), attempt: 1, nextRetryAt: null, deliveredAt: at(when), createdAt: at(when),
    });
  }
  await insertRows(q, webhookDeliveries, rows);
}
