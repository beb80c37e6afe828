import { GIFT_LINK_HOURS } from '@almoner/contracts';
import { hmac, safeEqual } from '../auth/crypto.ts';

/** What a gift link carries: the conversation it came from, the amount (minor units) and when it stops working. */
export type GiftClaim = { conversation: number; amount: number; currency: string; expires: number };

/**
 * A gift link is `{payload}.{signature}`: the claim as base64url JSON, signed with the app key.
 * Nobody can change the amount or stretch the expiry without breaking the signature.
 */
export function signGiftLink(appKey: Buffer, claim: Omit<GiftClaim, 'expires'>, now = Date.now()): { token: string; expires: Date } {
  const expires = now + GIFT_LINK_HOURS * 3600_000;
  // Compact (a list, seconds, a 128-bit signature): the link must fit in a text message and a route parameter.
  const payload = Buffer.from(JSON.stringify([claim.conversation, claim.amount, claim.currency, Math.floor(expires / 1000)])).toString('base64url');
  return { token: `${payload}.${sign(appKey, payload)}`, expires: new Date(expires) };
}

const sign = (appKey: Buffer, payload: string) => hmac(appKey, `give:${payload}`).slice(0, 22);

export type GiftLinkCheck = { ok: true; claim: GiftClaim } | { ok: false; reason: 'invalid' | 'expired' };

export function readGiftLink(appKey: Buffer, token: string, now = Date.now()): GiftLinkCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || !safeEqual(signature, sign(appKey, payload))) return { ok: false, reason: 'invalid' };
  let claim: GiftClaim;
  try {
    const [conversation, amount, currency, seconds] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [number, number, string, number];
    claim = { conversation, amount, currency, expires: seconds * 1000 };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof claim.expires !== 'number' || claim.expires < now) return { ok: false, reason: 'expired' };
  return { ok: true, claim };
}
