import type { contributions } from '../modules/contributions/contributions.tables.ts';
import { taxReceiptLines, taxReceipts } from '../modules/receipts/receipts.tables.ts';
import { at, DAY } from './context.ts';
import { receiptableAmount } from './money.ts';
import type { Draft } from './world.ts';

type ContributionRow = typeof contributions.$inferInsert;

/**
 * Receipts are issued for paid US contributions with a receiptable amount; a refund voids
 * the receipt, and the last two days' are still drafts waiting for the nightly issue.
 */
export function addReceipt(d: Draft, c: ContributionRow, description: string): void {
  if (!c.paidAt || c.isTest || c.isSpam || c.deletedAt || c.billCountry !== 'US') return;
  let amount = 0;
  let glCode: string | null = null;
  for (const line of d.lines) {
    if (!line.receiptable) continue;
    amount += receiptableAmount(line.row.total as number, line.row.qty as number, line.row.fairMarketValue ?? null, (line.row.dccAmount as number) ?? 0);
    glCode ??= line.row.glCode ?? null;
  }
  if (amount <= 0) return;
  const paidAt = c.paidAt.getTime();
  const status = (c.refundedAmount ?? 0) > 0 ? 'void' : paidAt > d.world.ctx.now - 2 * DAY ? 'draft' : 'issued';
  const issuedAt = status === 'draft' ? null : paidAt + 300_000;
  const id = d.world.ctx.ids.next(taxReceipts);
  const b = d.buyer;
  d.chunk.receipts.push({
    id, status, currencyCode: c.currencyCode, number: `WEB${new Date(issuedAt ?? paidAt).getUTCFullYear() % 100}-${String(id).padStart(9, '0')}`,
    issuedAt: issuedAt === null ? null : at(issuedAt), amount, supporterId: b.supporter?.id ?? null,
    templateId: d.world.reference.receiptTemplateId, name: b.organization ?? [b.title, b.firstName, b.lastName].filter(Boolean).join(' '),
    firstName: b.firstName, lastName: b.lastName, email: b.email, address01: b.address01, address02: b.address02, city: b.city,
    state: b.state, zip: b.zip, country: b.country, phone: b.phone, notifiedAt: status === 'issued' ? at(paidAt + 360_000) : null,
    voidedAt: status === 'void' ? (c.refundedAt ?? null) : null, voidedBy: status === 'void' ? (c.refundedBy ?? null) : null,
    createdAt: at(paidAt + 300_000), updatedAt: at(status === 'void' && c.refundedAt ? c.refundedAt.getTime() : paidAt + 300_000),
  });
  d.chunk.receiptLines.push({ id: d.world.ctx.ids.next(taxReceiptLines), taxReceiptId: id, contributionId: c.id as number, currencyCode: c.currencyCode, description, amount, donatedAt: c.paidAt, glCode,
    // Written as the trigger would (the seed's bulk load skips row triggers).
    live: status !== 'void' });
}
