import { numberMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let agent: Agent;
const base = '/jpanel/api/v1/messenger/phone-numbers';
const verification = {
  business_name: 'Hope Shelter', business_website: 'https://hope.example.org', contact_email: 'ops@hope.example.org',
  use_case_summary: 'Donors text GIVE to give.', message_sample: 'Thanks for your gift!', message_volume: '1000',
};

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
}, 120_000);

describe('text-to-give numbers (sandbox provider)', () => {
  it('searches local numbers by area code, in short and international forms', async () => {
    const found = await agent.get(`${base}/search?country=US&type=local&area_code=720`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()[0]).toEqual({ full: '+17205550103', short: '1 (720) 555-0103' });
    expect(found.json()).toHaveLength(10);
    const tollFree = (await agent.get(`${base}/search?country=CA&type=toll-free`)).json();
    expect(tollFree[0].full).toMatch(/^\+188855501\d\d$/);
    expect((await agent.get(`${base}/search?country=US&type=local&area_code=000`)).statusCode).toBe(204);
  });

  it('refuses a local search without an area code, and other bad input, with 422', async () => {
    const missing = await agent.get(`${base}/search?country=US&type=local`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.area_code).toEqual([numberMessages.areaCodeRequired]);
    expect((await agent.get(`${base}/search?country=XX&type=local&area_code=303`)).statusCode).toBe(422);
    expect((await agent.get(`${base}/search?country=US&type=mobile&area_code=303`)).statusCode).toBe(422);
    expect((await agent.get(`${base}/search?country=US&type=local&area_code=3%0003`)).statusCode).toBe(422);
    expect((await agent.post(base, { phone_number: '13035550103' })).json().errors.phone_number).toEqual([numberMessages.phoneFormat]);
  });

  it('provisions a local number for real, hides it from later searches, and refuses it twice', async () => {
    const made = await agent.post(base, { phone_number: '+16045550110', country: 'CA' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ full: '+16045550110', short: '1 (604) 555-0110', type: 'local', country: 'CA', area_code: '604', message: 'Phone number 1 (604) 555-0110 successfully provisioned' });
    const [row] = await queryRows(t.database.db, sql`select provider_reference, released_at from phone_numbers where identifier = '+16045550110'`);
    expect(row?.provider_reference).toMatch(/^SB/);
    const again = (await agent.get(`${base}/search?country=CA&type=local&area_code=604`)).json() as { full: string }[];
    expect(again.map((n) => n.full)).not.toContain('+16045550110');
    expect((await agent.post(base, { phone_number: '+16045550110' })).json().errors.phone_number).toEqual([numberMessages.alreadyProvisioned]);
    expect((await agent.post(base, { phone_number: '+16045551234' })).statusCode).toBe(422);
  });

  it('provisions a toll-free number only with its verification filled in', async () => {
    const empty = await agent.post(base, { phone_number: '+18005550103', is_toll_free: '1', verification: { ...verification, message_sample: ' ' } });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['verification.message_sample']);
    const made = await agent.post(base, { phone_number: '+18005550103', is_toll_free: '1', verification });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ type: 'toll-free', area_code: null, verification_status: 'PENDING_REVIEW' });
  });

  it('releases a number with its keywords; the number is sold again', async () => {
    const made = (await agent.post(base, { phone_number: '+13125550117' })).json();
    const keyword = await agent.post(`${base}/${made.id}/keywords`, { keyword: 'hope' });
    expect(keyword.json()).toMatchObject({ keyword: 'HOPE', message: 'Keyword HOPE added.' });
    expect((await agent.post(`${base}/${made.id}/keywords`, { keyword: 'HOPE' })).json().errors.keyword).toEqual([numberMessages.keywordTaken]);
    expect((await agent.post(`${base}/${made.id}/keywords`, { keyword: 'two words' })).statusCode).toBe(422);
    const listed = (await agent.get(base)).json();
    expect(listed.provider).toBe('sandbox');
    expect(listed.data.find((n: { id: number }) => n.id === made.id).keywords).toEqual([{ id: keyword.json().id, keyword: 'HOPE' }]);
    const released = await agent.delete(`${base}/${made.id}`);
    expect(released.json()).toEqual({ id: made.id, message: '1 (312) 555-0117 successfully released.' });
    expect((await agent.delete(`${base}/${made.id}`)).statusCode).toBe(404);
    expect((await agent.get(base)).json().data.map((n: { id: number }) => n.id)).not.toContain(made.id);
    const [k] = await queryRows(t.database.db, sql`select count(*)::int as n from messenger_keywords where keyword = 'HOPE'`);
    expect(k?.n).toBe(0);
    expect(((await agent.get(`${base}/search?country=US&type=local&area_code=312`)).json() as { full: string }[]).map((n) => n.full)).toContain('+13125550117');
  });

  it('needs messenger.edit', async () => {
    const { agent: other } = await signedIn(t, { permissions: ['order.view'] });
    expect((await other.get(base)).statusCode).toBe(403);
    expect((await other.get(`${base}/search?country=US&type=local&area_code=303`)).statusCode).toBe(403);
    expect((await other.post(base, { phone_number: '+13035550103' })).statusCode).toBe(403);
    const { agent: texter } = await signedIn(t, { permissions: ['messenger.edit'] });
    expect((await texter.get(base)).statusCode).toBe(200);
  });
});
