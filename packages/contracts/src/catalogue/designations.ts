import { z } from 'zod';
import { text } from '../rules.ts';

/**
 * Fund designations of a product (spec part 1 §3, §4, §5): where a gift's money goes. The same
 * functions run in the form (as the user types) and on the server (before anything is stored),
 * so a client that skips the form still cannot store two defaults or an unnormalised code.
 */

export const DESIGNATION_TYPES = ['single_account', 'supporters_choice'] as const;
export type DesignationType = (typeof DESIGNATION_TYPES)[number];

/** The only product template whose page lets supporters choose a fund. */
export const PAGE_WITH_PAYMENT_TEMPLATE = 'page-with-payment';

export const DESIGNATION_LABEL_MAX = 100;
export const ACCOUNT_CODE_MAX = 200;

export type Designation = { label: string; account: string; is_default: boolean };
export type DesignationOptions = { type: DesignationType; default_account: string | null; designations: Designation[] };

/**
 * Spec part 1 §5: upper case, spaces become underscores, invalid characters removed,
 * repeated/leading/trailing separators removed. "  general fund-2024! " → "GENERAL_FUND_2024".
 */
export function normaliseAccountCode(value: string): string {
  return value
    .toUpperCase()
    .replace(/[\s-]+/g, '_')
    .replace(/[^A-Z0-9_]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, ACCOUNT_CODE_MAX);
}

const isBlank = (d: { label: string; account: string }) => d.label.trim() === '' && d.account.trim() === '';

/** Exactly one default: the first one marked, or the first row when none is. */
export function withOneDefault<T extends { is_default: boolean }>(rows: T[]): T[] {
  const chosen = Math.max(0, rows.findIndex((d) => d.is_default));
  return rows.map((d, i) => ({ ...d, is_default: i === chosen }));
}

/**
 * The stored form of what the editor sent. supporters_choice is only kept for the
 * page-with-payment template (otherwise forced back to single_account); blank rows are dropped;
 * codes normalised; exactly one default, whose account is `default_account`.
 */
export function normaliseDesignations(input: DesignationOptions, templateSuffix: string | null): DesignationOptions {
  const type = input.type === 'supporters_choice' && templateSuffix === PAGE_WITH_PAYMENT_TEMPLATE ? 'supporters_choice' : 'single_account';
  const defaultAccount = normaliseAccountCode(input.default_account ?? '') || null;
  if (type === 'single_account') {
    const fromRows = input.designations.find((d) => d.is_default)?.account ?? '';
    const account = defaultAccount ?? (normaliseAccountCode(fromRows) || null);
    return { type, default_account: account, designations: [] };
  }
  const rows = withOneDefault(
    input.designations
      .map((d) => ({ label: d.label.trim(), account: normaliseAccountCode(d.account), is_default: d.is_default }))
      .filter((d) => !isBlank(d)),
  );
  return { type, default_account: rows.find((d) => d.is_default)?.account ?? defaultAccount, designations: rows };
}

/**
 * Switching the style resets the list to one entry that keeps the default account (spec part 1
 * §4); the editor then shows its trailing blank row.
 */
export function switchDesignationType(current: DesignationOptions, type: DesignationType): DesignationOptions {
  const account = current.designations.find((d) => d.is_default)?.account || current.default_account || '';
  return {
    type,
    default_account: account || null,
    designations: type === 'supporters_choice' ? [{ label: '', account, is_default: true }] : [],
  };
}

/** The editor always ends with one blank row to type into. */
export function withTrailingBlank(rows: Designation[]): Designation[] {
  const last = rows[rows.length - 1];
  return last && isBlank(last) ? rows : [...rows, { label: '', account: '', is_default: false }];
}

export const designationSchema = z.object({
  label: text().trim().max(DESIGNATION_LABEL_MAX).default(''),
  account: text().max(ACCOUNT_CODE_MAX * 2).default(''),
  is_default: z.boolean().default(false),
});

export const designationOptionsSchema = z.object({
  type: z.enum(DESIGNATION_TYPES).default('single_account'),
  default_account: text().max(ACCOUNT_CODE_MAX * 2).nullish().transform((v) => v ?? null),
  designations: z.array(designationSchema).max(100).default([]),
});
