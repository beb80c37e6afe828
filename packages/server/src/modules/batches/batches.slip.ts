import { depositSlipMessages, formatAmount, formatDate, toDecimal, type DepositSlip } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { htmlToPdf } from '../receipts/html-pdf.ts';
import { getOrgName } from '../settings/settings.service.ts';
import { loadBatch } from './batches.service.ts';

/**
 * A closed batch's deposit slip: each cheque with its number and drawer, the cash as one sum,
 * and the total. The printable page reads this same answer and the PDF is drawn from it, so the
 * two cannot disagree.
 */
export async function depositSlip(q: Queryable, id: number): Promise<DepositSlip> {
  const batch = await loadBatch(q, id);
  if (batch.status !== 'closed') throw new AppError('conflict', depositSlipMessages.notClosed);
  const [sums] = await queryRows(q, sql`
    select coalesce(sum(amount) filter (where payment_type = 'check'), 0)::bigint as cheques,
           coalesce(sum(amount) filter (where payment_type = 'cash'), 0)::bigint as cash,
           count(*) filter (where payment_type = 'cash')::int as cash_count,
           coalesce(sum(amount), 0)::bigint as total
      from gift_batch_gifts where batch_id = ${id}`);
  const money = (v: unknown) => toDecimal(String(v ?? 0), batch.currency_code);
  return {
    batch_id: batch.id,
    name: batch.name,
    deposit_date: batch.deposit_date,
    currency_code: batch.currency_code,
    cheques: batch.gifts
      .filter((g) => g.payment_type === 'check')
      .map((g) => ({ check_number: g.check_number ?? '', drawer: g.supporter?.name ?? '', amount: g.amount })),
    cheque_total: money(sums?.cheques),
    cash_count: Number(sums?.cash_count ?? 0),
    cash_total: money(sums?.cash),
    total: money(sums?.total),
  };
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The slip as a PDF page, laid out by the receipts' pdfkit renderer. */
export async function depositSlipPdf(q: Queryable, id: number): Promise<Buffer> {
  const slip = await depositSlip(q, id);
  const org = await getOrgName(q);
  const amount = (v: number) => escape(formatAmount(v, slip.currency_code));
  const cheques = slip.cheques.map((c) => `<tr><td>${escape(c.check_number)}</td><td>${escape(c.drawer)}</td><td>${amount(c.amount)}</td></tr>`).join('');
  const html = `
    <h1>Deposit slip</h1>
    <p><b>${escape(org)}</b><br>${escape(slip.name)}<br>Deposit date: ${escape(formatDate(slip.deposit_date))}<br>Currency: ${escape(slip.currency_code)}</p>
    <h2>Cheques (${slip.cheques.length})</h2>
    <table><tr><th>Cheque number</th><th>Drawer</th><th>Amount</th></tr>${cheques}
      <tr><th>Cheques total</th><th></th><th>${amount(slip.cheque_total)}</th></tr></table>
    <h2>Cash</h2>
    <p>${slip.cash_count} cash ${slip.cash_count === 1 ? 'gift' : 'gifts'}: ${amount(slip.cash_total)}</p>
    <hr>
    <h2>Total deposit: ${amount(slip.total)}</h2>`;
  return htmlToPdf(html, `Deposit slip – ${slip.name}`);
}
