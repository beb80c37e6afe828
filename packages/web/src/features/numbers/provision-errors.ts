import { numberMessages } from '@almoner/contracts';
import { ApiError } from '../../lib/api.ts';

const labelOf = (field: string) => field.replace(/^verification\./, '').replace(/_/g, ' ');

/**
 * Spec part 2 §8: a failed provision lists the field errors as name and first message; else the
 * raw response text; else 'Unknown error, please try again later'.
 */
export function provisionFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = Object.entries(error.errors ?? {}).filter(([, list]) => list.length > 0);
    if (fields.length) return fields.map(([name, list]) => `${labelOf(name)}: ${list[0] ?? ''}`).join('\n');
    if (error.message) return error.message;
  }
  return numberMessages.unknownError;
}

/** The verification inputs the server named, to highlight them. */
export function verificationFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.errors ?? {})
      .filter(([name]) => name.startsWith('verification.'))
      .map(([name, list]) => [name.slice('verification.'.length), list[0] ?? '']),
  );
}
