import { contributionItems } from '../modules/contributions/contributions.tables.ts';
import type { VariantRef } from './catalog.ts';
import { at, DAY, isoDay } from './context.ts';
import { dccFor } from './money.ts';
import { donationAmount } from './plan-profiles.ts';
import type { PromoRef } from './promos.ts';
import { addSideRows } from './item-extras.ts';
import type { Draft, ItemRow, Line } from './world.ts';

/** A line for `variant` at `price` each (the building block of every other line). */
export function variantLine(d: Draft, variant: VariantRef, price: number, qty = 1, extra: Partial<ItemRow> = {}): Line {
  const isDonation = ['donation', 'recurring_donation', 'p2p'].includes(variant.kind);
  const row: ItemRow = {
    id: d.world.ctx.ids.next(contributionItems), contributionId: d.id, variantId: variant.id, productId: variant.productId,
    description: variant.productName === variant.variantName ? variant.productName : `${variant.productName} \u2013 ${variant.variantName}`,
    code: variant.code, qty, price, originalPrice: isDonation ? price : variant.originalPrice,
    discount: isDonation ? 0 : variant.originalPrice - variant.price, total: price * qty, fairMarketValue: variant.fairMarketValue,
    isDonation, requiresShipping: variant.shippable, glCode: variant.glCode, dccEligible: variant.dcc,
    createdAt: at(d.t), updatedAt: at(d.t),
  };
  Object.assign(row, extra);
  return { row, variant, receiptable: variant.receiptable, shippableUnits: variant.shippable ? qty : 0 };
}

/** A one-time gift on a donation form, sometimes in someone's honour and with costs covered. */
export function donationLine(d: Draft, variant: VariantRef): Line {
  const amount = donationAmount(d.rng, variant);
  const line = variantLine(d, variant, amount);
  coverCosts(d, line);
  // Relief donors choose a designation (supporters_choice) some of the time.
  if (variant.glCode === 'RELIEF_GENERAL' && d.rng.chance(0.4)) line.row.glCode = d.rng.pick(['RELIEF_HURRICANE', 'RELIEF_FLOOD']);
  if (variant.tributes && d.rng.chance(0.06)) addTribute(d, line);
  addSideRows(d, line);
  return line;
}

/** Web donors covering the fees (35% of eligible gifts). */
export function coverCosts(d: Draft, line: Line): void {
  if (!line.row.dccEligible || !d.channel.web || !d.rng.chance(0.35)) return;
  const type = d.rng.weighted([['minimum_costs', 5], ['more_costs', 3], ['most_costs', 2]] as const);
  line.row.dccAmount = dccFor(line.row.total as number, type);
}

export function addTribute(d: Draft, line: Line): void {
  const f = d.world.ctx.faker;
  const notify = d.rng.weighted([['email', 45], ['letter', 35], [null, 20]] as const);
  Object.assign(line.row, {
    isTribute: true, tributeTypeId: d.rng.pick(d.world.reference.tributeTypeIds), tributeName: f.person.fullName(),
    tributeMessage: d.rng.pick(['With love and gratitude.', 'Forever in our hearts.', 'Happy birthday from all of us!', 'Thinking of you.']),
    tributeNotify: notify, tributeNotifyName: notify ? f.person.fullName() : null,
    tributeNotifyEmail: notify === 'email' ? f.internet.email().toLowerCase().slice(0, 45) : null,
    tributeNotifyAddress: notify === 'letter' ? f.location.streetAddress() : null, tributeNotifyCity: notify === 'letter' ? f.location.city() : null,
    tributeNotifyState: notify === 'letter' ? f.location.state({ abbreviated: true }) : null,
    tributeNotifyZip: notify === 'letter' ? f.location.zipCode('#####') : null, tributeNotifyCountry: notify === 'letter' ? 'US' : null,
    tributeNotifyOn: notify ? isoDay(d.t) : null,
  });
}

/** Store items: one to three products, sometimes with a promo code. */
export function merchLines(d: Draft): Line[] {
  const pool = [...d.world.catalog.byKind.merch, ...(d.world.catalog.byKind.bundle ?? [])];
  const count = d.rng.weighted([[1, 6], [2, 3], [3, 1]] as const);
  const chosen = new Set<VariantRef>();
  while (chosen.size < count) chosen.add(d.rng.pick(pool));
  const promo = d.rng.chance(0.12) ? pickPromo(d, [...chosen]) : null;
  const lines: Line[] = [];
  for (const variant of chosen) {
    const price = promo?.productIds.has(variant.productId) ? discounted(variant.price, promo) : variant.price;
    const line = variantLine(d, variant, price, d.rng.weighted([[1, 8], [2, 2]] as const), price < variant.price ? { promoCode: promo?.code } : {});
    lines.push(line);
    addSideRows(d, line);
    for (const child of variant.bundle) lines.push(variantLine(d, child, 0, line.row.qty, { lockedToItemId: line.row.id, originalPrice: 0, discount: 0 }));
  }
  if (promo) d.promoId = promo.id;
  return lines;
}

function pickPromo(d: Draft, variants: VariantRef[]): PromoRef | null {
  const usable = d.world.catalog.promos.filter((p) => variants.some((v) => p.productIds.has(v.productId)));
  return usable.length > 0 ? d.rng.pick(usable) : null;
}

/** Percent or amount off the price, never below zero. */
export function discounted(price: number, promo: PromoRef): number {
  return Math.max(0, Math.round(price * (1 - promo.percent / 100)) - promo.amount);
}

/** Lines for the simpler one-product kinds. */
export function productLine(d: Draft, kind: 'membership' | 'ticket' | 'download' | 'gift'): Line {
  const variant = d.rng.pick(d.world.catalog.byKind[kind]);
  const qty = kind === 'ticket' ? d.rng.int(1, 4) : kind === 'gift' ? d.rng.int(1, 2) : 1;
  const promo = kind === 'ticket' && d.rng.chance(0.1) ? d.world.catalog.promos.find((p) => p.productIds.has(variant.productId)) : undefined;
  const price = promo ? discounted(variant.price, promo) : variant.price;
  const line = variantLine(d, variant, price, qty, promo ? { promoCode: promo.code } : {});
  if (promo) d.promoId = promo.id;
  if (kind === 'gift' && d.rng.chance(0.1)) addTribute(d, line);
  addSideRows(d, line);
  return line;
}

/** A gift through a supporter's fundraising page open at that time, or a plain donation. */
export function pageGiftLine(d: Draft): Line {
  const page = openPage(d);
  const variant = d.world.catalog.byKind.p2p[0] as VariantRef;
  if (!page) return donationLine(d, d.rng.pick(d.world.catalog.byKind.donation));
  const line = variantLine(d, variant, donationAmount(d.rng, variant), 1, {
    fundraisingPageId: page.id, publicMessage: d.rng.chance(0.3) ? d.rng.pick(['Go go go!', 'So proud of you!', 'For a great cause.', 'Happy to help.']) : null,
  });
  coverCosts(d, line);
  return line;
}

/** A page created before the gift and not closed by then (pages are sorted by createdAt). */
function openPage(d: Draft) {
  const pages = d.world.pages;
  let low = 0;
  let high = pages.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((pages[mid]?.createdAt as number) < d.t) low = mid + 1;
    else high = mid;
  }
  for (let attempt = 0; attempt < 3 && low > 0; attempt++) {
    const page = pages[d.rng.int(0, low - 1)];
    if (page && (page.closedAt === null || page.closedAt > d.t + DAY)) return page;
  }
  return null;
}
