import {
  messages,
  paymentGroupMessages,
  toDecimal,
  toMinor,
  typeOfFlags,
  type PaymentGroup,
  type PaymentGroupInputParsed,
  type PaymentOption,
} from '@almoner/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { getSettings } from '../settings/settings.service.ts';
import { paymentOptionGroups, paymentOptions } from '../sponsorships/sponsorships.tables.ts';

type OptionRow = typeof paymentOptions.$inferSelect;

const notFound = () => new AppError('not_found', messages.notFound);

const toOption = (o: OptionRow): PaymentOption => ({
  id: o.id,
  sequence: o.sequence,
  type: typeOfFlags({ is_custom: o.isCustom, is_recurring: o.isRecurring }),
  is_custom: o.isCustom,
  is_recurring: o.isRecurring,
  amount: o.amount === null ? null : toDecimal(o.amount, o.currencyCode),
  recurring_frequency: o.recurringFrequency as PaymentOption['recurring_frequency'],
  recurring_day: o.recurringDay,
  recurring_day_of_week: o.recurringDayOfWeek,
});

async function findGroup(db: Queryable, id: number) {
  const [group] = await db.select().from(paymentOptionGroups).where(and(eq(paymentOptionGroups.id, id), isNull(paymentOptionGroups.deletedAt)));
  if (!group) throw notFound();
  return group;
}

export async function listPaymentGroups(db: Queryable): Promise<{ data: { id: number; name: string; options: number }[]; site_currency: string }> {
  const rows = await db
    .select({ id: paymentOptionGroups.id, name: paymentOptionGroups.name, options: sql<number>`(select count(*)::int from payment_options o where o.group_id = "payment_option_groups"."id" and o.deleted_at is null)` })
    .from(paymentOptionGroups)
    .where(isNull(paymentOptionGroups.deletedAt))
    .orderBy(asc(sql`lower(${paymentOptionGroups.name})`), asc(paymentOptionGroups.id));
  return { data: rows, site_currency: (await getSettings(db, ['site_currency'])).site_currency };
}

export async function getPaymentGroup(db: Queryable, id: number, currency: string): Promise<PaymentGroup> {
  const group = await findGroup(db, id);
  const options = await db
    .select()
    .from(paymentOptions)
    .where(and(eq(paymentOptions.groupId, id), isNull(paymentOptions.deletedAt)))
    .orderBy(asc(paymentOptions.sequence), asc(paymentOptions.id));
  return { id: group.id, name: group.name, currency_code: options[0]?.currencyCode ?? currency, options: options.map(toOption) };
}

/** Options in the order sent; options no longer sent are soft-deleted. */
async function saveGroup(db: Db, actor: Actor, id: number | null, input: PaymentGroupInputParsed): Promise<PaymentGroup> {
  const groupId = await withActor(db, actor, async (tx) => {
    let savedId = id;
    if (savedId === null) {
      const [row] = await tx.insert(paymentOptionGroups).values({ name: input.name }).returning({ id: paymentOptionGroups.id });
      savedId = (row as { id: number }).id;
    } else {
      await findGroup(tx, savedId);
      await tx.update(paymentOptionGroups).set({ name: input.name, updatedAt: sql`now()` }).where(eq(paymentOptionGroups.id, savedId));
    }
    const existing = (await tx.select({ id: paymentOptions.id }).from(paymentOptions).where(and(eq(paymentOptions.groupId, savedId), isNull(paymentOptions.deletedAt)))).map((o) => o.id);
    const stranger = input.options.findIndex((o) => o.id !== undefined && !existing.includes(o.id));
    if (stranger >= 0) throw fieldError(`options.${stranger}.id`, messages.notFound);
    const gone = existing.filter((e) => !input.options.some((o) => o.id === e));
    if (gone.length) await tx.update(paymentOptions).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(inArray(paymentOptions.id, gone));
    for (const [sequence, o] of input.options.entries()) {
      const columns = {
        sequence,
        amount: o.amount === null ? null : toMinor(o.amount, input.currency_code),
        currencyCode: input.currency_code,
        isCustom: o.is_custom,
        isRecurring: o.is_recurring,
        recurringFrequency: o.recurring_frequency,
        recurringDay: o.recurring_day,
        recurringDayOfWeek: o.recurring_day_of_week,
        updatedAt: sql`now()`,
      };
      if (o.id === undefined) await tx.insert(paymentOptions).values({ ...columns, groupId: savedId });
      else await tx.update(paymentOptions).set(columns).where(eq(paymentOptions.id, o.id));
    }
    return savedId;
  });
  return getPaymentGroup(db, groupId, input.currency_code);
}

export const createPaymentGroup = (db: Db, actor: Actor, input: PaymentGroupInputParsed) => saveGroup(db, actor, null, input);
export const updatePaymentGroup = (db: Db, actor: Actor, id: number, input: PaymentGroupInputParsed) => saveGroup(db, actor, id, input);

export async function deletePaymentGroup(db: Db, actor: Actor, id: number): Promise<{ message: string }> {
  return withActor(db, actor, async (tx) => {
    const group = await findGroup(tx, id);
    await tx.update(paymentOptionGroups).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(paymentOptionGroups.id, id));
    return { message: paymentGroupMessages.deleted(group.name) };
  });
}
