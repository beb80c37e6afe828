import { type YearEndRun, toDecimal, yearEndMessages } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** Runs with what they issued so far, per currency (never summed across currencies). */
async function runs(q: Queryable, where: SQL, limit: number): Promise<YearEndRun[]> {
  const rows = await queryRows(q, sql`
    select r.id, r.status, r.period_from::text as period_from, r.period_to::text as period_to, r.currency, r.min_amount::text as min_amount,
           r.planned, r.issued, r.progress, r.error, r.created_at, r.finished_at,
           nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as created_by,
           coalesce((select json_agg(json_build_object('currency_code', t.currency_code, 'amount', t.amount::text, 'receipts', t.n) order by t.currency_code)
                       from (select currency_code, sum(amount) as amount, count(*)::int as n from tax_receipts
                              where year_end_run_id = r.id group by currency_code) t), '[]'::json) as totals
      from tax_receipt_runs r left join users u on u.id = r.created_by
     where ${where} order by r.id desc limit ${limit}`);
  return rows.map((r) => ({
    id: Number(r.id),
    status: r.status as YearEndRun['status'],
    from: String(r.period_from),
    to: String(r.period_to),
    currency: (r.currency as string | null) ?? null,
    min_amount: r.min_amount === null ? null : String(Number(r.min_amount)),
    planned: Number(r.planned),
    issued: Number(r.issued),
    progress: Number(r.progress),
    totals: (r.totals as { currency_code: string; amount: string; receipts: number }[]).map((t) => ({
      currency_code: t.currency_code,
      amount: toDecimal(t.amount, t.currency_code),
      receipts: Number(t.receipts),
    })),
    created_by: (r.created_by as string | null) ?? null,
    created_at: iso(r.created_at) ?? '',
    finished_at: iso(r.finished_at),
    error: (r.error as string | null) ?? null,
  }));
}

export async function readRun(q: Queryable, id: number): Promise<YearEndRun> {
  const [run] = await runs(q, sql`r.id = ${id}`, 1);
  if (!run) throw new AppError('not_found', yearEndMessages.runNotFound);
  return run;
}

export const listRuns = (q: Queryable) => runs(q, sql`true`, 20);
