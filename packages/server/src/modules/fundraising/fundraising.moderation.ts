import { type FundraisePreview, fundraiseMessages, fundraiseModerationMessages as m, toMinor } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { sanitizeHtml } from '../../html/sanitize.ts';
import { queryRows } from '../../listing/engine.ts';
import { fundraisePreview } from '../lists/fundraise.preview.ts';

/**
 * Staff moderating a fundraising page (issue 38 item 4): suspend one that went wrong and
 * reactivate it, and correct its title, goal and story. A suspended page takes no gifts (the
 * POS refuses a gift to any page that is not active) and its preview says so. Every change is
 * in the page's history (the audit trail records who, when, from → to).
 */
async function lockPage(tx: Tx, id: number) {
  const [page] = await queryRows(tx, sql`select id, title, status, currency_code from fundraising_pages where id = ${id} and deleted_at is null for update`);
  if (!page) throw new AppError('not_found', fundraiseMessages.notFound);
  return { title: String(page.title), status: String(page.status), currency: String(page.currency_code) };
}

export async function setFundraisePageStatus(db: Db, actor: Actor, id: number, status: 'active' | 'suspended'): Promise<{ message: string; page: FundraisePreview }> {
  return withActor(db, actor, async (tx) => {
    const page = await lockPage(tx, id);
    if (status === 'suspended' && page.status !== 'active') throw new AppError('conflict', m.notActive);
    if (status === 'active' && page.status !== 'suspended') throw new AppError('conflict', m.notSuspended);
    // A suspended page is no longer featured: the public would be sent to a page that takes no gifts.
    await tx.execute(sql`update fundraising_pages set status = ${status}, is_featured = is_featured and ${status === 'active'}, updated_at = now() where id = ${id}`);
    return { message: status === 'suspended' ? m.suspended(page.title) : m.reactivated(page.title), page: await fundraisePreview(tx, id) };
  });
}

/** Features a page (first in the point of sale's page picker) or stops featuring it; a suspended or closed page cannot be featured. */
export async function setFundraisePageFeatured(db: Db, actor: Actor, id: number, featured: boolean): Promise<{ message: string; page: FundraisePreview }> {
  return withActor(db, actor, async (tx) => {
    const page = await lockPage(tx, id);
    if (featured && page.status !== 'active') throw new AppError('conflict', m.featureActive);
    await tx.execute(sql`update fundraising_pages set is_featured = ${featured}, updated_at = now() where id = ${id}`);
    return { message: featured ? m.featured(page.title) : m.unfeatured(page.title), page: await fundraisePreview(tx, id) };
  });
}

export async function editFundraisePage(
  db: Db,
  actor: Actor,
  id: number,
  input: { title: string; goal: number | null; description: string | null },
): Promise<{ message: string; page: FundraisePreview }> {
  return withActor(db, actor, async (tx) => {
    const page = await lockPage(tx, id);
    let goal: number | null = null;
    if (input.goal !== null) {
      try {
        goal = toMinor(input.goal, page.currency);
      } catch {
        throw fieldError('goal', m.goal);
      }
    }
    const story = input.description === null ? null : sanitizeHtml(input.description);
    await tx.execute(sql`update fundraising_pages set title = ${input.title}, goal_amount = ${goal}, description = ${story}, updated_at = now() where id = ${id}`);
    return { message: m.saved(input.title), page: await fundraisePreview(tx, id) };
  });
}
