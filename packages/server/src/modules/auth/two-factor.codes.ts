import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@almoner/contracts';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { safeEqual } from './crypto.ts';

/** 20 random bytes (160 bits, RFC 4226's recommendation), base32 as authenticator apps expect. */
export const newTotpSecret = () => generateSecret({ length: 20 });

// No 0/o, 1/l/i: the codes are often read back from paper. 31^20 is still ~2^99.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const randomChars = (n: number) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Fortify's shape ('xxxxxxxxxx-xxxxxxxxxx'), lower case so it is easy to type from paper. */
export const newRecoveryCode = () => `${randomChars(10)}-${randomChars(10)}`;
export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

export const otpauthUrl = (email: string, secret: string) =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret });

export const qrCodeSvg = (url: string) => QRCode.toString(url, { type: 'svg', margin: 1 });

/**
 * Checks a 6-digit code with one step of clock drift either way and returns the time-step it
 * belongs to, or null. Steps at or before `lastStep` are refused, so a code seen once (on the
 * wire, over a shoulder) cannot be used again.
 */
export async function verifyTotp(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    });
    if (!result.valid || !('timeStep' in result)) return null;
    return result.timeStep > (lastStep ?? -1) ? result.timeStep : null;
  } catch {
    // otplib throws on malformed input; to the caller that is just a wrong code.
    return null;
  }
}

/** Position of `code` among `codes`, compared in constant time per candidate; -1 when absent. */
export function findRecoveryCode(codes: readonly string[], code: string): number {
  const wanted = code.trim().toLowerCase();
  let found = -1;
  codes.forEach((candidate, i) => {
    if (safeEqual(candidate, wanted) && found < 0) found = i;
  });
  return found;
}
