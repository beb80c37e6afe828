import { z } from 'zod';
import { messages } from './messages.ts';
import { text } from './rules.ts';
import { PASSWORD_MIN_LENGTH, userMessages } from './users.ts';

/** How long a reset or invitation link works (Laravel's default, as the issue asks). */
export const PASSWORD_RESET_MINUTES = 60;

/** Laravel's password broker wording (lang/en/passwords.php), which Fortify clients expect. */
export const passwordResetMessages = {
  sent: 'We have emailed your password reset link.',
  reset: 'Your password has been reset.',
  token: 'This password reset token is invalid.',
  throttled: 'Please wait before retrying.',
  confirmation: 'The password field confirmation does not match.',
} as const;

const email = text().trim().min(1, messages.required).max(255, messages.maxLength(255));

/** POST /jpanel/forgot-password (Fortify's shape). */
export const forgotPasswordSchema = z.object({ email });

/** POST /jpanel/reset-password (Fortify's shape). */
export const resetPasswordSchema = z
  .object({
    token: text().min(1, messages.required).max(200, messages.maxLength(200)),
    email,
    password: text()
      .min(1, messages.required)
      .max(1024, messages.maxLength(1024))
      .refine((v) => v.length >= PASSWORD_MIN_LENGTH, { error: userMessages.passwordLength })
      .refine((v) => /\p{L}/u.test(v) && /\p{N}/u.test(v), { error: userMessages.passwordMix }),
    password_confirmation: text().max(1024, messages.maxLength(1024)),
  })
  .refine((v) => v.password === v.password_confirmation, { error: passwordResetMessages.confirmation, path: ['password'] });

export const passwordResetResponseSchema = z.object({ message: z.string() });
