import { z } from 'zod';
import { messages } from './messages.ts';
import { formBoolean, text } from './rules.ts';

/** Laravel Fortify's login shape: JSON or form posts of email, password, remember. */
export const loginRequestSchema = z.object({
  email: text().trim().min(1, messages.required).max(255, messages.maxLength(255)),
  password: text().min(1, messages.required).max(1024, messages.maxLength(1024)),
  remember: formBoolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  two_factor: z.boolean(),
  user: z.lazy(() => currentUserSchema).optional(),
});

export const twoFactorChallengeSchema = z
  .object({
    code: text().trim().max(16, messages.maxLength(16)).optional(),
    recovery_code: text().trim().max(64, messages.maxLength(64)).optional(),
  })
  .refine((v) => Boolean(v.code || v.recovery_code), {
    error: messages.required,
    path: ['code'],
  });

export const confirmPasswordSchema = z.object({
  password: text().min(1, messages.required).max(1024, messages.maxLength(1024)),
});

export const twoFactorCodeSchema = z.object({
  code: text().trim().min(1, messages.required).max(16, messages.maxLength(16)),
});

export const currentUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_account_admin: z.boolean(),
  permissions: z.array(z.string()),
  two_factor_enabled: z.boolean(),
  two_factor_pending_confirmation: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** What the shell needs at boot: who is signed in, and the edition flags. */
export const sessionInfoSchema = z.object({
  user: currentUserSchema,
  flags: z.lazy(() => editionFlagsSchema),
  org_name: z.string(),
  /** The month (1–12) the organisation's financial year starts in: the giving reports' years. */
  fiscal_year_start_month: z.number().int(),
  /**
   * The organisation's today ('YYYY-MM-DD', the server's clock in its time zone): what date fields
   * start on. The browser's own date can be another day (another zone, or a moved server clock).
   */
  today: z.string(),
});

export const editionFlagsSchema = z.object({
  express: z.boolean(),
  dp: z.boolean(),
  referral_sources: z.boolean(),
  nps: z.boolean(),
});
export type EditionFlags = z.infer<typeof editionFlagsSchema>;

/** Spec part 3 §2.9 and Fortify: 8 recovery codes, TOTP SHA-1 / 6 digits / 30 s. */
export const RECOVERY_CODE_COUNT = 8;
export const PASSWORD_CONFIRM_SECONDS = 3 * 60 * 60;
export const SESSION_IDLE_SECONDS = 30 * 60;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
