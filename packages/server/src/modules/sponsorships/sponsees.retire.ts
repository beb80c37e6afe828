import { sponseeMessages, sponsorMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';

/** The sponsee, locked, with what retiring needs; a deleted one is not found. */
async function lockedSponsee(tx: Tx, id: number): Promise<{ reference: string; retired: boolean }> {
  const [row] = await queryRows(tx, sql`select reference_number, retired_at from sponsorships where id = ${id} and deleted_at is null for update`);
  if (!row) throw new AppError('not_found', sponsorMessages.sponseeNotFound);
  return { reference: String(row.reference_number), retired: row.retired_at !== null };
}

/**
 * Retires a sponsee who left the programme (issue 38 item 2): no longer offered (not enabled)
 * and no new sponsors, while the page, current sponsors, timeline and history stay. The sponsors
 * already there are ended by staff as each is told, not all at once here. Answers the message.
 */
export async function retireSponsee(tx: Tx, id: number, reason: string): Promise<string> {
  const sponsee = await lockedSponsee(tx, id);
  if (sponsee.retired) throw new AppError('conflict', sponseeMessages.alreadyRetired(sponsee.reference));
  await tx.execute(sql`update sponsorships set retired_at = now(), retired_reason = ${reason}, is_enabled = false, updated_at = now() where id = ${id}`);
  return sponseeMessages.retired(sponsee.reference);
}

/** Brings a retired sponsee back: they may take sponsors again; staff turn "Enabled" on when they are to be offered. */
export async function reinstateSponsee(tx: Tx, id: number): Promise<string> {
  const sponsee = await lockedSponsee(tx, id);
  if (!sponsee.retired) throw new AppError('conflict', sponseeMessages.notRetired(sponsee.reference));
  await tx.execute(sql`update sponsorships set retired_at = null, retired_reason = null, updated_at = now() where id = ${id}`);
  return sponseeMessages.reinstated(sponsee.reference);
}
