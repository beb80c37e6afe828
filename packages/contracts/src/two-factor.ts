import { z } from 'zod';

/**
 * Two-factor management on the user's own profile (spec part 3 §2.9, §7 "Two-factor"), shaped
 * like Laravel Fortify. The request schemas (code, challenge, password confirmation) live in
 * auth.ts beside the sign-in; these are the answers.
 */

/** Standard authenticator-app settings: TOTP, SHA-1, 6 digits, 30-second steps. */
export const TOTP_ISSUER = 'Almoner';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes look like Fortify's: two groups of ten characters joined by a hyphen. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{10}-[a-z0-9]{10}$/;

export const twoFactorMessages = {
  notEnabled: 'Two-factor authentication is not enabled.',
} as const;

/** Where the signed-in user's two-factor setup stands. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  pending_confirmation: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const confirmedPasswordStatusSchema = z.object({ confirmed: z.boolean() });
export type ConfirmedPasswordStatus = z.infer<typeof confirmedPasswordStatusSchema>;

/** The QR code as an SVG document, and the otpauth:// URI it encodes. */
export const twoFactorQrCodeSchema = z.object({ svg: z.string(), url: z.string() });
export type TwoFactorQrCode = z.infer<typeof twoFactorQrCodeSchema>;

/** For people who cannot scan: the base32 key to type into the app. */
export const twoFactorSecretKeySchema = z.object({ secretKey: z.string() });
export type TwoFactorSecretKey = z.infer<typeof twoFactorSecretKeySchema>;

export const recoveryCodesSchema = z.array(z.string());
