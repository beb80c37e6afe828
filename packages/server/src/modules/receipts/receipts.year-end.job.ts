import { type YearEndFilters, type YearEndRun, yearEndMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { type JobRun, defineJob, enqueue } from '../jobs/jobs.queue.ts';
import { startOfOrgDaySql } from '../money/money.sql.ts';
import { getSettings } from '../settings/settings.service.ts';
import { forgetListingCounts } from '../../listing/count-cache.ts';
import { nextReceiptNumber } from './receipts.numbering.ts';
import { readRun } from './receipts.year-end.runs.ts';
import { type DonorGroup, dryRunYearEnd, planYearEnd } from './receipts.year-end.ts';
import { issueYear, receiptableAmountSql } from './receipts.service.ts';

type RunRow = { id: number; status: string; from: string; to: string; currency: string | null; min_amount: string | null; created_by: number | null; started: boolean };

const filtersOf = (r: RunRow): YearEndFilters => ({
  from: r.from,
  to: r.to,
  ...(r.currency ? { currency: r.currency } : {}),
  ...(r.min_amount !== null ? { min_amount: Number(r.min_amount) } : {}),
});

/**
 * One consolidated receipt: the donor's receiptable gifts of the period in one currency that are
 * still unreceipted, locked first (a single receipt made meanwhile waits or wins, and the
 * one-live-receipt index backs it), numbered from the gap-free sequence in this transaction.
 * Answers whether a receipt was issued.
 */
export async function issueConsolidated(tx: Tx, runId: number, g: DonorGroup, f: YearEndFilters, actorId: number | null): Promise<boolean> {
  const { sponsorship_tax_receipts: sponsorships } = await getSettings(tx, ['sponsorship_tax_receipts']);
  const gifts = (await queryRows(tx, sql`
    select x.id, x.invoice_number, x.client_uuid, x.paid_at, (${receiptableAmountSql(sql`x.id`, sponsorships)}) as amount,
           (select string_agg(distinct i.gl_code, ',') from contribution_items i where i.contribution_id = x.id) as gl_code
      from contributions x
     where x.supporter_id = ${g.supporter_id} and x.currency_code = ${g.currency_code} and x.deleted_at is null and x.paid_at is not null
       and x.tax_receipt_type <> 'none' and x.refunded_amount = 0
       and x.paid_at >= ${startOfOrgDaySql(f.from)} and x.paid_at < ${startOfOrgDaySql(f.to, 1)}
       and not exists (select 1 from tax_receipt_lines l where l.contribution_id = x.id and l.live)
     order by x.paid_at, x.id
       for update of x`)).filter((r) => Number(r.amount) > 0);
  if (!gifts.length) return false;
  const total = gifts.reduce((n, r) => n + Number(r.amount), 0);
  const now = new Date();
  const number = await nextReceiptNumber(tx, await issueYear(tx, now));
  const [receipt] = await queryRows(tx, sql`
    insert into tax_receipts (receipt_type, status, number, issued_at, amount, currency_code, supporter_id, template_id, year_end_run_id,
                              name, first_name, last_name, email, address_01, address_02, city, state, zip, country, phone, created_by)
    select 'consolidated', 'issued', ${number}, ${now}, ${total}, ${g.currency_code}, s.id,
           (select id from tax_receipt_templates where is_default and deleted_at is null order by id limit 1), ${runId},
           coalesce(case when at.is_organization then s.bill_organization_name end,
                    nullif(trim(concat_ws(' ', s.bill_title, s.bill_first_name, s.bill_last_name)), ''), s.display_name),
           s.bill_first_name, s.bill_last_name, left(coalesce(s.bill_email, s.email), 45), s.bill_address_01, s.bill_address_02, s.bill_city,
           s.bill_state, s.bill_zip, s.bill_country, s.bill_phone, ${actorId}
      from supporters s left join account_types at on at.id = s.account_type_id
     where s.id = ${g.supporter_id}
    returning id`);
  const id = Number(receipt?.id);
  for (const r of gifts) {
    await tx.execute(sql`
      insert into tax_receipt_lines (tax_receipt_id, contribution_id, description, amount, currency_code, donated_at, gl_code)
      values (${id}, ${r.id}, ${`Contribution #${String(r.invoice_number ?? r.client_uuid)}`}, ${Number(r.amount)}, ${g.currency_code}, ${r.paid_at}, ${r.gl_code})`);
  }
  return true;
}

async function loadRun(q: Queryable, id: number): Promise<RunRow | null> {
  const [r] = await queryRows(q, sql`select id, status, period_from::text as "from", period_to::text as "to", currency, min_amount::text as min_amount,
                                            created_by, started_at is not null as started from tax_receipt_runs where id = ${id}`);
  return r ? ({ ...r, id: Number(r.id), created_by: r.created_by === null ? null : Number(r.created_by) } as RunRow) : null;
}

/**
 * The background run: plans again (what changed since the dry run counts now), then issues one
 * donor at a time, each in its own transaction under a once-key, so a crash or retry mid-batch
 * never issues a donor twice and never holds the others back.
 */
export async function runYearEnd(run: Pick<JobRun<{ run_id: number }>, 'data' | 'database' | 'once' | 'progress' | 'retryCount' | 'retryLimit'>): Promise<void> {
  const { db } = run.database;
  const row = await loadRun(db, run.data.run_id);
  if (!row || row.status === 'completed') return;
  const f = filtersOf(row);
  try {
    const plan = await planYearEnd(db, f);
    if (!row.started) {
      const skipped: Record<string, number> = {};
      for (const p of plan) if (p.reason && p.reason !== 'issue') skipped[p.reason] = (skipped[p.reason] ?? 0) + 1;
      await db.execute(sql`update tax_receipt_runs set status = 'running', started_at = now(), skipped = ${JSON.stringify(skipped)}::jsonb where id = ${row.id}`);
    } else {
      await db.execute(sql`update tax_receipt_runs set status = 'running', error = null where id = ${row.id}`);
    }
    const groups = plan.filter((p) => p.reason === 'issue').map((p) => p.group);
    for (const [index, g] of groups.entries()) {
      await run.once(`year_end:${row.id}:${g.supporter_id}:${g.currency_code}`, async (tx) => {
        if (await issueConsolidated(tx, row.id, g, f, row.created_by)) await tx.execute(sql`update tax_receipt_runs set issued = issued + 1 where id = ${row.id}`);
      });
      if (index % 10 === 9 || index === groups.length - 1) {
        const percent = Math.floor(((index + 1) / groups.length) * 100);
        await db.execute(sql`update tax_receipt_runs set progress = ${Math.min(99, percent)} where id = ${row.id}`);
        await run.progress(percent);
      }
    }
    await forgetListingCounts(db);
    await db.execute(sql`update tax_receipt_runs set status = 'completed', progress = 100, finished_at = now() where id = ${row.id}`);
  } catch (error) {
    // The last attempt marks the run failed (the jobs page keeps the details and a Retry button).
    if (run.retryCount >= run.retryLimit) {
      await db.execute(sql`update tax_receipt_runs set status = 'failed', error = 'The run stopped with an error; see Background jobs.', finished_at = now() where id = ${row.id}`);
    }
    throw error;
  }
}

export const yearEndReceiptJob = defineJob<{ run_id: number }>({
  name: 'tax_receipt_year_end',
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 60 * 60,
  handler: (run) => runYearEnd(run),
});

/**
 * Starts a run: the dry run once more (nothing to issue is refused), the run row and its job in
 * one transaction, so a run never exists without its job. One run at a time.
 */
export async function startYearEnd(db: Db, actor: Actor, f: YearEndFilters): Promise<YearEndRun> {
  const id = await withActor(db, actor, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tax_receipt_year_end'))`);
    const [busy] = await queryRows(tx, sql`select id from tax_receipt_runs where status in ('queued', 'running') limit 1`);
    if (busy) throw new AppError('conflict', yearEndMessages.busy);
    const dry = await dryRunYearEnd(tx, f);
    if (!dry.receipts) throw new AppError('conflict', yearEndMessages.nothingToIssue);
    const [row] = await queryRows(tx, sql`
      insert into tax_receipt_runs (period_from, period_to, currency, min_amount, planned, created_by)
      values (${f.from}, ${f.to}, ${f.currency ?? null}, ${f.min_amount ?? null}, ${dry.receipts}, ${actor.userId}) returning id`);
    const runId = Number(row?.id);
    const jobId = await enqueue(tx, yearEndReceiptJob, { run_id: runId });
    await tx.execute(sql`update tax_receipt_runs set job_id = ${jobId}::uuid where id = ${runId}`);
    return runId;
  });
  return readRun(db, id);
}
