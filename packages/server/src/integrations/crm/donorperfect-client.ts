import { DONORPERFECT_API_URL } from '@almoner/contracts';
import { CrmError, type CrmCredentials, type CrmDonorInput, type CrmGiftInput, type CrmRecord, type DonorCrm } from './crm.ts';
import { type DpParam, encodeDpParams, parseDpResult, sqlText } from './donorperfect-xml.ts';

export type DonorPerfectConfig = CrmCredentials & {
  /** DonorPerfect's xmlrequest.asp unless told otherwise (a local stand-in in tests). */
  apiUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

/** A longer address goes as a form POST (DonorPerfect takes both). */
const MAX_GET_URL = 2000;

const GIFT_FIELDS = 'gift_id, donor_id, record_type, gift_date, amount, gl_code, campaign, solicit_code, reference, gift_narrative';
const DONOR_FIELDS = 'donor_id, first_name, last_name, email, address, city, state, zip, country';

/**
 * DonorPerfect's XML API: every call is `action=` a stored procedure (dp_savedonor, dp_savegift,
 * dp_donorsearch) with `params=`, or a SELECT on its views (dp, dpgift, dpcodes), signed with the
 * API key (or, for older accounts, login and pass). Answers are XML (see donorperfect-xml.ts).
 */
export function createDonorPerfectClient(config: DonorPerfectConfig): DonorCrm {
  const base = config.apiUrl || DONORPERFECT_API_URL;

  async function call(action: string, params?: Record<string, DpParam>): Promise<CrmRecord[]> {
    const query = new URLSearchParams();
    if (config.apikey) query.set('apikey', config.apikey);
    else {
      query.set('login', config.username);
      query.set('pass', config.password);
    }
    query.set('action', action);
    if (params) query.set('params', encodeDpParams(params));
    const form = query.toString();
    const asGet = base.length + form.length + 1 <= MAX_GET_URL;
    let response: Response;
    try {
      response = await fetch(asGet ? `${base}?${form}` : base, {
        method: asGet ? 'GET' : 'POST',
        ...(asGet ? {} : { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 20_000),
      });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new CrmError('unreachable', timedOut ? 'The donor CRM did not answer in time.' : 'The donor CRM could not be reached.');
    }
    const body = await response.text().catch(() => '');
    if (!response.ok) {
      // DonorPerfect words a refusal in XML even on an error status; otherwise it is the network's fault.
      if (/<error>/i.test(body)) parseDpResult(body);
      throw new CrmError('unreachable', `The donor CRM answered HTTP ${response.status}.`);
    }
    return parseDpResult(body);
  }

  const first = async (action: string) => (await call(action))[0] ?? null;
  const idOf = (records: CrmRecord[], what: string) => {
    const value = Object.values(records[0] ?? {})[0] ?? '';
    if (!/^\d+$/.test(value) || value === '0') throw new CrmError('refused', `The donor CRM did not return the ${what} id.`);
    return value;
  };
  const digits = (id: string) => {
    if (!/^\d{1,18}$/.test(id)) throw new CrmError('refused', 'Donor CRM ids are numbers.');
    return id;
  };

  return {
    async ping() {
      try {
        await call('SELECT TOP 1 donor_id FROM dp');
        return true;
      } catch (e) {
        if (e instanceof CrmError) return false;
        throw e;
      }
    },
    findDonor: (id) => first(`SELECT ${DONOR_FIELDS} FROM dp WHERE donor_id=${digits(id)}`),
    async searchDonors({ firstName, lastName, email }) {
      const terms: string[] = [];
      if (firstName && lastName) terms.push(`(first_name=${sqlText(firstName)} AND last_name=${sqlText(lastName)})`);
      if (email) terms.push(`email=${sqlText(email)}`);
      if (!terms.length) return [];
      return call(`SELECT TOP 20 ${DONOR_FIELDS} FROM dp WHERE ${terms.join(' OR ')} ORDER BY donor_id`);
    },
    async countDonors() {
      const value = Object.values((await call('SELECT COUNT(*) AS n FROM dp'))[0] ?? {})[0] ?? '0';
      return /^\d+$/.test(value) ? Number(value) : 0;
    },
    listDonors: (afterId, limit) =>
      call(`SELECT TOP ${Math.min(500, Math.max(1, Math.floor(limit)))} ${DONOR_FIELDS} FROM dp WHERE donor_id>${afterId === null ? 0 : digits(afterId)} ORDER BY donor_id`),
    async saveDonor(d: CrmDonorInput) {
      const records = await call('dp_savedonor', {
        donor_id: d.donorId ? Number(digits(d.donorId)) : 0,
        first_name: d.firstName, last_name: d.lastName, middle_name: null, suffix: null, title: null, salutation: null,
        prof_title: null, opt_line: null, address: d.address, address2: null, city: d.city, state: d.state, zip: d.zip,
        country: d.country, address_type: null, home_phone: null, business_phone: null, fax_phone: null, mobile_phone: null,
        email: d.email, org_rec: 'N', donor_type: 'IN', nomail: 'N', nomail_reason: null, narrative: null, user_id: 'Almoner',
      });
      return idOf(records, 'donor');
    },
    findGift: (id) => first(`SELECT ${GIFT_FIELDS} FROM dpgift WHERE gift_id=${digits(id)}`),
    findGiftByReference: (reference) => first(`SELECT TOP 1 ${GIFT_FIELDS} FROM dpgift WHERE reference=${sqlText(reference)} ORDER BY gift_id`),
    giftsOf: (donorId, recordType, limit) =>
      call(`SELECT TOP ${Math.min(100, Math.max(1, Math.floor(limit)))} ${GIFT_FIELDS} FROM dpgift WHERE donor_id=${digits(donorId)} AND record_type='${recordType}' ORDER BY gift_date DESC, gift_id DESC`),
    async saveGift(g: CrmGiftInput) {
      const records = await call('dp_savegift', {
        gift_id: g.giftId ? Number(digits(g.giftId)) : 0,
        donor_id: Number(digits(g.donorId)), record_type: 'G', gift_date: g.giftDate, amount: Number(g.amount),
        gl_code: g.glCode || null, solicit_code: g.solicitCode || null, sub_solicit_code: null, campaign: g.campaign || null,
        gift_type: null, split_gift: 'N', pledge_payment: 'N', reference: g.reference, memory_honor: null, gfname: null,
        glname: null, fmv: 0, batch_no: 0, gift_narrative: g.narrative, ty_letter_no: null, glink: null, plink: null,
        nocalc: 'N', receipt: 'N', old_amount: null, user_id: 'Almoner',
      });
      return idOf(records, 'gift');
    },
    async codes(fieldName) {
      const records = await call(`SELECT code, description FROM dpcodes WHERE field_name=${sqlText(fieldName)} AND (inactive IS NULL OR inactive='N') ORDER BY code`);
      return records.map((r) => ({ code: r.code ?? '', description: r.description ?? '' })).filter((c) => c.code !== '');
    },
  };
}
