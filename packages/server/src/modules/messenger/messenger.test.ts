import { messengerMessages as m } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { Agent, createTestApp, signedIn, type TestApp, testConfig } from '../../test/test-app.ts';
import { cardToken } from '../pos/pos.complete.fixtures.ts';
import { getOrgName } from '../settings/settings.service.ts';
import { readGiftLink, signGiftLink } from './gift-link.ts';

let t: TestApp;
let agent: Agent;
const hook = '/webhook/messenger';
const say = (userId: string, message: string) => agent.post(hook, { driver: 'web', userId, message });
const SENDER = '+13035550177';
const orgName = () => getOrgName(t.database.db);

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  const number = (await agent.post('/jpanel/api/v1/messenger/phone-numbers', { phone_number: '+15125550124' })).json();
  await agent.post(`/jpanel/api/v1/messenger/phone-numbers/${number.id}/keywords`, { keyword: 'GIVE' });
  await queryRows(t.database.db, sql`insert into supporters (display_name, first_name, last_name, bill_phone, currency_code)
    values ('Ada Lovelace', 'Ada', 'Lovelace', '(303) 555-0177', 'USD')`);
}, 120_000);

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----almoner-test';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const chunks: Buffer[] = parts.map((p) => Buffer.from(p));
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachment_data"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('the text-to-give bot behind POST /webhook/messenger', () => {
  it('starts a gift on a keyword, greets the supporter the phone belongs to, and offers amounts', async () => {
    const answer = await say(SENDER, 'give');
    expect(answer.statusCode, answer.body).toBe(200);
    const [reply] = answer.json().messages;
    expect(reply).toMatchObject({ type: 'actions', text: expect.stringContaining('Hi Ada!') });
    expect(reply.actions.map((a: { value: string }) => a.value)).toEqual(['10', '25', '50', 'other']);
    const [row] = await queryRows(t.database.db, sql`select state, supporter_id from messenger_conversations where sender = ${SENDER}`);
    expect(row?.state).toBe('awaiting_amount');
    expect(row?.supporter_id).not.toBeNull();
  });

  it('answers an amount with a signed, expiring gift link that opens the gift page', async () => {
    await say(SENDER, 'GIVE');
    expect((await say(SENDER, 'other')).json().messages[0].text).toBe(m.askOtherAmount);
    expect((await say(SENDER, 'lots')).json().messages[0].text).toBe(m.amountInvalid('$1.00', '$10,000.00'));
    const [link, expiry] = (await say(SENDER, '$40')).json().messages;
    expect(expiry.text).toBe(m.linkExpires(24));
    const url = /(http\S+\/give\/\S+)$/.exec(link.text)?.[1] ?? '';
    expect(link.text).toContain('$40.00');
    const path = new URL(url).pathname;
    // The link opens the app's public gift page, which reads the gift from the API.
    const opened = await t.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(302);
    const token = path.split('/').pop() ?? '';
    expect(opened.headers.location).toBe(`/jpanel/give/${token}`);
    const visitor = new Agent(t.app);
    const gift = await visitor.get(`/jpanel/api/v1/give/${token}`);
    expect(gift.statusCode).toBe(200);
    expect(gift.json()).toMatchObject({ amount: 40, currency: 'USD', first_name: 'Ada', gateway: 'sandbox', paid: null });
    // A changed amount breaks the signature; an old link stops working.
    const [payload, signature] = token.split('.');
    const [conversation, , currency, expires] = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as unknown[];
    const forged = Buffer.from(JSON.stringify([conversation, 100, currency, expires])).toString('base64url');
    const refused = await visitor.get(`/jpanel/api/v1/give/${forged}.${signature}`);
    expect([refused.statusCode, refused.json().message]).toEqual([404, m.linkInvalid]);
    const old = signGiftLink(testConfig.appKey, { conversation: 1, amount: 4000, currency: 'USD' }, Date.now() - 25 * 3600_000);
    expect(readGiftLink(testConfig.appKey, old.token)).toEqual({ ok: false, reason: 'expired' });
    const expired = await visitor.get(`/jpanel/api/v1/give/${old.token}`);
    expect([expired.statusCode, expired.json().message]).toEqual([404, m.linkExpired]);
  });

  it('takes the gift by card once: a decline changes nothing paid, the next card pays, a repeat charges nothing more', async () => {
    await say(SENDER, 'GIVE');
    const link = (await say(SENDER, '25')).json().messages[0].text as string;
    const token = new URL(/(http\S+)$/.exec(link)?.[1] ?? '').pathname.split('/').pop() ?? '';
    const visitor = new Agent(t.app);
    const pay = async (number: string) => visitor.post(`/jpanel/api/v1/give/${token}/pay`, { token: await cardToken(t.database.db, number) });

    const declined = await pay('4000000000000002');
    expect(declined.statusCode).toBe(422);
    const paid = await pay('4242424242424242');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'success', message: 'Thank you! Your gift of $25.00 to ' + (await orgName()) + ' was received.' });
    const again = await pay('4242424242424242');
    expect(again.statusCode).toBe(200);
    expect(again.json().invoice_number).toBe(paid.json().invoice_number);

    const rows = await queryRows(t.database.db, sql`select c.id, c.source, c.paid_at is not null as paid, c.total_amount::int as total, c.supporter_id,
        (select count(*)::int from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = c.id and p.status = 'succeeded') as charges,
        (select count(*)::int from domain_events e where e.type = 'contribution.paid' and (e.payload->>'contribution_id')::int = c.id) as events
      from contributions c join messenger_conversations m on m.contribution_id = c.id where m.sender = ${SENDER}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'Messenger', paid: true, total: 2500, charges: 1, events: 1 });
    expect(rows[0]?.supporter_id).not.toBeNull();
    expect((await visitor.get(`/jpanel/api/v1/give/${token}`)).json().paid).toEqual({ invoice_number: paid.json().invoice_number });
    // A new gift retires the paid link's contribution from the conversation.
    await say(SENDER, 'GIVE');
    expect((await visitor.get(`/jpanel/api/v1/give/${token}`)).statusCode).toBe(404);
  });

  it('keeps the conversation in the database, and clear forgets it (and its links)', async () => {
    await say(SENDER, 'GIVE');
    const link = (await say(SENDER, '25')).json().messages[0].text as string;
    const [count] = await queryRows(t.database.db, sql`select count(*)::int as n from messenger_messages m join messenger_conversations c on c.id = m.conversation_id where c.sender = ${SENDER}`);
    expect(count?.n).toBeGreaterThan(4);
    expect((await say(SENDER, 'clear')).json().messages).toEqual([]);
    const [gone] = await queryRows(t.database.db, sql`select count(*)::int as n from messenger_conversations where sender = ${SENDER}`);
    expect(gone?.n).toBe(0);
    const token = new URL(/(http\S+)$/.exec(link)?.[1] ?? '').pathname.split('/').pop() ?? '';
    expect((await new Agent(t.app).get(`/jpanel/api/v1/give/${token}`)).statusCode).toBe(404);
  });

  it('points a stranger to the keywords', async () => {
    const [reply] = (await say('+14155550100', 'hello')).json().messages;
    expect(reply.text).toBe(m.unknownKeyword('GIVE'));
  });

  it('takes multipart with an attachment, stores it and shows it back', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const { body, headers } = multipart({ driver: 'web', userId: SENDER, message: '', attachment: 'image' }, { name: 'photo.png', type: 'image/png', data: png });
    const answer = await agent.post(hook, body, { headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const [reply] = answer.json().messages;
    expect(reply.text).toBe(m.attachmentReceived('image'));
    expect(reply.attachment.type).toBe('image');
    const stored = await t.app.inject({ method: 'GET', url: new URL(reply.attachment.url, 'http://x').pathname + new URL(reply.attachment.url, 'http://x').search });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.equals(png)).toBe(true);
  });

  it('refuses bad input with 422 and needs messenger.edit', async () => {
    expect((await agent.post(hook, { driver: 'facebook', userId: SENDER, message: 'x' })).statusCode).toBe(422);
    expect((await agent.post(hook, { driver: 'web', userId: '3035550177', message: 'x' })).json().errors.userId).toEqual([m.senderFormat]);
    expect((await agent.post(hook, { driver: 'web', userId: SENDER, message: 'a\u0000b' })).statusCode).toBe(422);
    expect((await agent.post(hook, { driver: 'web', userId: SENDER, message: '  ' })).statusCode).toBe(422);
    const broken = await agent.post(hook, Buffer.from('--x\r\nnonsense'), { headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(broken.statusCode).toBe(422);
    const { agent: other } = await signedIn(t, { permissions: ['order.view'] });
    expect((await other.post(hook, { driver: 'web', userId: SENDER, message: 'GIVE' })).statusCode).toBe(403);
  });
});
