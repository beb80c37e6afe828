import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, guardedLookup, isAddressAllowed, parseAllowList } from '../../integrations/outbound/guard.ts';
import { guardedPost } from '../../integrations/outbound/request.ts';
import { startReceiver, type Receiver } from './webhooks.receiver.test-helper.ts';

/**
 * The SSRF guard. Loopback forms go to a real listener that counts connections (on :: so IPv4,
 * IPv6 and IPv4-mapped connections all land on it); private ranges are only ever checked, never
 * dialled, since nothing of ours lives there.
 */
let listener: Receiver;
beforeAll(async () => {
  listener = await startReceiver('::');
});
afterAll(() => listener.close());

const post = (url: string, allow = '', resolver?: (host: string) => Promise<LookupAddress[]>) =>
  guardedPost({ url, headers: {}, body: '{}', allow: parseAllowList(allow), timeoutMs: 2000, ...(resolver ? { resolver } : {}) });

describe('outbound guard', () => {
  it('refuses private, local, metadata and odd address forms by parsing alone', () => {
    const refused = [
      'http://127.0.0.1/', 'http://127.1/', 'http://0.0.0.0/', 'http://0/', 'http://2130706433/', 'http://0x7f000001/', 'http://0x7f.0.0.1/', 'http://0177.0.0.1/',
      'http://10.0.0.1/', 'http://172.16.5.4/', 'http://172.31.255.255/', 'http://192.168.1.1/', 'http://100.64.0.1/', 'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/', 'http://[::]/', 'http://[::ffff:127.0.0.1]/', 'http://[::ffff:a9fe:a9fe]/', 'http://[fd00::1]/', 'http://[fe80::1]/',
      'http://user:pass@example.org/', 'http://example.org@127.0.0.1/', 'http://@example.org/', 'http://localhost/', 'http://metadata/', 'http://printer.local/',
      'ftp://example.org/', 'file:///etc/passwd', 'gopher://example.org/', 'javascript:alert(1)',
    ];
    for (const url of refused) expect(checkOutboundUrl(url).ok, url).toBe(false);
    for (const url of ['https://example.org/hook', 'http://93.184.216.34:8080/x', 'https://[2606:4700::1111]/']) expect(checkOutboundUrl(url).ok, url).toBe(true);
    expect(isAddressAllowed('172.32.0.1')).toBe(true);
    expect(isAddressAllowed('127.0.0.1', parseAllowList('127.0.0.1'))).toBe(true);
    expect(isAddressAllowed('10.0.0.7', parseAllowList('10.0.0.0/8,hooks.test'))).toBe(true);
    expect(isAddressAllowed('192.168.0.1', parseAllowList('10.0.0.0/8'))).toBe(false);
  });

  it('makes no connection to loopback in any spelling, with userinfo, or through a rebinding resolver', async () => {
    const p = listener.port;
    const urls = [
      `http://127.0.0.1:${p}/`, `http://localhost:${p}/`, `http://0.0.0.0:${p}/`, `http://2130706433:${p}/`, `http://0x7f000001:${p}/`, `http://0177.0.0.1:${p}/`,
      `http://[::1]:${p}/`, `http://[::ffff:127.0.0.1]:${p}/`, `http://evil.example@127.0.0.1:${p}/`, `http://127.0.0.1:${p}@example.org/`,
    ];
    for (const url of urls) expect((await post(url)).status, url).toBe(-1);
    // DNS rebinding: the name is public when asked once, loopback when the socket asks.
    let asked = 0;
    const rebinding = async (): Promise<LookupAddress[]> => (asked++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    expect(checkOutboundUrl(`http://rebind.example.com:${p}/`).ok).toBe(true);
    await rebinding();
    const rebound = await post(`http://rebind.example.com:${p}/`, '', rebinding);
    expect(rebound).toMatchObject({ status: -1, body: expect.stringContaining('refused') });
    // A name answering with a public and a private address is refused too.
    const mixed = await post(`http://mixed.example.com:${p}/`, '', async () => [{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }]);
    expect(mixed.status).toBe(-1);
    expect(listener.connections()).toBe(0);

    // The control: the same listener and resolver do connect when the allow-list names loopback.
    const allowed = await post(`http://rebind.example.com:${p}/`, '127.0.0.1', async () => [{ address: '127.0.0.1', family: 4 }]);
    expect(allowed.status).toBe(204);
    expect(listener.connections()).toBe(1);
  });

  it('the lookup hands the socket only the checked addresses', async () => {
    const lookup = guardedLookup(parseAllowList(''), async () => [{ address: '10.1.1.1', family: 4 }]);
    const error = await new Promise<Error | null>((resolve) => lookup('intranet.example.com', { all: true }, (e) => resolve(e)));
    expect(error?.message).toContain('refused');
  });
});
