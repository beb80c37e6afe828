import { SANDBOX_CRM_CREDENTIALS } from '@almoner/contracts';
import { and, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { CrmError, type CrmCredentials, type CrmRecord, type DonorCrm } from './crm.ts';
import { crmSandboxCodes, crmSandboxDonors, crmSandboxGifts } from './sandbox-crm.tables.ts';

/** The codes a fresh sandbox offers, as a new DonorPerfect account has some of each. */
const STARTER_CODES: { fieldName: string; code: string; description: string }[] = [
  { fieldName: 'GL_CODE', code: 'GEN', description: 'General Fund' },
  { fieldName: 'GL_CODE', code: 'BLD', description: 'Building Fund' },
  { fieldName: 'GL_CODE', code: 'SPN', description: 'Sponsorships' },
  { fieldName: 'CAMPAIGN', code: 'ANNUAL', description: 'Annual Appeal' },
  { fieldName: 'CAMPAIGN', code: 'SPRING', description: 'Spring Campaign' },
  { fieldName: 'SOLICIT_CODE', code: 'WEB', description: 'Website' },
  { fieldName: 'SOLICIT_CODE', code: 'MAIL', description: 'Direct Mail' },
  { fieldName: 'SUB_SOLICIT_CODE', code: 'EMAIL', description: 'Email Follow-up' },
  { fieldName: 'TY_LETTER_NO', code: 'TY1', description: 'Standard Thank You' },
  { fieldName: 'DONOR_TYPE', code: 'IN', description: 'Individual' },
];

const donorRecord = (d: typeof crmSandboxDonors.$inferSelect): CrmRecord => ({
  donor_id: String(d.id), first_name: d.firstName, last_name: d.lastName, email: d.email,
  address: d.address, city: d.city, state: d.state, zip: d.zip, country: d.country,
});
const giftRecord = (g: typeof crmSandboxGifts.$inferSelect): CrmRecord => ({
  gift_id: String(g.id), donor_id: String(g.donorId), record_type: g.recordType, gift_date: g.giftDate, amount: g.amount,
  gl_code: g.glCode, campaign: g.campaign, solicit_code: g.solicitCode, reference: g.reference, gift_narrative: g.giftNarrative,
});
const asId = (id: string) => {
  if (!/^\d{1,15}$/.test(id)) throw new CrmError('refused', 'Donor CRM ids are numbers.');
  return Number(id);
};

/**
 * The built-in donor CRM: the same calls as DonorPerfect on tables of the app's database. It
 * refuses what DonorPerfect refuses (a gift for an unknown donor, updating a gift that is gone).
 */
export function createSandboxCrm(db: Queryable, credentials?: CrmCredentials): DonorCrm {
  return {
    async ping() {
      if (!credentials) return true;
      const test = SANDBOX_CRM_CREDENTIALS;
      return credentials.apikey === test.apikey || (credentials.username === test.username && credentials.password === test.password);
    },
    async findDonor(id) {
      const [row] = await db.select().from(crmSandboxDonors).where(eq(crmSandboxDonors.id, asId(id)));
      return row ? donorRecord(row) : null;
    },
    async searchDonors({ firstName, lastName, email }) {
      const terms = [
        ...(firstName && lastName ? [and(sql`lower(${crmSandboxDonors.firstName}) = lower(${firstName})`, sql`lower(${crmSandboxDonors.lastName}) = lower(${lastName})`)] : []),
        ...(email ? [sql`lower(${crmSandboxDonors.email}) = lower(${email})`] : []),
      ];
      if (!terms.length) return [];
      const rows = await db.select().from(crmSandboxDonors).where(or(...terms)).orderBy(crmSandboxDonors.id).limit(20);
      return rows.map(donorRecord);
    },
    async countDonors() {
      const [row] = await db.select({ n: count() }).from(crmSandboxDonors);
      return Number(row?.n ?? 0);
    },
    async listDonors(afterId, limit) {
      const rows = await db.select().from(crmSandboxDonors)
        .where(afterId === null ? undefined : gt(crmSandboxDonors.id, asId(afterId)))
        .orderBy(crmSandboxDonors.id).limit(Math.min(500, Math.max(1, Math.floor(limit))));
      return rows.map(donorRecord);
    },
    async saveDonor(d) {
      const values = { firstName: d.firstName.slice(0, 50), lastName: d.lastName.slice(0, 75), email: d.email.slice(0, 100), address: d.address, city: d.city, state: d.state.slice(0, 45), zip: d.zip.slice(0, 45), country: d.country.slice(0, 45) };
      if (d.donorId) {
        const rows = await db.update(crmSandboxDonors).set(values).where(eq(crmSandboxDonors.id, asId(d.donorId))).returning({ id: crmSandboxDonors.id });
        if (!rows.length) throw new CrmError('refused', `Donor ${d.donorId} does not exist.`);
        return d.donorId;
      }
      const [row] = await db.insert(crmSandboxDonors).values(values).returning({ id: crmSandboxDonors.id });
      return String(row?.id);
    },
    async findGift(id) {
      const [row] = await db.select().from(crmSandboxGifts).where(eq(crmSandboxGifts.id, asId(id)));
      return row ? giftRecord(row) : null;
    },
    async findGiftByReference(reference) {
      const [row] = await db.select().from(crmSandboxGifts).where(eq(crmSandboxGifts.reference, reference)).orderBy(crmSandboxGifts.id).limit(1);
      return row ? giftRecord(row) : null;
    },
    async giftsOf(donorId, recordType, limit) {
      const rows = await db.select().from(crmSandboxGifts)
        .where(and(eq(crmSandboxGifts.donorId, asId(donorId)), eq(crmSandboxGifts.recordType, recordType)))
        .orderBy(desc(crmSandboxGifts.giftDate), desc(crmSandboxGifts.id)).limit(limit);
      return rows.map(giftRecord);
    },
    async saveGift(g) {
      const [donor] = await db.select({ id: crmSandboxDonors.id }).from(crmSandboxDonors).where(eq(crmSandboxDonors.id, asId(g.donorId)));
      if (!donor) throw new CrmError('refused', `Donor ${g.donorId} does not exist.`);
      const values = { donorId: donor.id, giftDate: g.giftDate, amount: g.amount, glCode: g.glCode, campaign: g.campaign, solicitCode: g.solicitCode, reference: g.reference.slice(0, 100), giftNarrative: g.narrative };
      if (g.giftId) {
        const rows = await db.update(crmSandboxGifts).set({ ...values, updatedAt: sql`now()` }).where(eq(crmSandboxGifts.id, asId(g.giftId))).returning({ id: crmSandboxGifts.id });
        if (!rows.length) throw new CrmError('refused', `Gift ${g.giftId} does not exist.`);
        return g.giftId;
      }
      const [row] = await db.insert(crmSandboxGifts).values(values).returning({ id: crmSandboxGifts.id });
      return String(row?.id);
    },
    async codes(fieldName) {
      await db.insert(crmSandboxCodes).values(STARTER_CODES).onConflictDoNothing();
      const rows = await db.select().from(crmSandboxCodes)
        .where(and(eq(crmSandboxCodes.fieldName, fieldName), eq(crmSandboxCodes.inactive, false))).orderBy(crmSandboxCodes.code);
      return rows.map((r) => ({ code: r.code, description: r.description }));
    },
  };
}
