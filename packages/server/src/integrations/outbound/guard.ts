import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

/**
 * The SSRF guard for every request the server makes to an address staff typed (webhooks first).
 * Checked twice: when the address is saved (a clear 422) and when connecting, on the address DNS
 * actually returned, so a name that resolves to a public address at save and to 127.0.0.1 later
 * (DNS rebinding) still cannot reach the inside.
 */

/**
 * Ranges no outbound request may reach unless the allow-list names them. One list per family:
 * a BlockList also matches IPv4 addresses against IPv6 rules (as ::ffff:a.b.c.d), which would
 * make the IPv4-mapped rule refuse every IPv4 address.
 */
const deniedV4 = new BlockList();
const deniedV6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata at 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) deniedV4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped: would reach any IPv4 address, the private ones included
  ['64:ff9b::', 96], // NAT64 likewise
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4 embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8],
] as const) deniedV6.addSubnet(net, prefix, 'ipv6');

export type AllowList = { hosts: ReadonlySet<string>; v4: BlockList; v6: BlockList; empty: boolean };

/** ALMONER_OUTBOUND_ALLOW: comma-separated host names, addresses or CIDRs let through the guard. */
export function parseAllowList(value: string | undefined): AllowList {
  const hosts = new Set<string>();
  const v4 = new BlockList();
  const v6 = new BlockList();
  let empty = true;
  for (const item of (value ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)) {
    empty = false;
    const [base = '', prefix] = item.split('/');
    const family = isIP(base);
    if (family === 0) hosts.add(item.replace(/^\[|\]$/g, ''));
    else if (family === 6) v6.addSubnet(base, prefix === undefined ? 128 : Number(prefix), 'ipv6');
    else v4.addSubnet(base, prefix === undefined ? 32 : Number(prefix), 'ipv4');
  }
  return { hosts, v4, v6, empty };
}

export const NO_ALLOW_LIST: AllowList = parseAllowList('');

/** Thrown (and recorded) when the guard refuses; carries no secret and no body. */
export class OutboundRefused extends Error {
  readonly code = 'EOUTBOUND_REFUSED';
}

/** Whether an IP address (either family) may be connected to. */
export function isAddressAllowed(address: string, allow: AllowList = NO_ALLOW_LIST): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return (!allow.empty && allow.v4.check(address, 'ipv4')) || !deniedV4.check(address, 'ipv4');
  return (!allow.empty && allow.v6.check(address, 'ipv6')) || !deniedV6.check(address, 'ipv6');
}

/** The part between :// and the path, as typed (an empty user part such as http://@host still counts). */
const authorityOf = (raw: string) => raw.replace(/^[a-z][a-z0-9+.-]*:\/*/i, '').split(/[/?#\\]/)[0] ?? '';

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * Checks a URL before any connection: http(s) only, no user:password@ part, and a host that is
 * neither a refused address (the URL parser has already turned decimal, hex and octal forms such
 * as 2130706433 or 0x7f.1 into 127.0.0.1) nor a local name. Returns the reason when refused.
 */
export function checkOutboundUrl(raw: string, allow: AllowList = NO_ALLOW_LIST): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  if (url.username || url.password || authorityOf(raw).includes('@')) return { ok: false, reason: 'userinfo' };
  const host = bare(url.hostname);
  if (!host) return { ok: false, reason: 'no host' };
  if (isIP(host)) return isAddressAllowed(host, allow) ? { ok: true, url } : { ok: false, reason: 'address' };
  if (allow.hosts.has(host)) return { ok: true, url };
  if (host === 'localhost' || /\.(localhost|local|internal|home\.arpa)\.?$/.test(host) || !host.includes('.')) return { ok: false, reason: 'local name' };
  return { ok: true, url };
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request / net.connect: resolves the name, refuses the connection if ANY
 * address is refused (a name mixing public and private answers is an attack), and hands the
 * checked addresses to the socket, which connects to exactly those.
 */
export function guardedLookup(allow: AllowList = NO_ALLOW_LIST, resolver: Resolver = systemResolver) {
  return (hostname: string, options: { all?: boolean } | number, callback: LookupCallback): void => {
    const host = bare(hostname);
    resolver(host).then(
      (addresses) => {
        if (!addresses.length) return callback(Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' }), '');
        const hostAllowed = allow.hosts.has(host);
        const refused = addresses.find((a) => !hostAllowed && !isAddressAllowed(a.address, allow));
        if (refused) return callback(new OutboundRefused(`refused: ${host} resolves to a private or local address`), '');
        if (typeof options === 'object' && options.all) return callback(null, addresses);
        const first = addresses[0] as LookupAddress;
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
