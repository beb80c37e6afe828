import { currencyDigits } from '../money.ts';
import type { DiscountType } from '../catalogue/promos.ts';
import type { DccType } from './dcc.ts';
import { dccForAmount, legacyDcc } from './dcc.ts';
import { applyPercent, mulDiv } from './integer-math.ts';

/**
 * The order totals engine (reference §6.4, §6.5), shared by the server (which stores what it
 * answers) and the point-of-sale screen. Pure and exact: every amount is an integer of the
 * order currency's minor units; rates are decimal strings; each rounding is half away from zero
 * at one documented place:
 *  - an item promo's unit discount (percent of the unit price) and a BXGY unit price;
 *  - each (item, tax) amount, and each tax on shipping (shipping is taxed at every distinct rate
 *    of the order when the setting says so);
 *  - each item's donor-covers-costs amount (reference §6.4 formulas, per item).
 * Then, with no further rounding:
 *    subtotal  = Σ item.total = undiscounted_subtotal − discount
 *    total     = subtotal + tax + shipping + dcc      (so total = undiscounted − discount + tax + shipping + dcc)
 * and every figure is ≥ 0.
 */

export type TotalsTax = { taxRateId: number; code: string; /** percent, '7.25' */ rate: string };

export type TotalsItem = {
  key: number;
  qty: number;
  /** Unit price before promo codes (the sale price when on sale; a donation's amount; 0 when a recurring item has no initial charge). */
  unitPrice: number;
  /** Unit price before the sale price, for savings. */
  listUnitPrice: number;
  isDonation: boolean;
  productId: number | null;
  categoryIds: number[];
  /** Sponsorships and fundraising gifts: no item promos. */
  isProduct: boolean;
  /** A bundle's child: priced by its parent, not discounted on its own, not counted for BXGY. */
  isLocked: boolean;
  requiresShipping: boolean;
  isShippingFree: boolean;
  dccEligible: boolean;
  /** Per unit; null for one-time items. */
  recurringAmount: number | null;
  recurringFrequency: string | null;
  taxes: TotalsTax[];
};

export type TotalsPromo = {
  code: string;
  type: DiscountType;
  /** Percent types: '10.000'. */
  percent: string | null;
  /** Dollar types: minor units of the order currency (already converted). */
  amount: number | null;
  productIds: number[];
  categoryIds: number[];
  buyQuantity: number | null;
  allocationLimit: number | null;
  isFreeShipping: boolean;
  freeShippingLabel: string | null;
};

export type ShippingChoice = { shippingMethodId: number; title: string; /** minor units of the order currency */ cost: number; isDefault: boolean };

export type DccSettings =
  | { enabled: false }
  | { enabled: true; mode: 'ai' }
  /** Legacy: a flat fee per order plus a percent ('2.89'). */
  | { enabled: true; mode: 'legacy'; perOrder: number; rate: string };

export type TotalsInput = {
  currency: string;
  items: TotalsItem[];
  promos: TotalsPromo[];
  /**
   * Methods that ship to the order's address and have a tier for its shippable subtotal
   * (`shippableSubtotal` of these inputs), best first; empty when nothing ships.
   */
  shippingOptions: ShippingChoice[];
  chosenShippingMethodId: number | null;
  /** Taxes also apply to shipping, at the sum of the distinct rates on the order. */
  taxShipping: boolean;
  dcc: DccSettings;
  dccChosen: boolean;
  dccType: DccType | null;
};

export type TotalsItemResult = {
  key: number;
  unitPrice: number;
  total: number;
  /** What promo codes took off this line. */
  discount: number;
  promoCode: string | null;
  taxAmount: number;
  taxes: { taxRateId: number; code: string; rate: string; amount: number }[];
  dccAmount: number;
  dccRecurringAmount: number;
};

export type TotalsResult = {
  items: TotalsItemResult[];
  undiscountedSubtotal: number;
  discount: number;
  subtotal: number;
  subtotalShippable: number;
  shippingAmount: number;
  shippingMethodId: number | null;
  shippingMethodTitle: string | null;
  isFreeShipping: boolean;
  courierMethod: string | null;
  taxTotal: number;
  taxLines: { code: string; rate: string; amount: number }[];
  dccTotal: number;
  dccOptions: Record<DccType, number>;
  total: number;
  totalSavings: number;
  recurringTotals: Record<string, number>;
  appliedCodes: string[];
  unappliedCodes: string[];
};

const lineTotal = (qty: number, unit: number) => Math.max(1, qty) * unit;

function isLinked(promo: TotalsPromo, item: TotalsItem): boolean {
  if (!item.isProduct || item.isLocked || item.productId === null) return false;
  return promo.productIds.includes(item.productId) || item.categoryIds.some((c) => promo.categoryIds.includes(c));
}

/** The unit price a percent or dollar code gives an item: max(0, min(original, original − discount)). */
export function promoUnitPrice(promo: TotalsPromo, unit: number): number {
  const off = promo.type === 'percent' ? applyPercent(unit, promo.percent ?? '0') : promo.type === 'dollar' ? (promo.amount ?? 0) : 0;
  return Math.max(0, Math.min(unit, unit - off));
}

type Priced = { unit: number; code: string | null };

/** Promo pass (reference §6.5). BXGY codes win over item codes when both are present. */
function applyPromos(input: TotalsInput): { priced: Priced[]; applied: Set<string> } {
  const priced: Priced[] = input.items.map((i) => ({ unit: i.unitPrice, code: null }));
  const applied = new Set<string>();
  for (const p of input.promos) if (p.isFreeShipping) applied.add(p.code);
  const bxgy = input.promos.filter((p) => p.type === 'bxgy_percent' || p.type === 'bxgy_dollar');
  if (bxgy.length > 0) {
    const base = input.items.reduce((s, i) => s + lineTotal(i.qty, i.unitPrice), 0);
    let best: { promo: TotalsPromo; discount: number } | null = null;
    for (const promo of bxgy) {
      const bought = input.items.filter((i) => isLinked(promo, i)).reduce((s, i) => s + i.qty, 0);
      const per = Math.max(1, promo.buyQuantity ?? 1);
      const allocations = Math.min(Math.floor(bought / per), promo.allocationLimit ?? Number.MAX_SAFE_INTEGER);
      if (allocations <= 0 || base <= 0) continue;
      const discount =
        promo.type === 'bxgy_percent'
          ? Math.min(base, applyPercent(base * allocations, promo.percent ?? '0'))
          : Math.min(base, allocations * (promo.amount ?? 0));
      if (discount > 0 && (!best || discount > best.discount)) best = { promo, discount };
    }
    if (best) {
      const { promo, discount } = best;
      applied.add(promo.code);
      // Every line keeps the same share: unit × (base − discount) / base.
      input.items.forEach((item, i) => {
        if (item.unitPrice === 0) return;
        priced[i] = { unit: mulDiv(item.unitPrice, base - discount, base), code: promo.code };
      });
    }
    return { priced, applied };
  }
  input.items.forEach((item, i) => {
    for (const promo of input.promos) {
      if (promo.type !== 'percent' && promo.type !== 'dollar') continue;
      if (!isLinked(promo, item)) continue;
      applied.add(promo.code);
      const unit = promoUnitPrice(promo, item.unitPrice);
      // Best (lowest) price wins; the first code keeps a tie.
      if (unit < priced[i]!.unit || (priced[i]!.code === null && unit === priced[i]!.unit && unit < item.unitPrice)) priced[i] = { unit, code: promo.code };
    }
  });
  return { priced, applied };
}

/** The shippable subtotal after promo codes: what the shipping tiers are looked up with. */
export function shippableSubtotal(input: Pick<TotalsInput, 'items' | 'promos' | 'currency'> & Partial<TotalsInput>): number {
  const { priced } = applyPromos({ shippingOptions: [], chosenShippingMethodId: null, taxShipping: false, dcc: { enabled: false }, dccChosen: false, dccType: null, ...input });
  return input.items.reduce((s, item, i) => (item.requiresShipping && !item.isShippingFree ? s + lineTotal(item.qty, priced[i]!.unit) : s), 0);
}

function dccOf(input: TotalsInput, amounts: { total: number; recurring: number | null; eligible: boolean; oneTime: boolean }[], type: DccType | null) {
  const { dcc } = input;
  const eligibleOneTime = amounts.filter((a) => a.eligible && a.oneTime).length;
  let flatIndex = 0;
  return amounts.map((a) => {
    if (!dcc.enabled || !a.eligible) return { now: 0, recurring: 0 };
    if (dcc.mode === 'legacy') {
      // The per-order fee is split evenly over eligible one-time items (the first ones take the odd
      // minor units); a recurring item carries the whole fee on each charge.
      let flat = dcc.perOrder;
      if (a.oneTime) {
        flat = Math.floor(dcc.perOrder / eligibleOneTime) + (flatIndex < dcc.perOrder % eligibleOneTime ? 1 : 0);
        flatIndex += 1;
      }
      return {
        now: a.total > 0 ? legacyDcc(a.total, flat, dcc.rate) : 0,
        recurring: a.recurring ? legacyDcc(a.recurring, dcc.perOrder, dcc.rate) : 0,
      };
    }
    if (!type) return { now: 0, recurring: 0 };
    return { now: dccForAmount(a.total, type, input.currency), recurring: a.recurring ? dccForAmount(a.recurring, type, input.currency) : 0 };
  });
}

/** Every total of an order from its lines, codes, taxes, shipping choices and DCC settings. */
export function computeTotals(input: TotalsInput): TotalsResult {
  currencyDigits(input.currency); // refuses a non-currency early
  const { priced, applied } = applyPromos(input);
  const lines = input.items.map((item, i) => {
    const unit = priced[i]!.unit;
    const total = lineTotal(item.qty, unit);
    return { item, unit, total, undiscounted: lineTotal(item.qty, item.unitPrice), code: priced[i]!.code };
  });
  const undiscountedSubtotal = lines.reduce((s, l) => s + l.undiscounted, 0);
  const subtotal = lines.reduce((s, l) => s + l.total, 0);
  const subtotalShippable = lines.reduce((s, l) => (l.item.requiresShipping && !l.item.isShippingFree ? s + l.total : s), 0);
  const hasShippable = input.items.some((i) => i.requiresShipping);
  const freeShippingPromo = input.promos.find((p) => p.isFreeShipping);
  const allFree = hasShippable && input.items.every((i) => !i.requiresShipping || i.isShippingFree);

  // Shipping: the chosen method when it still ships here, else the best (default first).
  let shippingAmount = 0;
  let method: ShippingChoice | null = null;
  if (hasShippable) {
    method = input.shippingOptions.find((o) => o.shippingMethodId === input.chosenShippingMethodId) ?? input.shippingOptions[0] ?? null;
    if (method && !freeShippingPromo && !allFree) shippingAmount = method.cost;
  }
  const isFreeShipping = hasShippable && (Boolean(freeShippingPromo) || allFree);
  const courierMethod = isFreeShipping && freeShippingPromo ? freeShippingPromo.freeShippingLabel || 'Free Shipping' : null;

  // Taxes per (item, tax); shipping taxed at each distinct rate on the order.
  const taxLines = new Map<string, { code: string; rate: string; amount: number }>();
  const addLine = (code: string, rate: string, amount: number) => {
    const key = `${code}|${rate}`;
    const line = taxLines.get(key) ?? { code, rate, amount: 0 };
    line.amount += amount;
    taxLines.set(key, line);
  };
  const itemTaxes = lines.map((l) =>
    l.item.taxes.map((t) => {
      const amount = applyPercent(l.total, t.rate);
      addLine(t.code, t.rate, amount);
      return { taxRateId: t.taxRateId, code: t.code, rate: t.rate, amount };
    }),
  );
  if (input.taxShipping && shippingAmount > 0) {
    const distinct = new Map<number, TotalsTax>();
    for (const l of lines) for (const t of l.item.taxes) distinct.set(t.taxRateId, t);
    for (const t of distinct.values()) addLine(t.code, t.rate, applyPercent(shippingAmount, t.rate));
  }
  const taxTotal = [...taxLines.values()].reduce((s, t) => s + t.amount, 0);

  // Donor covers costs, per item, for the chosen type and for each choice's button.
  const dccBase = lines.map((l) => ({
    total: l.total,
    recurring: l.item.recurringAmount === null ? null : l.item.recurringAmount * Math.max(1, l.item.qty),
    eligible: l.item.dccEligible,
    oneTime: l.item.recurringAmount === null,
  }));
  const chosen = dccOf(input, dccBase, input.dccType);
  const dccApplies = input.dccChosen && input.dcc.enabled;
  const itemDcc = chosen.map((c) => (dccApplies ? c : { now: 0, recurring: 0 }));
  const dccTotal = itemDcc.reduce((s, c) => s + c.now, 0);
  const optionFor = (type: DccType) => dccOf(input, dccBase, type).reduce((s, c) => s + c.now, 0);
  const dccOptions: Record<DccType, number> = input.dcc.enabled && input.dcc.mode === 'legacy'
    ? { minimum_costs: chosen.reduce((s, c) => s + c.now, 0), more_costs: chosen.reduce((s, c) => s + c.now, 0), most_costs: chosen.reduce((s, c) => s + c.now, 0) }
    : { minimum_costs: optionFor('minimum_costs'), more_costs: optionFor('more_costs'), most_costs: optionFor('most_costs') };

  const recurringTotals: Record<string, number> = {};
  for (const l of lines) {
    if (l.item.recurringAmount === null || !l.item.recurringFrequency) continue;
    recurringTotals[l.item.recurringFrequency] = (recurringTotals[l.item.recurringFrequency] ?? 0) + l.item.recurringAmount * Math.max(1, l.item.qty);
  }

  const totalSavings = lines.reduce((s, l) => (l.item.isDonation ? s : s + Math.max(0, lineTotal(l.item.qty, l.item.listUnitPrice) - l.total)), 0);
  const codes = input.promos.map((p) => p.code);
  return {
    items: lines.map((l, i) => ({
      key: l.item.key,
      unitPrice: l.unit,
      total: l.total,
      discount: l.undiscounted - l.total,
      promoCode: l.code,
      taxAmount: itemTaxes[i]!.reduce((s, t) => s + t.amount, 0),
      taxes: itemTaxes[i]!,
      dccAmount: itemDcc[i]!.now,
      dccRecurringAmount: itemDcc[i]!.recurring,
    })),
    undiscountedSubtotal,
    discount: undiscountedSubtotal - subtotal,
    subtotal,
    subtotalShippable,
    shippingAmount,
    shippingMethodId: hasShippable ? (method?.shippingMethodId ?? null) : null,
    shippingMethodTitle: hasShippable ? (method?.title ?? null) : null,
    isFreeShipping,
    courierMethod,
    taxTotal,
    taxLines: [...taxLines.values()],
    dccTotal,
    dccOptions,
    total: subtotal + taxTotal + shippingAmount + dccTotal,
    totalSavings,
    recurringTotals,
    appliedCodes: codes.filter((c) => applied.has(c)),
    unappliedCodes: codes.filter((c) => !applied.has(c)),
  };
}
