import { z } from 'zod';
import { messages } from './messages.ts';

/** Spec part 1 §9: "other text 45" unless a field says otherwise. */
export const DEFAULT_MAX_LENGTH = 45;

/**
 * Every string the server accepts starts here. PostgreSQL text cannot hold a NUL character, so
 * one reaching a query would fail inside the database (a 500); it is refused at the edge instead.
 */
export const text = (error: string = messages.required) =>
  z.string({ error }).refine((v) => !v.includes('\u0000'), { error: messages.invalidCharacter });

/** A required, trimmed string with the spec's messages. */
export const requiredText = (max = DEFAULT_MAX_LENGTH) =>
  text()
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.maxLength(max) });

/** An optional string: blank becomes null. */
export const optionalText = (max = DEFAULT_MAX_LENGTH) =>
  text()
    .trim()
    .max(max, { error: messages.maxLength(max) })
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Spec part 1 §5 email rule: max 45, exactly one @, local part ≤ 64, domain ≤ 255, each label
 * ≤ 63, and a format check.
 */
export function isValidEmail(value: string, max = DEFAULT_MAX_LENGTH): boolean {
  if (value.length > max) return false;
  const parts = value.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (!local || local.length > 64 || !domain || domain.length > 255) return false;
  if (domain.split('.').some((label) => label.length === 0 || label.length > 63)) return false;
  return /^[^\s@()<>[\]\\,;:"]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i.test(
    value,
  );
}

export const email = (max = DEFAULT_MAX_LENGTH) =>
  text()
    .trim()
    .min(1, { error: messages.required })
    .refine((v) => isValidEmail(v, max), { error: messages.email });

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "Jun 1, 2030" or "June 1, 2030" (the display format, spec part 1 §9) as [y, m, d]. */
function displayParts(value: string): [number, number, number] | null {
  const shown = /^([a-z]{3,9})\.? (\d{1,2}), (\d{4})$/i.exec(value);
  if (!shown) return null;
  const word = shown[1]!.toLowerCase();
  const month = MONTH_NAMES.findIndex((name) => name === word || name.slice(0, 3) === word);
  return month < 0 ? null : [Number(shown[3]), month + 1, Number(shown[2])];
}

/**
 * Spec part 1 §5 date rule: YYYY-MM-DD or MM/DD/YYYY, and a real calendar date (so not
 * 2024-02-30, nor year 0000, which PostgreSQL refuses). Answers the ISO form. Also taken, as
 * every date the API reads: the display format ("Jun 1, 2030") and an ISO 8601 date-time
 * ("2030-06-01T18:00:00.000Z"), whose day is the one written (a client's own day, not UTC's).
 */
export function parseSpecDate(value: string): string | null {
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const shown = displayParts(value);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else if (shown) [y, m, d] = shown;
  else return null;
  if (y < 1 || m < 1 || m > 12 || d < 1) return null;
  // The day after the month's last day is day 0 of the next month.
  const daysInMonth = new Date(Date.UTC(2000, m, 0)).getUTCDate() - (m === 2 && !isLeapYear(y) ? 1 : 0);
  if (d > daysInMonth) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A moment as "YYYY-MM-DDTHH:mm": a datetime-local value as written, an ISO 8601 date-time with
 * seconds and a zone ("2030-06-01T18:00:00.000Z", "…+02:00") turned to UTC, or a day alone
 * (any form `parseSpecDate` takes) at 00:00. Null when it is none of these or not a real time.
 */
export function parseSpecDateTime(value: string): string | null {
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (local) {
    const day = parseSpecDate(local[1]!);
    return day && Number(local[2]) < 24 && Number(local[3]) < 60 ? `${day}T${local[2]}:${local[3]}` : null;
  }
  const zoned = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
  if (zoned) {
    if (!parseSpecDate(zoned[1]!) || Number(zoned[2]) > 23 || Number(zoned[3]) > 59 || Number(zoned[4] ?? 0) > 59) return null;
    const when = new Date(zoned[5] ? value : `${value}Z`);
    return Number.isNaN(when.getTime()) ? null : when.toISOString().slice(0, 16);
  }
  const day = parseSpecDate(value);
  return day ? `${day}T00:00` : null;
}

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** A date field: the spec's rule, answering 'Date is invalid.' and giving the ISO day. */
export const specDate = () =>
  text(messages.date).transform((v, ctx) => {
    const parsed = parseSpecDate(v.trim());
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: messages.date });
      return z.NEVER;
    }
    return parsed;
  });

/** An optional date filter: blank means no filter. */
export const optionalSpecDate = () => z.preprocess((v) => (v === '' ? undefined : v), specDate().optional());

/** HTML checkboxes arrive as "1"/"on"/"true" in form posts and as booleans in JSON. */
/** An optional amount typed as a decimal (a filter's "at least", "at most"): blank is no bound. */
export const optionalDecimalAmount = () =>
  z
    .union([z.number(), z.string()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 1e10) {
        ctx.addIssue({ code: 'custom', message: messages.number });
        return z.NEVER;
      }
      return n;
    });

export const formBoolean = () =>
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false', 'on', 'off', ''])])
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on');

export const idParam = z.object({
  // Ids are 32-bit serials: a larger number could only fail inside the database.
  id: z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1),
});
