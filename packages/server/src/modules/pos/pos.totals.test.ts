import { computeTotals, dccForAmount, legacyDcc, posMessages, posOrderNotReady, type TotalsInput, type TotalsItem, type TotalsPromo } from '@almoner/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** The shared totals engine (contracts pos/totals.ts): the incumbent's examples and its invariants. */

const item = (over: Partial<TotalsItem> = {}): TotalsItem => ({
  key: 1, qty: 1, unitPrice: 1000, listUnitPrice: 1000, isDonation: false, productId: 1, categoryIds: [], isProduct: true, isLocked: false,
  requiresShipping: false, isShippingFree: false, dccEligible: false, recurringAmount: null, recurringFrequency: null, taxes: [], ...over,
});
const promo = (over: Partial<TotalsPromo> = {}): TotalsPromo => ({
  code: 'SAVE', type: 'percent', percent: '10', amount: null, productIds: [1], categoryIds: [], buyQuantity: null, allocationLimit: null,
  isFreeShipping: false, freeShippingLabel: null, ...over,
});
const input = (over: Partial<TotalsInput> = {}): TotalsInput => ({
  currency: 'USD', items: [item()], promos: [], shippingOptions: [], chosenShippingMethodId: null, taxShipping: false,
  dcc: { enabled: false }, dccChosen: false, dccType: null, ...over,
});

describe('donor covers costs (reference §6.4)', () => {
  it('gives the incumbent table: minimum / more / most', () => {
    const table: [number, number, number, number][] = [
      [1000, 156, 211, 285],
      [5000, 429, 498, 672],
      [10000, 779, 1052, 1420],
      [20000, 1479, 1997, 2696],
      [100000, 7079, 9557, 12902],
    ];
    for (const [amount, min, more, most] of table) {
      expect([dccForAmount(amount, 'minimum_costs', 'USD'), dccForAmount(amount, 'more_costs', 'USD'), dccForAmount(amount, 'most_costs', 'USD')]).toEqual([min, more, most]);
    }
  });

  it('squashes a "more" figure just past a multiple of ten under it', () => {
    // minimum 7.65 (A = 98.57 → 6.90 + 0.79 = 7.69) … find an A whose more lands in [10.00, 10.49].
    const more = dccForAmount(9700, 'more_costs', 'USD'); // min = 6.79 + 0.79 = 7.58 → 10.233 → 10.23 → 9.90 + round(0.23/0.49×0.09) = 9.94
    expect(more).toBe(994);
  });

  it('legacy: 0.30 + 2.89 % of $100 is $3.19', () => {
    expect(legacyDcc(10000, 30, '2.89')).toBe(319);
    const totals = computeTotals(input({ items: [item({ unitPrice: 10000, listUnitPrice: 10000, dccEligible: true })], dcc: { enabled: true, mode: 'legacy', perOrder: 30, rate: '2.89' }, dccChosen: true }));
    expect(totals.dccTotal).toBe(319);
    expect(totals.total).toBe(10319);
  });

  it('legacy: the per-order fee is split over eligible one-time items without losing a cent', () => {
    const items = [1, 2, 3, 4].map((k) => item({ key: k, unitPrice: 0, listUnitPrice: 0, dccEligible: true }));
    items.forEach((i) => (i.unitPrice = 1000));
    const totals = computeTotals(input({ items, dcc: { enabled: true, mode: 'legacy', perOrder: 30, rate: '0' }, dccChosen: true }));
    expect(totals.items.map((i) => i.dccAmount)).toEqual([8, 8, 7, 7]);
    expect(totals.dccTotal).toBe(30);
  });

  it('adds nothing unless the donor chose it, yet offers every choice', () => {
    const base = input({ items: [item({ unitPrice: 5000, listUnitPrice: 5000, dccEligible: true })], dcc: { enabled: true, mode: 'ai' }, dccType: 'more_costs' });
    expect(computeTotals(base).dccTotal).toBe(0);
    expect(computeTotals(base).dccOptions).toEqual({ minimum_costs: 429, more_costs: 498, most_costs: 672 });
    expect(computeTotals({ ...base, dccChosen: true }).dccTotal).toBe(498);
  });
});

describe('promo codes (reference §6.5)', () => {
  it('percent and dollar codes: best price wins', () => {
    const totals = computeTotals(input({ items: [item({ unitPrice: 2000, listUnitPrice: 2000, qty: 2 })], promos: [promo({ code: 'TEN', percent: '10' }), promo({ code: 'FIVE', type: 'dollar', percent: null, amount: 500 })] }));
    expect(totals.items[0]).toMatchObject({ unitPrice: 1500, total: 3000, promoCode: 'FIVE', discount: 1000 });
    expect(totals.appliedCodes).toEqual(['TEN', 'FIVE']);
  });

  it('a dollar code never takes a price below zero', () => {
    const totals = computeTotals(input({ promos: [promo({ type: 'dollar', percent: null, amount: 5000 })] }));
    expect(totals.items[0]!.unitPrice).toBe(0);
    expect(totals.total).toBe(0);
  });

  it('applies only to linked products or categories, never to sponsorships', () => {
    const totals = computeTotals(input({
      items: [item({ key: 1, productId: 1 }), item({ key: 2, productId: 2, categoryIds: [9] }), item({ key: 3, productId: 3 }), item({ key: 4, productId: 1, isProduct: false })],
      promos: [promo({ productIds: [1], categoryIds: [9], percent: '50' })],
    }));
    expect(totals.items.map((i) => i.unitPrice)).toEqual([500, 500, 1000, 1000]);
    const none = computeTotals(input({ promos: [promo({ productIds: [7] })] }));
    expect(none.unappliedCodes).toEqual(['SAVE']);
  });

  it('buy-x-get-y percent: allocations × percent of the base, spread over every line', () => {
    const totals = computeTotals(input({
      items: [item({ key: 1, qty: 4, unitPrice: 1000, listUnitPrice: 1000 }), item({ key: 2, productId: 2, unitPrice: 2000, listUnitPrice: 2000 })],
      promos: [promo({ code: 'B2', type: 'bxgy_percent', percent: '10', buyQuantity: 2, allocationLimit: null }), promo({ code: 'TEN', percent: '10' })],
    }));
    // bought 4 of product 1 → 2 allocations → 20 % of $60 = $12 off; item codes are skipped.
    expect(totals.discount).toBe(1200);
    expect(totals.items.map((i) => [i.unitPrice, i.promoCode])).toEqual([[800, 'B2'], [1600, 'B2']]);
    expect(totals.appliedCodes).toEqual(['B2']);
  });

  it('buy-x-get-y dollar: capped by the allocation limit and by the base', () => {
    const limited = computeTotals(input({ items: [item({ qty: 4 })], promos: [promo({ type: 'bxgy_dollar', percent: null, amount: 500, buyQuantity: 2, allocationLimit: 1 })] }));
    expect(limited.discount).toBe(500);
    // Spread per unit: $5 off six $10 units is 6 × round($9.1667) = $55.02, so $4.98 off.
    const perUnit = computeTotals(input({ items: [item({ qty: 6 })], promos: [promo({ type: 'bxgy_dollar', percent: null, amount: 500, buyQuantity: 2, allocationLimit: 1 })] }));
    expect(perUnit.items[0]!.unitPrice).toBe(917);
    expect(perUnit.discount).toBe(498);
    const capped = computeTotals(input({ items: [item({ qty: 2 })], promos: [promo({ type: 'bxgy_dollar', percent: null, amount: 5000, buyQuantity: 2 })] }));
    expect(capped.total).toBe(0);
    const short = computeTotals(input({ items: [item({ qty: 1 })], promos: [promo({ type: 'bxgy_dollar', percent: null, amount: 500, buyQuantity: 2 })] }));
    expect(short.discount).toBe(0);
    expect(short.unappliedCodes).toEqual(['SAVE']);
  });

  it('free shipping: shipping is zero and labelled', () => {
    const totals = computeTotals(input({
      items: [item({ requiresShipping: true })],
      shippingOptions: [{ shippingMethodId: 3, title: 'Ground', cost: 700, isDefault: true }],
      promos: [promo({ productIds: [], percent: '0', isFreeShipping: true, freeShippingLabel: 'On us' })],
    }));
    expect(totals).toMatchObject({ shippingAmount: 0, isFreeShipping: true, courierMethod: 'On us', total: 1000 });
  });
});

describe('taxes and shipping', () => {
  it('taxes each line at its rates, exactly, and shipping at the distinct rates when set', () => {
    const taxes = [{ taxRateId: 1, code: 'CA', rate: '7.2500' }, { taxRateId: 2, code: 'LA', rate: '2.2500' }];
    const totals = computeTotals(input({
      items: [item({ unitPrice: 1999, listUnitPrice: 1999, taxes, requiresShipping: true })],
      shippingOptions: [{ shippingMethodId: 3, title: 'Ground', cost: 1000, isDefault: true }],
      taxShipping: true,
    }));
    // 19.99 × 7.25 % = 1.449 → 1.45; × 2.25 % = 0.4497 → 0.45; shipping 10 × 7.25 % → 0.73 (0.725), × 2.25 % → 0.23 (0.225).
    expect(totals.items[0]!.taxAmount).toBe(190);
    expect(totals.taxTotal).toBe(286);
    expect(totals.taxLines).toEqual([{ code: 'CA', rate: '7.2500', amount: 218 }, { code: 'LA', rate: '2.2500', amount: 68 }]);
    expect(totals.total).toBe(1999 + 286 + 1000);
  });

  it('keeps a chosen method that still ships here, else the first (default) one', () => {
    const options = [{ shippingMethodId: 1, title: 'Ground', cost: 500, isDefault: true }, { shippingMethodId: 2, title: 'Express', cost: 1500, isDefault: false }];
    const base = input({ items: [item({ requiresShipping: true })], shippingOptions: options });
    expect(computeTotals({ ...base, chosenShippingMethodId: 2 })).toMatchObject({ shippingAmount: 1500, shippingMethodId: 2 });
    expect(computeTotals({ ...base, chosenShippingMethodId: 9 })).toMatchObject({ shippingAmount: 500, shippingMethodId: 1, shippingMethodTitle: 'Ground' });
    expect(computeTotals({ ...base, items: [item({ requiresShipping: true, isShippingFree: true })] })).toMatchObject({ shippingAmount: 0, isFreeShipping: true });
    expect(computeTotals({ ...base, items: [item()] })).toMatchObject({ shippingAmount: 0, shippingMethodId: null });
  });
});

describe('recurring and savings', () => {
  it('sums recurring amounts per frequency and savings on non-donations only', () => {
    const totals = computeTotals(input({
      items: [
        item({ key: 1, unitPrice: 0, listUnitPrice: 0, isDonation: true, recurringAmount: 2500, recurringFrequency: 'monthly' }),
        item({ key: 2, qty: 2, unitPrice: 800, listUnitPrice: 1000 }),
      ],
    }));
    expect(totals.recurringTotals).toEqual({ monthly: 2500 });
    expect(totals.totalSavings).toBe(400);
    expect(totals.total).toBe(1600);
  });
});

const taxArb = fc.record({ taxRateId: fc.integer({ min: 1, max: 3 }), code: fc.constantFrom('A', 'B', 'C'), rate: fc.constantFrom('0', '5', '7.2500', '13', '2.875') });
const itemArb = fc.record({
  key: fc.integer({ min: 1, max: 1e6 }),
  qty: fc.integer({ min: 1, max: 25 }),
  unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
  listUnitPrice: fc.integer({ min: 0, max: 1_000_000 }),
  isDonation: fc.boolean(),
  productId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  categoryIds: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
  isProduct: fc.boolean(),
  isLocked: fc.boolean(),
  requiresShipping: fc.boolean(),
  isShippingFree: fc.boolean(),
  dccEligible: fc.boolean(),
  recurringAmount: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
  recurringFrequency: fc.constantFrom(null, 'monthly', 'weekly'),
  taxes: fc.array(taxArb, { maxLength: 2 }),
});
const promoArb = fc.record({
  code: fc.constantFrom('A', 'B', 'C', 'D'),
  type: fc.constantFrom('percent', 'dollar', 'bxgy_percent', 'bxgy_dollar') as fc.Arbitrary<TotalsPromo['type']>,
  percent: fc.constantFrom('0', '10', '33.333', '100'),
  amount: fc.integer({ min: 0, max: 50_000 }),
  productIds: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
  categoryIds: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
  buyQuantity: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  allocationLimit: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  isFreeShipping: fc.boolean(),
  freeShippingLabel: fc.constantFrom(null, 'Free!'),
});
const inputArb = fc.record({
  currency: fc.constantFrom('USD', 'JPY', 'KWD'),
  items: fc.array(itemArb, { maxLength: 6 }),
  promos: fc.array(promoArb, { maxLength: 3 }),
  shippingOptions: fc.array(fc.record({ shippingMethodId: fc.integer({ min: 1, max: 3 }), title: fc.constant('M'), cost: fc.integer({ min: 0, max: 10_000 }), isDefault: fc.boolean() }), { maxLength: 3 }),
  chosenShippingMethodId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  taxShipping: fc.boolean(),
  dcc: fc.constantFrom<TotalsInput['dcc']>({ enabled: false }, { enabled: true, mode: 'ai' }, { enabled: true, mode: 'legacy', perOrder: 30, rate: '2.89' }),
  dccChosen: fc.boolean(),
  dccType: fc.constantFrom(null, 'minimum_costs', 'more_costs', 'most_costs') as fc.Arbitrary<TotalsInput['dccType']>,
});

describe('invariants (property checks)', () => {
  it('holds total = undiscounted − discount + tax + shipping + dcc exactly, in integers, never negative', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const t = computeTotals(i);
        const figures = [t.undiscountedSubtotal, t.discount, t.subtotal, t.taxTotal, t.shippingAmount, t.dccTotal, t.total, t.totalSavings];
        expect(figures.every((f) => Number.isSafeInteger(f) && f >= 0)).toBe(true);
        expect(t.total).toBe(t.undiscountedSubtotal - t.discount + t.taxTotal + t.shippingAmount + t.dccTotal);
        expect(t.subtotal).toBe(t.items.reduce((s, x) => s + x.total, 0));
        expect(t.items.every((x) => x.unitPrice >= 0 && x.total >= 0 && x.discount >= 0)).toBe(true);
        expect(t.taxTotal).toBe(t.taxLines.reduce((s, l) => s + l.amount, 0));
        expect(t.dccTotal).toBe(t.items.reduce((s, x) => s + x.dccAmount, 0));
      }),
      { numRuns: 500 },
    );
  });

  it('a promo code never raises a price, and nothing shipped means no shipping', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const t = computeTotals(i);
        t.items.forEach((x, k) => expect(x.unitPrice).toBeLessThanOrEqual(i.items[k]!.unitPrice));
        if (!i.items.some((x) => x.requiresShipping)) expect(t.shippingAmount).toBe(0);
        expect(t.appliedCodes.length + t.unappliedCodes.length).toBe(i.promos.length);
      }),
      { numRuns: 300 },
    );
  });

  it('rounds each tax to the minor unit: never more than half a unit off the exact figure', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom('7.2500', '2.875', '13', '0.0001'), (amount, rate) => {
        const t = computeTotals(input({ items: [item({ unitPrice: amount, listUnitPrice: amount, taxes: [{ taxRateId: 1, code: 'T', rate }] })] }));
        expect(Math.abs(t.taxTotal - (amount * Number(rate)) / 100)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });
});

describe('ready for payment (spec §5)', () => {
  const ready = { items: [{}] as never[], download_items: 0, membership_items: 0, recurring_items: 0, member_id: null, billing_email: null, billing_first_name: null, billing_last_name: null };
  it('names the first thing missing', () => {
    expect(posOrderNotReady({ ...ready, items: [] })).toBe(posMessages.noItems);
    expect(posOrderNotReady({ ...ready, download_items: 1 })).toBe(posMessages.downloadsNeedEmail);
    expect(posOrderNotReady({ ...ready, download_items: 1, billing_email: 'a@b.org' })).toBeNull();
    expect(posOrderNotReady({ ...ready, membership_items: 1, billing_first_name: 'Ada' })).toBe(posMessages.membershipsNeedBilling);
    expect(posOrderNotReady({ ...ready, membership_items: 1, member_id: 4 })).toBeNull();
    expect(posOrderNotReady({ ...ready, recurring_items: 1 })).toBe(posMessages.recurringNeedsBilling);
    expect(posOrderNotReady({ ...ready, recurring_items: 1, billing_first_name: 'Ada', billing_last_name: 'L' })).toBeNull();
  });
});
