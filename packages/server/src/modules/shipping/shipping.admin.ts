import {
  currencyDigits,
  decimalPlaces,
  messages,
  moneyMessages,
  shippingMessages,
  toDecimal,
  toMinor,
  type ShippingMethod,
  type ShippingMethodInputParsed,
  type ShippingSettings,
  type ShippingTiersInputParsed,
} from '@almoner/contracts';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { getSettings } from '../settings/settings.service.ts';
import { assertKnownRegions, withPlaceName } from '../taxes/regions.ts';
import { shippingMethodRegions, shippingMethods, shippingRates, shippingTiers } from './shipping.tables.ts';

/** Settings › Shipping: tiers of the shippable subtotal, methods, and each method's cost per tier. */

const notFound = () => new AppError('not_found', messages.notFound);
const siteCurrency = async (db: Queryable) => (await getSettings(db, ['site_currency'])).site_currency;

/** One 422 naming every amount with more decimals than the organisation currency has. */
function assertDecimals(amounts: { path: string; value: number | null }[], currency: string): void {
  const digits = currencyDigits(currency);
  const errors: Record<string, string[]> = {};
  for (const a of amounts) if (a.value !== null && decimalPlaces(a.value) > digits) errors[a.path] = [moneyMessages.tooManyDecimals(currency, digits)];
  const first = Object.values(errors)[0];
  if (first) throw new AppError('validation', first[0] as string, errors);
}

const liveTiers = (db: Queryable) => db.select().from(shippingTiers).where(isNull(shippingTiers.deletedAt)).orderBy(asc(shippingTiers.minValue), asc(shippingTiers.id));

async function presentMethods(db: Queryable, rows: (typeof shippingMethods.$inferSelect)[], tierIds: number[]): Promise<ShippingMethod[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const regions = await db.select().from(shippingMethodRegions).where(inArray(shippingMethodRegions.shippingMethodId, ids)).orderBy(asc(shippingMethodRegions.country), asc(shippingMethodRegions.region));
  const rates = tierIds.length ? await db.select().from(shippingRates).where(and(inArray(shippingRates.shippingMethodId, ids), inArray(shippingRates.shippingTierId, tierIds))) : [];
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    code: m.code,
    is_default: m.isDefault,
    priority: m.priority,
    show_on_web: m.showOnWeb,
    regions: regions.filter((g) => g.shippingMethodId === m.id).map(withPlaceName),
    rates: rates
      .filter((r) => r.shippingMethodId === m.id)
      .sort((a, b) => tierIds.indexOf(a.shippingTierId) - tierIds.indexOf(b.shippingTierId))
      .map((r) => ({ tier_id: r.shippingTierId, amount: toDecimal(r.amount, r.currencyCode) })),
  }));
}

export async function getShippingSettings(db: Queryable): Promise<ShippingSettings> {
  const currency = await siteCurrency(db);
  const tiers = await liveTiers(db);
  const methods = await db
    .select()
    .from(shippingMethods)
    .where(isNull(shippingMethods.deletedAt))
    .orderBy(desc(shippingMethods.isDefault), asc(shippingMethods.priority), asc(sql`lower(${shippingMethods.name})`), asc(shippingMethods.id));
  return {
    currency_code: currency,
    tiers: tiers.map((t) => ({ id: t.id, min_value: toDecimal(t.minValue, currency), max_value: t.maxValue === null ? null : toDecimal(t.maxValue, currency) })),
    methods: await presentMethods(db, methods, tiers.map((t) => t.id)),
  };
}

export async function getShippingMethod(db: Queryable, id: number): Promise<ShippingMethod> {
  const [row] = await db.select().from(shippingMethods).where(and(eq(shippingMethods.id, id), isNull(shippingMethods.deletedAt)));
  if (!row) throw notFound();
  const [method] = await presentMethods(db, [row], (await liveTiers(db)).map((t) => t.id));
  return method as ShippingMethod;
}

/** The tiers as the form lists them: sent ids are updated, new rows added, the rest soft-deleted. */
export async function saveShippingTiers(db: Db, actor: Actor, input: ShippingTiersInputParsed): Promise<ShippingSettings> {
  const currency = await siteCurrency(db);
  assertDecimals(input.tiers.flatMap((t, i) => [{ path: `tiers.${i}.min_value`, value: t.min_value }, { path: `tiers.${i}.max_value`, value: t.max_value }]), currency);
  await withActor(db, actor, async (tx) => {
    const existing = (await liveTiers(tx)).map((t) => t.id);
    const stranger = input.tiers.findIndex((t) => t.id !== undefined && !existing.includes(t.id));
    if (stranger >= 0) throw new AppError('validation', shippingMessages.unknownTier, { [`tiers.${stranger}.id`]: [shippingMessages.unknownTier] });
    const gone = existing.filter((e) => !input.tiers.some((t) => t.id === e));
    if (gone.length) await tx.update(shippingTiers).set({ deletedAt: sql`now()` }).where(inArray(shippingTiers.id, gone));
    for (const t of input.tiers) {
      const columns = { minValue: toMinor(t.min_value, currency), maxValue: t.max_value === null ? null : toMinor(t.max_value, currency) };
      if (t.id === undefined) await tx.insert(shippingTiers).values(columns);
      else await tx.update(shippingTiers).set(columns).where(eq(shippingTiers.id, t.id));
    }
  });
  return getShippingSettings(db);
}

async function saveMethod(db: Db, actor: Actor, id: number | null, input: ShippingMethodInputParsed): Promise<ShippingMethod> {
  assertKnownRegions(input.regions);
  const currency = await siteCurrency(db);
  assertDecimals(input.rates.map((r, i) => ({ path: `rates.${i}.amount`, value: r.amount })), currency);
  const savedId = await withActor(db, actor, async (tx) => {
    const tiers = (await liveTiers(tx)).map((t) => t.id);
    const stranger = input.rates.findIndex((r) => !tiers.includes(r.tier_id));
    if (stranger >= 0) throw new AppError('validation', shippingMessages.unknownTier, { [`rates.${stranger}.tier_id`]: [shippingMessages.unknownTier] });
    const columns = { name: input.name, code: input.code, isDefault: input.is_default, priority: input.priority, showOnWeb: input.show_on_web };
    let methodId = id;
    if (methodId === null) {
      const [row] = await tx.insert(shippingMethods).values(columns).returning({ id: shippingMethods.id });
      methodId = (row as { id: number }).id;
    } else {
      const [row] = await tx.select({ id: shippingMethods.id }).from(shippingMethods).where(and(eq(shippingMethods.id, methodId), isNull(shippingMethods.deletedAt)));
      if (!row) throw notFound();
      await tx.update(shippingMethods).set({ ...columns, updatedAt: sql`now()` }).where(eq(shippingMethods.id, methodId));
    }
    // At most one default: choosing this one takes it from the others.
    if (input.is_default) {
      await tx.update(shippingMethods).set({ isDefault: false, updatedAt: sql`now()` }).where(and(ne(shippingMethods.id, methodId), eq(shippingMethods.isDefault, true)));
    }
    await tx.delete(shippingMethodRegions).where(eq(shippingMethodRegions.shippingMethodId, methodId));
    if (input.regions.length) await tx.insert(shippingMethodRegions).values(input.regions.map((r) => ({ shippingMethodId: methodId, country: r.country, region: r.region })));
    await tx.delete(shippingRates).where(eq(shippingRates.shippingMethodId, methodId));
    const offered = input.rates.filter((r): r is { tier_id: number; amount: number } => r.amount !== null);
    if (offered.length) {
      await tx.insert(shippingRates).values(offered.map((r) => ({ shippingMethodId: methodId, shippingTierId: r.tier_id, amount: toMinor(r.amount, currency), currencyCode: currency })));
    }
    return methodId;
  });
  return getShippingMethod(db, savedId);
}

export const createShippingMethod = (db: Db, actor: Actor, input: ShippingMethodInputParsed) => saveMethod(db, actor, null, input);
export const updateShippingMethod = (db: Db, actor: Actor, id: number, input: ShippingMethodInputParsed) => saveMethod(db, actor, id, input);

export async function deleteShippingMethod(db: Db, actor: Actor, id: number): Promise<{ message: string }> {
  return withActor(db, actor, async (tx) => {
    const [row] = await tx.select().from(shippingMethods).where(and(eq(shippingMethods.id, id), isNull(shippingMethods.deletedAt)));
    if (!row) throw notFound();
    await tx.update(shippingMethods).set({ deletedAt: sql`now()`, isDefault: false, updatedAt: sql`now()` }).where(eq(shippingMethods.id, id));
    return { message: shippingMessages.deleted(row.name) };
  });
}
