import { FUNDRAISE_PREVIEWABLE, type FundraisePreview, fundraiseMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { decimalNumberSql } from '../money/money.sql.ts';

/** What the preview of a page shows; only a page with a public page (active or closed) has one. */
export async function fundraisePreview(db: Queryable, id: number): Promise<FundraisePreview> {
  const [row] = await queryRows(
    db,
    sql`select f.id, f.title, f.url, f.status, f.category, f.description, f.currency_code, f.donation_count, f.views, f.deadline::text as deadline, f.is_featured,
               ${decimalNumberSql(sql`f.amount_raised`, sql`f.currency_code`)} as amount_raised,
               ${decimalNumberSql(sql`f.goal_amount`, sql`f.currency_code`)} as goal_amount,
               coalesce(nullif(a.display_name, ''), person_name(a.first_name, a.last_name), a.email, 'Unnamed supporter') as fundraiser,
               '/jpanel/supporters/' || a.id as fundraiser_url
          from fundraising_pages f join supporters a on a.id = f.author_supporter_id
         where f.id = ${id} and f.deleted_at is null`,
  );
  if (!row) throw new AppError('not_found', fundraiseMessages.notFound);
  if (!(FUNDRAISE_PREVIEWABLE as readonly string[]).includes(String(row.status))) throw new AppError('not_found', fundraiseMessages.notPreviewable);
  return row as unknown as FundraisePreview;
}
