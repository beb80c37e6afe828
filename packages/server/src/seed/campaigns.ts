import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { appeals, campaigns } from '../modules/campaigns/campaigns.tables.ts';
import { at, DAY, isoDay, type SeedContext } from './context.ts';
import { insertRows } from './writer.ts';

/**
 * Two campaigns with appeals (issue 37 item 5), dates relative to today: last year's spring
 * appeal, over, and this season's, still running. Paid donations of their periods are credited
 * to them (about one in three), spread over their appeals, so Campaign results, the campaigns
 * list and LYBUNT have something to show in a demo.
 */
export async function insertCampaigns(ctx: SeedContext, q: Queryable): Promise<void> {
  const plan = [
    { name: 'Spring appeal', goal: 15_000_00, from: ctx.now - 420 * DAY, to: ctx.now - 300 * DAY, description: 'Last spring\'s letter and e-mail appeal for the water project.',
      appeals: [['Spring letter', 'SPRING-LETTER'], ['Spring e-mail', 'SPRING-EMAIL']] },
    { name: 'Winter appeal', goal: 25_000_00, from: ctx.now - 75 * DAY, to: ctx.now + 45 * DAY, description: 'This winter\'s appeal: the gala, the year-end letter and the website.',
      appeals: [['Year-end letter', 'WINTER-LETTER'], ['Gala night', 'WINTER-GALA'], ['Website banner', 'WINTER-WEB']] },
  ] as const;
  for (const c of plan) {
    const campaignId = ctx.ids.next(campaigns);
    await insertRows(q, campaigns, [{
      id: campaignId, name: c.name, goalAmount: c.goal, currencyCode: ctx.currency, startsOn: isoDay(c.from), endsOn: isoDay(c.to),
      description: c.description, createdBy: ctx.staff[0] ?? null, createdAt: at(c.from - 20 * DAY), updatedAt: at(c.from - 20 * DAY),
    }]);
    const appealIds = c.appeals.map(() => ctx.ids.next(appeals));
    await insertRows(q, appeals, c.appeals.map(([name, code], i) => ({ id: appealIds[i]!, campaignId, name, code, createdAt: at(c.from - 20 * DAY), updatedAt: at(c.from - 20 * DAY) })));
    // Every third paid donation of the period, by id; most with an appeal, some with the campaign alone.
    const list = sql.join(appealIds.map((id) => sql`${id}`), sql`, `);
    await q.execute(sql`
      update contributions c
         set campaign_id = ${campaignId},
             appeal_id = case when c.id % 5 = 0 then null else (array[${list}]::int[])[1 + (c.id / 3) % ${appealIds.length}] end
       where c.paid_at is not null and c.deleted_at is null and c.id % 3 = 0
         and c.ordered_at >= ${at(c.from)} and c.ordered_at < ${at(Math.min(c.to, ctx.now) + DAY)}
         and exists (select 1 from contribution_items i where i.contribution_id = c.id and i.is_donation)`);
  }
}
