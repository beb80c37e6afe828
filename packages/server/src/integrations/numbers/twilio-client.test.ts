import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NumberProviderError } from './provider.ts';
import { createTwilioProvider } from './twilio-client.ts';

/**
 * A local stand-in for Twilio's REST API (node:http, never the internet): available numbers,
 * incoming numbers (create, delete), toll-free verifications, basic auth, and Twilio's error
 * body `{ code, message, more_info, status }`.
 */
type Seen = { method: string; path: string; query: string; headers: IncomingMessage['headers']; body: string };
const seen: Seen[] = [];
const owned = new Map<string, string>();
const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'stub-token';
let server: Server;
let baseUrl: string;

function route(req: Seen): { status: number; answer?: unknown } {
  const account = `/2010-04-01/Accounts/${SID}`;
  const twilioError = (status: number, code: number, message: string) => ({ status, answer: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } });
  if (req.method === 'GET' && req.path.startsWith(`${account}/AvailablePhoneNumbers/`)) {
    const [, country, kind] = /AvailablePhoneNumbers\/([A-Z]{2})\/(Local|TollFree|Mobile)\.json$/.exec(req.path) ?? [];
    if (country === 'ZZ') return twilioError(404, 20404, 'The requested resource was not found');
    const area = new URLSearchParams(req.query).get('AreaCode') ?? '800';
    if (area === '999') return { status: 200, answer: { available_phone_numbers: [], uri: req.path } };
    const numbers = kind === 'TollFree' ? ['+18005550150', '+18335550151'] : [`+1${area}5550142`, `+1${area}5550143`];
    return { status: 200, answer: { available_phone_numbers: numbers.map((n) => ({ phone_number: n, friendly_name: n, iso_country: country, capabilities: { SMS: true } })) } };
  }
  if (req.method === 'POST' && req.path === `${account}/IncomingPhoneNumbers.json`) {
    const phone = new URLSearchParams(req.body).get('PhoneNumber') ?? '';
    if (phone === '+13035550199') return twilioError(400, 21422, 'PhoneNumber is not available');
    const sid = `PN${String(owned.size + 1).padStart(32, '0')}`;
    owned.set(sid, phone);
    return { status: 201, answer: { sid, phone_number: phone, account_sid: SID } };
  }
  const del = new RegExp(`^${account}/IncomingPhoneNumbers/(PN\\w+)\\.json$`).exec(req.path);
  if (req.method === 'DELETE' && del) {
    if (!owned.delete(del[1] ?? '')) return twilioError(404, 20404, 'The requested resource was not found');
    return { status: 204 };
  }
  if (req.method === 'POST' && req.path === '/v1/Tollfree/Verifications') {
    const form = new URLSearchParams(req.body);
    if (!form.get('BusinessWebsite')?.startsWith('https://')) return twilioError(400, 21601, "Invalid parameter: 'BusinessWebsite'");
    return { status: 201, answer: { sid: 'HH00000000000000000000000000000001', status: 'PENDING_REVIEW', tollfree_phone_number_sid: form.get('TollfreePhoneNumberSid') } };
  }
  return twilioError(404, 20404, 'The requested resource was not found');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const request = { method: req.method ?? '', path: url.pathname, query: url.search.slice(1), headers: req.headers, body };
      seen.push(request);
      const expected = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
      const { status, answer } = req.headers.authorization === expected
        ? route(request)
        : { status: 401, answer: { code: 20003, message: 'Authenticate', status: 401 } };
      res.writeHead(status, { 'content-type': 'application/json' }).end(answer === undefined ? undefined : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

const twilio = (token = TOKEN) => createTwilioProvider({ accountSid: SID, authToken: token, baseUrl });
const verification = {
  business_name: 'Hope Shelter', business_website: 'https://hope.example.org', contact_email: 'ops@hope.example.org',
  use_case_summary: 'Donors text GIVE to give.', message_sample: 'Thanks for your gift!', message_volume: '1,000',
};

describe('Twilio numbers client (against a local stub of its REST API)', () => {
  it('searches local numbers by area code with basic auth, and toll-free ones by type', async () => {
    expect(await twilio().search({ country: 'US', type: 'local', areaCode: '303' })).toEqual(['+13035550142', '+13035550143']);
    expect(seen[0]).toMatchObject({ method: 'GET', path: `/2010-04-01/Accounts/${SID}/AvailablePhoneNumbers/US/Local.json` });
    expect(new URLSearchParams(seen[0]?.query).get('AreaCode')).toBe('303');
    expect(new URLSearchParams(seen[0]?.query).get('SmsEnabled')).toBe('true');
    expect(seen[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(await twilio().search({ country: 'CA', type: 'toll-free', areaCode: null })).toEqual(['+18005550150', '+18335550151']);
    expect(seen[1]?.path).toBe(`/2010-04-01/Accounts/${SID}/AvailablePhoneNumbers/CA/TollFree.json`);
    expect(new URLSearchParams(seen[1]?.query).has('AreaCode')).toBe(false);
    expect(await twilio().search({ country: 'US', type: 'local', areaCode: '999' })).toEqual([]);
  });

  it('provisions with a form-encoded PhoneNumber and releases with DELETE on the SID', async () => {
    const { reference } = await twilio().provision('+13035550142');
    expect(reference).toMatch(/^PN/);
    expect(seen[0]).toMatchObject({ method: 'POST', path: `/2010-04-01/Accounts/${SID}/IncomingPhoneNumbers.json`, body: 'PhoneNumber=%2B13035550142' });
    expect(seen[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    await twilio().release(reference);
    expect(seen[1]).toMatchObject({ method: 'DELETE', path: `/2010-04-01/Accounts/${SID}/IncomingPhoneNumbers/${reference}.json` });
    expect(owned.has(reference)).toBe(false);
    // A second release finds nothing at Twilio: released is released (a retry after a lost answer).
    await expect(twilio().release(reference)).resolves.toBeUndefined();
  });

  it('submits the toll-free verification with the number\'s SID', async () => {
    const { reference } = await twilio().provision('+18005550150');
    const answer = await twilio().verifyTollFree(reference, verification);
    expect(answer).toEqual({ reference: 'HH00000000000000000000000000000001', status: 'PENDING_REVIEW' });
    const form = new URLSearchParams(seen[1]?.body);
    expect(seen[1]?.path).toBe('/v1/Tollfree/Verifications');
    expect(form.get('TollfreePhoneNumberSid')).toBe(reference);
    expect(form.get('BusinessName')).toBe('Hope Shelter');
    expect(form.get('MessageVolume')).toBe('1000');
  });

  it('turns Twilio\'s error answers into provider errors with its words, by field when it names one', async () => {
    const refused = await twilio().provision('+13035550199').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NumberProviderError);
    expect(refused).toMatchObject({ status: 400, message: 'PhoneNumber is not available' });
    const badSite = await twilio().verifyTollFree('PN1', { ...verification, business_website: 'http://x.example' }).catch((e: unknown) => e);
    expect(badSite).toMatchObject({ status: 400, fields: { 'verification.business_website': ["Invalid parameter: 'BusinessWebsite'"] } });
    await expect(twilio('wrong').search({ country: 'US', type: 'local', areaCode: '303' })).rejects.toMatchObject({ status: 401, message: 'Authenticate' });
    await expect(twilio().search({ country: 'ZZ' as 'US', type: 'local', areaCode: '303' })).rejects.toMatchObject({ status: 404 });
  });
});
