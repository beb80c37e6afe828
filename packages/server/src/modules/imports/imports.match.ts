import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { supporters } from '../supporters/supporters.tables.ts';

export type Supporter = typeof supporters.$inferSelect;

/** What a row tells about its supporter, whatever the import kind calls the columns. */
export type SupporterKeys = {
  donorId: string | null;
  sfId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  address01: string | null;
  zip: string | null;
};

/**
 * Matching order (issue 15), shared by every kind that brings in supporters: id (donor CRM id,
 * then Salesforce id), then e-mail, then name and address. The oldest match wins.
 */
export async function findSupporter(tx: Tx, k: SupporterKeys): Promise<Supporter | null> {
  const lower = (s: string) => s.toLowerCase();
  const tries = [
    k.donorId && eq(supporters.donorId, k.donorId),
    k.sfId && eq(supporters.sfId, k.sfId),
    k.email && sql`lower(${supporters.email}) = ${lower(k.email)}`,
    k.firstName && k.lastName && k.address01
      ? and(
          sql`lower(${supporters.firstName}) = ${lower(k.firstName)}`,
          sql`lower(${supporters.lastName}) = ${lower(k.lastName)}`,
          sql`lower(${supporters.billAddress01}) = ${lower(k.address01)}`,
          k.zip ? sql`lower(coalesce(${supporters.billZip}, '')) = ${lower(k.zip)}` : undefined,
        )
      : null,
  ];
  for (const where of tries) {
    if (!where) continue;
    const [found] = await tx.select().from(supporters).where(where).orderBy(asc(supporters.id)).limit(1);
    if (found) return found;
  }
  return null;
}
