import type { ChunkRows } from './chunk.ts';
import { donationLine, merchLines, pageGiftLine, productLine } from './items.ts';
import { paymentColumns, paymentDetails, recordPayment } from './payments.ts';
import { address, emailFor, type SupporterRef } from './people.ts';
import { EVENT } from './plan.ts';
import type { Rng } from './prng.ts';
import { addReceipt } from './receipts.ts';
import { finishContribution, newDraft, supporterBuyer } from './contribution-rows.ts';
import { charge, startRecurring } from './recurring.ts';
import type { Buyer, Channel, Draft, Line, World } from './world.ts';

/** Builds the contribution at position `pos` of the plan (and everything hanging off it). */
export function buildEvent(world: World, chunk: ChunkRows, rng: Rng, pos: number): void {
  const plan = world.plan;
  const id = plan.firstContributionId + pos;
  const t = plan.times[pos] as number;
  const ref = plan.refs[pos] as number;
  const kind = plan.kinds[pos];
  if (kind === EVENT.start) return startRecurring(world, chunk, rng, id, t, ref);
  if (kind === EVENT.charge) return charge(world, chunk, rng, id, t, ref, plan.extra[pos] as number);
  oneTime(world, chunk, rng, { id, t, ref, paid: kind !== EVENT.abandoned, newest: pos === newestOrder(world) });
}

const newestOrders = new WeakMap<World['plan'], number>();

/**
 * The plan's newest supporter order. It is paid from a bank account on the website, so the demo
 * always shows a bank payment still pending (they clear after three days), whatever the date.
 */
function newestOrder(world: World): number {
  let found = newestOrders.get(world.plan);
  if (found === undefined) {
    found = world.plan.kinds.length - 1;
    while (found >= 0 && world.plan.kinds[found] !== EVENT.order) found--;
    newestOrders.set(world.plan, found);
  }
  return found;
}

function oneTime(world: World, chunk: ChunkRows, rng: Rng, e: { id: number; t: number; ref: number; paid: boolean; newest: boolean }): void {
  const buyer = e.ref >= 0 ? supporterBuyer(world.people[e.ref] as SupporterRef) : guestBuyer(world, rng);
  const drawn = e.paid ? oneTimeChannel(world, rng) : { source: 'Web', isPos: false, web: true, createdBy: null, paymentType: 'card' as const };
  const channel = e.newest ? { ...drawn, source: 'Web', isPos: false, web: true, createdBy: null, paymentType: 'bank' as const } : drawn;
  const d = newDraft(world, chunk, rng, { id: e.id, t: e.t, buyer, channel, paid: e.paid });
  d.lines = oneTimeLines(d);
  const c = finishContribution(d, {});
  const attempted = e.paid || rng.chance(0.4);
  const details = paymentDetails(d);
  if (attempted) Object.assign(c, paymentColumns(d, details, c.totalAmount as number));
  recordPayment(d, c, details, {}, attempted);
  addReceipt(d, c, `Contribution #${c.clientUuid}`);
}

function oneTimeLines(d: Draft): Line[] {
  const kind = d.rng.weighted([
    ['donation', 56], ['p2p', 12], ['merch', 12], ['gift', 6], ['membership', 5], ['ticket', 4], ['download', 3], ['mixed', 2],
  ] as const);
  const donationVariant = () => d.rng.weighted(d.world.catalog.byKind.donation.map((v, i) => [v, [60, 25, 15][i] ?? 5] as const));
  switch (kind) {
    case 'donation':
      return [donationLine(d, donationVariant())];
    case 'p2p':
      return [pageGiftLine(d)];
    case 'merch':
      return merchLines(d);
    case 'mixed':
      return [donationLine(d, donationVariant()), ...merchLines(d)];
    case 'gift':
    case 'membership':
    case 'ticket':
    case 'download':
      return [productLine(d, kind)];
  }
}

function oneTimeChannel(world: World, rng: Rng): Channel {
  const source = rng.weighted([['Web', 74], ['POS', 9], ['Phone', 6], ['Mail', 7], ['Import', 4]] as const);
  const weights = {
    Web: [['card', 78], ['paypal', 12], ['bank', 10]],
    POS: [['cash', 35], ['cheque', 20], ['card', 40], ['unknown', 5]],
    Phone: [['card', 85], ['bank', 10], ['unknown', 5]],
    Mail: [['cheque', 80], ['cash', 5], ['card', 10], ['unknown', 5]],
    Import: [['cheque', 45], ['card', 30], ['cash', 10], ['unknown', 15]],
  } as const;
  const isPos = source === 'POS' || source === 'Phone' || source === 'Mail';
  return { source, isPos, web: source === 'Web', createdBy: isPos ? rng.pick(world.ctx.staff) : null, paymentType: rng.weighted(weights[source]) };
}

function guestBuyer(world: World, rng: Rng): Buyer {
  const f = world.ctx.faker;
  const firstName = f.person.firstName();
  const lastName = f.person.lastName();
  return {
    supporter: null, accountTypeId: world.reference.accountTypes.individual, title: null, firstName, lastName, organization: null,
    email: emailFor(rng, firstName, lastName, false, rng.int(0, 9999)), ...address(f, rng), phone: f.phone.number({ style: 'national' }),
    isSpam: rng.chance(0.03),
  };
}
