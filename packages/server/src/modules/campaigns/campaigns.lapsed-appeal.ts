import {
  type LapsedAppealAnswer,
  SAVED_VIEWS_PER_LIST_MAX,
  type SavedViewState,
  campaignMessages as m,
  defaultHiddenColumns,
  givingReportMessages,
  type lapsedAppealSchema,
  savedViewMessages,
  supporterColumns,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows, whereClause } from '../../listing/engine.ts';
import { lapsedDonorsReport } from '../reports/lapsed.report.ts';

/** The supporters list's key for saved views (as its page names it). */
const SUPPORTERS_LIST = 'supporters';

/**
 * "Start an appeal" from a LYBUNT or SYBUNT list (issue 37 item 6), in one transaction: the
 * appeal in the chosen campaign, its donors (the list's own definition and search, so exactly
 * the rows shown), and a saved view of Supporters, for the person who started it, showing them.
 */
export async function startAppealFromLapsed(db: Db, actor: Actor & { userId: number }, input: z.output<typeof lapsedAppealSchema>): Promise<LapsedAppealAnswer> {
  const filters = { kind: input.kind, year: input.year };
  const def = lapsedDonorsReport(filters);
  return withActor(db, actor, async (tx) => {
    const [campaign] = await queryRows(tx, sql`select id from campaigns where id = ${input.campaign_id} for share`);
    if (!campaign) throw fieldError('campaign_id', m.notFound);
    const [taken] = await queryRows(tx, sql`select k.name from appeals a join campaigns k on k.id = a.campaign_id where a.code = ${input.code}`);
    if (taken) throw fieldError('code', m.appealCodeTaken(input.code, String(taken.name)));
    const [appeal] = await queryRows(tx, sql`insert into appeals (campaign_id, name, code) values (${input.campaign_id}, ${input.name}, ${input.code}) returning id`);
    const appealId = Number(appeal!.id);
    const [added] = await queryRows(tx, sql`
      with added as (insert into appeal_supporters (appeal_id, supporter_id)
                     select ${appealId}, s.id from ${def.from} where ${whereClause(def, filters, input.search?.trim() ?? '')}
                     on conflict do nothing returning 1)
      select count(*)::int as n from added`);
    const donors = Number(added?.n ?? 0);
    if (donors === 0) throw new AppError('validation', givingReportMessages.noDonors, { _: [givingReportMessages.noDonors] });

    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved_views'), ${actor.userId})`);
    const [count] = await queryRows(tx, sql`select count(*)::int as n from saved_views where user_id = ${actor.userId} and list = ${SUPPORTERS_LIST}`);
    if (Number(count?.n ?? 0) >= SAVED_VIEWS_PER_LIST_MAX) throw new AppError('validation', savedViewMessages.tooMany, { _: [savedViewMessages.tooMany] });
    const state: SavedViewState = { filters: { appeal_id: String(appealId) }, search: '', sort: [], hidden_columns: defaultHiddenColumns(supporterColumns) };
    const viewName = await freeViewName(tx, actor.userId, input.name);
    const [view] = await queryRows(tx, sql`
      insert into saved_views (user_id, list, name, state) values (${actor.userId}, ${SUPPORTERS_LIST}, ${viewName}, ${JSON.stringify(state)}::jsonb) returning id`);
    return {
      message: givingReportMessages.appealStarted(input.name, donors, viewName),
      appeal_id: appealId,
      campaign_id: input.campaign_id,
      donors,
      saved_view_id: Number(view!.id),
      supporters_url: `/supporters?f.appeal_id=${appealId}`,
    };
  });
}

/** The appeal's name as a view name (at most 60 characters), numbered when the person already has one so named. */
async function freeViewName(tx: Parameters<Parameters<typeof withActor>[2]>[0], userId: number, name: string): Promise<string> {
  const base = name.slice(0, 60);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 60 - ` (${n})`.length)} (${n})`;
    const [hit] = await queryRows(tx, sql`select 1 from saved_views where user_id = ${userId} and list = ${SUPPORTERS_LIST} and name = ${candidate}`);
    if (!hit) return candidate;
  }
}
