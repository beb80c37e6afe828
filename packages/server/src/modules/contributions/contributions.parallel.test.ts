import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

/**
 * Parallel bulk actions on the same rows (issue 6 item 5): on PostgreSQL they used to deadlock
 * and answer 500. Every request must succeed and the money move exactly once.
 */
let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(300, 100));
  ({ agent } = await signedIn(t));
}, 120_000);

const rowsOf = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

describe('parallel bulk actions', () => {
  it('20 parallel spam & refund on the same rows all succeed and refund each payment once', async () => {
    const picked = (await rowsOf(sql`
      select distinct c.id from contributions c join payment_links l on l.contribution_id = c.id join payments p on p.id = l.payment_id
       where c.deleted_at is null and not c.is_spam and c.refunded_amount = 0 and p.gateway <> 'paypal' and p.status = 'succeeded'
       order by c.id desc limit 200`)) as { id: number }[];
    const ids = picked.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(10);
    // Each request names the rows in its own order, as different screens and clients would.
    const shuffled = (n: number) => [...ids].sort((a, b) => ((a * 7919 + n) % 101) - ((b * 7919 + n) % 101));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => agent.post('/jpanel/contributions/batch', { action: 'spam_and_refund', ids: shuffled(n) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));

    const payments = await rowsOf(sql`
      select p.id, p.amount, p.amount_refunded, (select count(*)::int from refunds r where r.payment_id = p.id) as refunds
        from payments p where p.id in (select payment_id from payment_links where contribution_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}))
         and p.gateway <> 'paypal'`);
    for (const payment of payments) {
      expect(Number(payment.amount_refunded)).toBe(Number(payment.amount));
      expect(Number(payment.refunds)).toBeLessThanOrEqual(1);
    }
    const history = await rowsOf(sql`
      select contribution_id, event, count(*)::int as n from contribution_status_history
       where contribution_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and event in ('marked_spam', 'refunded')
       group by contribution_id, event`);
    expect(history.every((h) => Number(h.n) === 1)).toBe(true);
    expect(history.filter((h) => h.event === 'marked_spam')).toHaveLength(ids.length);
  }, 120_000);
});
