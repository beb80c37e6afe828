import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DonorPerfectStub } from '../../test/donorperfect-stub.ts';
import { CrmError } from './crm.ts';
import { createDonorPerfectClient } from './donorperfect-client.ts';
import { dpResultXml, encodeDpParams, parseDpResult } from './donorperfect-xml.ts';

let stub: DonorPerfectStub;
beforeAll(async () => {
  stub = await new DonorPerfectStub().start();
});
afterAll(() => stub.stop());

const client = (over: { apikey?: string; timeoutMs?: number } = {}) =>
  createDonorPerfectClient({ apikey: over.apikey ?? stub.apikey, username: '', password: '', apiUrl: stub.url, timeoutMs: over.timeoutMs ?? 2000 });

describe('DonorPerfect XML protocol', () => {
  it('reads records and escaped values, and turns both error forms into refusals', () => {
    const xml = dpResultXml([{ code: 'A&B "x"', description: '<none>' }]);
    expect(parseDpResult(xml)).toEqual([{ code: 'A&B "x"', description: '<none>' }]);
    expect(() => parseDpResult('<result><error>Bad key &amp; more</error></result>')).toThrow('Bad key & more');
    expect(() => parseDpResult('<result><record><field name="error" value="Nope"/></record></result>')).toThrow('Nope');
    expect(() => parseDpResult('<html>gateway</html>')).toThrow(CrmError);
    expect(encodeDpParams({ a: "O'Brien", b: 12, c: null })).toBe("@a='O''Brien',@b=12,@c=null");
  });
});

describe('DonorPerfect client against a local stub', () => {
  it('pings with a good key and fails with a bad one or with login and password', async () => {
    expect(await client().ping()).toBe(true);
    expect(await client({ apikey: 'wrong' }).ping()).toBe(false);
    expect(await createDonorPerfectClient({ apikey: '', username: 'staff', password: 'secret', apiUrl: stub.url }).ping()).toBe(true);
  });

  it('saves a donor and a gift, finds them by id, reference and name, and updates the same gift', async () => {
    const crm = client();
    const donorId = await crm.saveDonor({ donorId: null, firstName: "Ann", lastName: "O'Neil", email: 'ann@example.org', address: '1 Main', city: 'Denver', state: 'CO', zip: '80202', country: 'US' });
    expect(await crm.findDonor(donorId)).toMatchObject({ donor_id: donorId, last_name: "O'Neil" });
    expect((await crm.searchDonors({ firstName: 'Ann', lastName: "O'Neil", email: null })).map((d) => d.donor_id)).toEqual([donorId]);
    const giftId = await crm.saveGift({ giftId: null, donorId, giftDate: '2026-11-27', amount: '25.5', glCode: 'GEN', campaign: '', solicitCode: '', reference: 'ALMONER-C-X1', narrative: 'Test' });
    expect(await crm.findGiftByReference('ALMONER-C-X1')).toMatchObject({ gift_id: giftId, amount: '25.5' });
    expect(await crm.saveGift({ giftId, donorId, giftDate: '2026-11-27', amount: '30', glCode: 'GEN', campaign: '', solicitCode: '', reference: 'ALMONER-C-X1', narrative: 'Test' })).toBe(giftId);
    expect(stub.gifts.filter((g) => g.reference === 'ALMONER-C-X1')).toHaveLength(1);
    expect((await crm.giftsOf(donorId, 'G', 20)).map((g) => g.amount)).toEqual(['30']);
    expect(await crm.findGift('999999')).toBeNull();
  });

  it('lists active codes only, with their escaped text', async () => {
    expect(await client().codes('GL_CODE')).toEqual([{ code: 'GEN', description: 'General Fund' }]);
    expect(await client().codes('CAMPAIGN')).toEqual([{ code: 'SPRING & "FALL"', description: 'Spring <> Fall' }]);
  });

  it('reports refusals with the CRM\'s words, HTTP errors and timeouts as unreachable', async () => {
    stub.next = 'refuse';
    await expect(client().codes('GL_CODE')).rejects.toMatchObject({ kind: 'refused', message: 'Invalid donor record' });
    stub.next = 'http500';
    await expect(client().codes('GL_CODE')).rejects.toMatchObject({ kind: 'unreachable', message: 'The donor CRM answered HTTP 500.' });
    stub.next = 'hang';
    await expect(client({ timeoutMs: 300 }).codes('GL_CODE')).rejects.toMatchObject({ kind: 'unreachable', message: 'The donor CRM did not answer in time.' });
    await expect(client().saveGift({ giftId: null, donorId: '424242', giftDate: '2026-11-27', amount: '1', glCode: '', campaign: '', solicitCode: '', reference: 'r', narrative: '' }))
      .rejects.toMatchObject({ kind: 'refused', message: 'Donor 424242 not found' });
  });

  it('posts a long request as a form instead of a GET', async () => {
    const before = stub.calls.length;
    await client().saveDonor({ donorId: null, firstName: 'Long', lastName: 'Address', email: 'long@example.org', address: 'x'.repeat(1900), city: '', state: '', zip: '', country: '' });
    expect(stub.calls.slice(before).map((c) => c.method)).toEqual(['POST']);
  });
});
