import { z } from 'zod';

/** Every failure the API can answer with. The server maps each code to one HTTP status. */
export const errorCodes = [
  'validation',
  'unauthenticated',
  'csrf_mismatch',
  'forbidden',
  'not_found',
  'conflict',
  'too_many_requests',
  'password_confirmation_required',
  'bad_request',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The wire shape of every error answer; `errors` is the spec's 422 field map. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(errorCodes).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
