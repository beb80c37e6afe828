import type { Queryable } from '../db/client.ts';
import { shippingMethodRegions, shippingMethods, shippingRates, shippingTiers } from '../modules/shipping/shipping.tables.ts';
import { productTaxRates, taxRateRegions, taxRates } from '../modules/taxes/taxes.tables.ts';
import type { SeedContext } from './context.ts';
import { insertRows } from './writer.ts';

/**
 * The states whose sales tax the demo charges on shop goods, and the rate. The demo orders are
 * taxed with these (orders.ts) and the tax rates below say the same, so the POS charges a new
 * order in New York what the history shows.
 */
export const TAXED_STATES = new Set(['NY', 'CA', 'WA', 'TX', 'IL']);
export const DEMO_TAX_PERCENT = 7.25;

/** The shippable store products the state taxes apply to. */
const TAXED_PRODUCTS = ['TSHIRT-HOPE', 'MUG-HOPE', 'TOTE-CANVAS', 'CARDS-XMAS', 'BUNDLE-GIFT'];

const STATE_NAMES: Record<string, string> = { NY: 'New York', CA: 'California', WA: 'Washington', TX: 'Texas', IL: 'Illinois' };

/** Bands of the shippable subtotal, in minor units: under 50, 50 to 99.99, 100 and over. */
const TIERS = [{ min: 0, max: 4999 }, { min: 5000, max: 9999 }, { min: 10000, max: null }];

const METHODS = [
  { name: 'Standard', code: 'STANDARD', isDefault: true, priority: 0, showOnWeb: true, regions: [], costs: [695, 995, 0] },
  { name: 'Express', code: 'EXPRESS', isDefault: false, priority: 1, showOnWeb: true, regions: [{ country: 'US', region: '' }, { country: 'CA', region: '' }], costs: [1495, 1995, 2495] },
  { name: 'Local courier', code: 'COURIER-NY', isDefault: false, priority: 2, showOnWeb: false, regions: [{ country: 'US', region: 'NY' }, { country: 'US', region: 'NJ' }], costs: [900, 900, null] },
];

/** Demo tax rates (a sales tax per state on shop goods) and tiered shipping, for the POS on a fresh start. */
export async function insertTaxesAndShipping(ctx: SeedContext, q: Queryable, productIds: Map<string, number>): Promise<void> {
  const products = TAXED_PRODUCTS.map((code) => productIds.get(code)).filter((id): id is number => id !== undefined);
  for (const state of TAXED_STATES) {
    const id = ctx.ids.next(taxRates);
    await insertRows(q, taxRates, [{ id, code: `${state} State Tax`, description: `${STATE_NAMES[state] ?? state} sales tax on shop goods`, rate: DEMO_TAX_PERCENT.toFixed(4) }]);
    await insertRows(q, taxRateRegions, [{ taxRateId: id, country: 'US', region: state }]);
    await insertRows(q, productTaxRates, products.map((productId) => ({ productId, taxRateId: id })));
  }
  const tierIds = TIERS.map(() => ctx.ids.next(shippingTiers));
  await insertRows(q, shippingTiers, TIERS.map((t, i) => ({ id: tierIds[i] as number, minValue: t.min, maxValue: t.max })));
  for (const m of METHODS) {
    const id = ctx.ids.next(shippingMethods);
    await insertRows(q, shippingMethods, [{ id, name: m.name, code: m.code, isDefault: m.isDefault, priority: m.priority, showOnWeb: m.showOnWeb }]);
    await insertRows(q, shippingMethodRegions, m.regions.map((r) => ({ shippingMethodId: id, ...r })));
    const rates = m.costs.flatMap((amount, i) => (amount === null ? [] : [{ shippingMethodId: id, shippingTierId: tierIds[i] as number, amount, currencyCode: ctx.currency }]));
    await insertRows(q, shippingRates, rates);
  }
}
