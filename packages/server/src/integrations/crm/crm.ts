/**
 * What Almoner needs from a donor CRM. DonorPerfect's XML API is the real one; the sandbox keeps
 * donors and gifts in the app's database and answers the same way. Records are the CRM's own
 * field names and text values, as DonorPerfect answers them.
 */
export type CrmRecord = Record<string, string>;

export type CrmDonorInput = {
  /** Blank makes a new donor. */
  donorId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
};

export type CrmGiftInput = {
  /** Blank makes a new gift; an id updates that gift. */
  giftId: string | null;
  donorId: string;
  /** yyyy-mm-dd. */
  giftDate: string;
  /** Decimal, negative for a refund. */
  amount: string;
  glCode: string;
  campaign: string;
  solicitCode: string;
  /** Almoner's own reference (the contribution's or refund's), which makes a repeated push find the first gift. */
  reference: string;
  narrative: string;
};

export type CrmCredentials = { username: string; password: string; apikey: string };

export interface DonorCrm {
  /** True when the CRM accepts these credentials. */
  ping(): Promise<boolean>;
  findDonor(donorId: string): Promise<CrmRecord | null>;
  /** Up to 20 donors with this first and last name, or this email. */
  searchDonors(match: { firstName: string | null; lastName: string | null; email: string | null }): Promise<CrmRecord[]>;
  saveDonor(donor: CrmDonorInput): Promise<string>;
  /** How many donors the CRM holds (for an import's progress). */
  countDonors(): Promise<number>;
  /** The next `limit` donors after `afterId` (all when null), by ascending donor id: an import pages with it. */
  listDonors(afterId: string | null, limit: number): Promise<CrmRecord[]>;
  findGift(giftId: string): Promise<CrmRecord | null>;
  findGiftByReference(reference: string): Promise<CrmRecord | null>;
  /** The donor's latest gifts (G) or pledges (P). */
  giftsOf(donorId: string, recordType: 'G' | 'P', limit: number): Promise<CrmRecord[]>;
  saveGift(gift: CrmGiftInput): Promise<string>;
  codes(fieldName: string): Promise<{ code: string; description: string }[]>;
}

/** The CRM refused (its message), or could not be reached (network, timeout, HTTP error). */
export class CrmError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}
