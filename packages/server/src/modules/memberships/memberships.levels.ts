import { type MembershipLevel, type membershipLevelInputSchema, membershipMessages as m, type RenewalRule, toDecimal, toMinor } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { orgTodaySql } from '../sponsorships/sponsors.service.ts';

/** Membership levels as staff keep them (issue 38 item 1); the point of sale sells them through product variants. */
type LevelInput = z.output<typeof membershipLevelInputSchema>;

const notFound = () => new AppError('not_found', m.levelNotFound);

/** Levels not deleted, in their order, with how many memberships of each have not ended. */
async function present(db: Queryable, where = sql`true`): Promise<MembershipLevel[]> {
  const { currency } = await getOrgMoneySettings(db);
  const rows = await queryRows(db, sql`
    select l.*, (select count(*)::int from supporter_memberships sm
                  where sm.membership_id = l.id and sm.deleted_at is null and (sm.expires_on is null or sm.expires_on >= ${orgTodaySql})) as active
      from memberships l where l.deleted_at is null and ${where} order by l.sequence, lower(l.name), l.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    description: r.description === null ? null : String(r.description),
    duration_days: r.duration_days === null ? null : Number(r.duration_days),
    price: r.price === null ? null : toDecimal(String(r.price), currency),
    currency_code: currency,
    renewal_rule: r.renewal_rule as RenewalRule,
    is_public: Boolean(r.is_public),
    active: Number(r.active),
    updated_at: new Date(r.updated_at as string).toISOString(),
  }));
}

export async function listLevels(db: Queryable): Promise<{ data: MembershipLevel[] }> {
  return { data: await present(db) };
}

export async function getLevel(db: Queryable, id: number): Promise<MembershipLevel> {
  const [level] = await present(db, sql`l.id = ${id}`);
  if (!level) throw notFound();
  return level;
}

async function columns(db: Queryable, input: LevelInput) {
  const { currency } = await getOrgMoneySettings(db);
  return sql`name = ${input.name}, description = ${input.description}, duration_days = ${input.duration_days},
             price = ${input.price === null ? null : toMinor(input.price, currency)}, renewal_rule = ${input.renewal_rule}, is_public = ${input.is_public}`;
}

export async function createLevel(db: Db, actor: Actor, input: LevelInput): Promise<MembershipLevel> {
  const id = await withActor(db, actor, async (tx) => {
    const { currency } = await getOrgMoneySettings(tx);
    const [row] = await queryRows(tx, sql`
      insert into memberships (name, description, duration_days, price, renewal_rule, is_public, sequence)
      values (${input.name}, ${input.description}, ${input.duration_days}, ${input.price === null ? null : toMinor(input.price, currency)},
              ${input.renewal_rule}, ${input.is_public}, (select coalesce(max(sequence), 0) + 1 from memberships))
      returning id`);
    return Number(row?.id);
  });
  return getLevel(db, id);
}

export async function updateLevel(db: Db, actor: Actor, id: number, input: LevelInput): Promise<MembershipLevel> {
  await withActor(db, actor, async (tx) => {
    const [row] = await queryRows(tx, sql`update memberships set ${await columns(tx, input)}, updated_at = now() where id = ${id} and deleted_at is null returning id`);
    if (!row) throw notFound();
  });
  return getLevel(db, id);
}

/** Soft: memberships already held keep their level; it is no longer offered or granted. */
export async function deleteLevel(db: Db, actor: Actor, id: number): Promise<{ message: string }> {
  const level = await getLevel(db, id);
  await withActor(db, actor, (tx) => tx.execute(sql`update memberships set deleted_at = now(), updated_at = now() where id = ${id}`));
  return { message: m.levelDeleted(level.name) };
}
