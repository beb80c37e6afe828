import { z } from 'zod';
import { messages } from './messages.ts';
import { DEFAULT_MAX_LENGTH, isValidEmail, parseSpecDate } from './rules.ts';
import { sponseeMessages } from './sponsee-edit.ts';

/**
 * Spreadsheet imports (spec part 1 §2 "Data import screens", §3 import rows, §5 rules).
 * One home for the field lists and every row rule: the browser checks rows as they are mapped
 * and edited, and the server checks every row again on submit (it never trusts the browser).
 */

export const SPREADSHEET_IMPORT_KINDS = ['contributions', 'sponsorships', 'sponsorships-timeline', 'supporters'] as const;
export type SpreadsheetImportKind = (typeof SPREADSHEET_IMPORT_KINDS)[number];
export const spreadsheetImportKindSchema = z.enum(SPREADSHEET_IMPORT_KINDS);

export const IMPORT_KIND_LABELS: Record<SpreadsheetImportKind, string> = {
  contributions: 'Contributions',
  sponsorships: 'Sponsorships',
  'sponsorships-timeline': 'Sponsorship timeline',
  supporters: 'Supporters',
};

export const importMessages = {
  // The note of a consent change an import made (the supporter's consent history).
  consentNote: (importId: number, row: number) => `Import #${importId}, row ${row}`,
  consentUndoneNote: (importId: number, row: number) => `Import #${importId} undone (row ${row})`,
  customFieldsNotAllowed: 'Custom fields are not allowed.',
  segmentValue: (value: string, list: readonly string[]) => `${value} must be one of ${list.join(', ')}`,
  // spec part 1 §8
  jobFailed: (product: string) => `This job failed probably because it couldn't find the ${product} URL.`,
  backendFailed: (product: string) => `Failed to submit data to ${product}`,
  // Contributions import (ours, in the voice of §5 'Start Date (...) must be before End Date (...).')
  totalMismatch: (total: string, subtotal: string, dcc: string) => `Total (${total}) must equal Subtotal amount (${subtotal}) plus DCC (${dcc}).`,
  notNegative: 'This field must not be negative.',
  giftImported: (giftId: string) => `Gift ${giftId} has already been imported.`,
} as const;

export type ImportFieldType = 'string' | 'email' | 'date' | 'number' | 'boolean' | 'segment';

/** One column of an import (the shape `GET /flatfile/fields/{kind}` answers). */
export interface ImportField {
  key: string;
  label: string;
  type: ImportFieldType;
  required: boolean;
  /** Empty gives a warning that does not block. */
  recommended: boolean;
  /** Maximum length for text; null for non-text types. */
  max: number | null;
  /** Allowed values (option-list segments). */
  options?: string[];
}

const f = (
  key: string,
  type: ImportFieldType = 'string',
  opts: { required?: boolean; recommended?: boolean; max?: number; label?: string } = {},
): ImportField => ({
  key,
  label: opts.label ?? labelFor(key),
  type,
  required: opts.required ?? false,
  recommended: opts.recommended ?? false,
  max: type === 'string' ? (opts.max ?? DEFAULT_MAX_LENGTH) : type === 'email' ? DEFAULT_MAX_LENGTH : null,
});

/** 'bill_address_01' → 'Bill address 01'; 'subtotal_amt' → 'Subtotal amt'. */
export function labelFor(key: string): string {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const addressBlock = (prefix: 'bill' | 'ship'): ImportField[] => [
  f(`${prefix}_title`),
  f(`${prefix}_first_name`),
  f(`${prefix}_last_name`),
  f(`${prefix}_address_01`, 'string', { max: 450 }),
  f(`${prefix}_address_02`, 'string', { max: 450 }),
  f(`${prefix}_city`),
  f(`${prefix}_state`),
  f(`${prefix}_country`, 'string', { max: 2 }),
  f(`${prefix}_zip`),
  f(`${prefix}_email`, 'email'),
  f(`${prefix}_phone`),
];

/** The fixed fields of each kind (sponsorships add one field per segment at run time). */
export const IMPORT_FIELDS: Record<SpreadsheetImportKind, ImportField[]> = {
  contributions: [
    f('date', 'date', { required: true }),
    f('subtotal_amt', 'number', { required: true, label: 'Subtotal amount' }),
    f('dcc', 'number', { label: 'DCC (defaults to 0)' }),
    f('total', 'number', { required: true }),
    f('first_name', 'string', { required: true }),
    f('last_name', 'string', { required: true }),
    f('email', 'email', { required: true }),
    f('marketing_opt_in', 'boolean'),
    f('organization_name', 'string', { max: 100 }),
    f('address_line_1', 'string', { max: 450 }),
    f('address_line_2', 'string', { max: 450 }),
    f('city'),
    f('state'),
    f('zip'),
    f('phone'),
    f('country', 'string', { max: 2 }),
    f('payment_auth'),
    f('dp_donor_id', 'string', { label: 'DP donor id' }),
    f('dp_gift_id', 'string', { label: 'DP gift id' }),
    f('sf_id', 'string', { label: 'Salesforce id' }),
    // The campaign (by name) and appeal (by code) the gift is credited to; an unknown one rejects the row.
    f('campaign', 'string', { max: 100 }),
    f('appeal_code', 'string', { max: 30 }),
  ],
  'sponsorships-timeline': [
    f('reference_number', 'string', { required: true, max: 25 }),
    f('headline', 'string', { required: true, max: 500 }),
    f('posted_on', 'date', { required: true }),
    f('tag', 'string', { recommended: true, max: 500 }),
    f('is_private', 'boolean', { required: true }),
    f('notify_sponsors', 'boolean', { required: true }),
    f('message', 'string', { required: true, max: 5000 }),
  ],
  sponsorships: [
    f('reference_number', 'string', { required: true, max: 25 }),
    f('first_name', 'string', { recommended: true }),
    f('last_name', 'string', { recommended: true }),
    f('gender', 'string', { required: true }),
    f('birth_date', 'date'),
    f('enrollment_date', 'date'),
    f('latitude', 'number'),
    f('longitude', 'number'),
    f('is_sponsored', 'boolean'),
    f('is_enabled', 'boolean'),
  ],
  supporters: [
    f('first_name'),
    f('last_name'),
    f('bill_organization_name', 'string', { max: 100, label: 'Organization name' }),
    f('account_type'),
    f('email', 'email'),
    f('password'),
    ...addressBlock('bill'),
    ...addressBlock('ship'),
    f('created_at', 'date'),
    f('donor_id'),
    f('membership_name'),
    f('membership_starts_on', 'date'),
    f('membership_expires_on', 'date'),
    // The number on the member's card (the supporter form's); no two supporters share one.
    f('membership_number', 'string', { max: 45 }),
    f('referral_source', 'string', { max: 100 }),
    f('email_opt_in', 'boolean'),
    f('sf_id', 'string', { label: 'Salesforce id' }),
    // Tag names separated by commas or semicolons; added to the supporter, never removed.
    f('tags', 'string', { max: 500 }),
  ],
};

/** Allowed values per segment field key (`GET /flatfile/field-rules/segments`). */
export type SegmentRules = Record<string, { name: string; values: string[] }>;

/**
 * Spec part 1 §5: true, 'true', 1, '1', 'yes', 'y' become true; anything else false; blank
 * becomes null. Case and surrounding spaces are ignored (spreadsheets write TRUE and Yes).
 */
export function normaliseBoolean(value: unknown): boolean | null {
  if (value === null || value === undefined) return null;
  if (value === true) return true;
  if (value === false) return false;
  if (typeof value === 'number') return value === 1;
  const s = String(value).trim().toLowerCase();
  if (s === '') return null;
  return s === 'true' || s === '1' || s === 'yes' || s === 'y';
}

/** A plain decimal number (optionally signed); answers the trimmed text or null. */
export function parseImportNumber(value: string): string | null {
  const s = value.trim();
  return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(s) ? s : null;
}

export type ImportCell = string | number | boolean | null | undefined;
export type ImportValue = string | boolean | null;

export interface RowCheck {
  /** Normalised values of known fields (dates ISO, booleans true/false/null, blanks null). */
  values: Record<string, ImportValue>;
  errors: Record<string, string[]>;
  warnings: Record<string, string[]>;
}

const cellText = (v: ImportCell): string => {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : String(v);
  return s.trim();
};

const push = (bag: Record<string, string[]>, key: string, message: string) => {
  (bag[key] ??= []).push(message);
};

/** The fields of a kind, with a field per known segment for sponsorships. */
export function importFieldsFor(kind: SpreadsheetImportKind, segments: SegmentRules = {}): ImportField[] {
  const fields = IMPORT_FIELDS[kind];
  if (kind !== 'sponsorships') return fields;
  return [
    ...fields,
    ...Object.entries(segments).map(([key, s]) => ({
      key,
      label: s.name,
      type: 'segment' as const,
      required: false,
      recommended: false,
      max: s.values.length ? null : 255,
      ...(s.values.length ? { options: s.values } : {}),
    })),
  ];
}

/** Checks one field's value; answers the normalised value. */
function checkField(field: ImportField, raw: ImportCell, out: RowCheck): void {
  const key = field.key;
  if (field.type === 'boolean') {
    const b = normaliseBoolean(typeof raw === 'string' && raw.includes('\u0000') ? '' : raw);
    if (b === null && field.required) push(out.errors, key, messages.required);
    out.values[key] = b;
    return;
  }
  const s = cellText(raw);
  if (s === '') {
    out.values[key] = null;
    if (field.required) push(out.errors, key, messages.required);
    else if (field.recommended) push(out.warnings, key, messages.recommended);
    return;
  }
  if (s.includes('\u0000')) {
    push(out.errors, key, messages.invalidCharacter);
    out.values[key] = null;
    return;
  }
  out.values[key] = s;
  switch (field.type) {
    case 'email':
      if (!isValidEmail(s, field.max ?? DEFAULT_MAX_LENGTH)) push(out.errors, key, messages.email);
      return;
    case 'date': {
      const d = parseSpecDate(s);
      if (!d) push(out.errors, key, messages.date);
      else out.values[key] = d;
      return;
    }
    case 'number': {
      const n = parseImportNumber(s);
      if (n === null) push(out.errors, key, messages.number);
      else out.values[key] = n;
      return;
    }
    case 'segment':
      if (field.options?.length) {
        const match = field.options.find((o) => o.toLowerCase() === s.toLowerCase());
        if (!match) push(out.errors, key, importMessages.segmentValue(s, field.options));
        else out.values[key] = match;
      } else if (field.max !== null && s.length > field.max) push(out.errors, key, messages.maxLength(field.max));
      return;
    case 'string':
      if (field.max !== null && s.length > field.max) push(out.errors, key, messages.maxLength(field.max));
  }
}

/**
 * Every rule of spec part 1 §5 for one row. `row` is keyed by field key (after column mapping).
 * Never throws, whatever the cells hold.
 */
export function checkImportRow(
  kind: SpreadsheetImportKind,
  row: Record<string, ImportCell>,
  options: { segments?: SegmentRules; today?: string } = {},
): RowCheck {
  const out: RowCheck = { values: {}, errors: {}, warnings: {} };
  for (const field of importFieldsFor(kind, options.segments)) checkField(field, row[field.key], out);

  if (kind === 'contributions') {
    if (out.values.dcc === null && !out.errors.dcc) out.values.dcc = '0';
    checkContributionAmounts(out);
  }

  if (kind === 'sponsorships') {
    checkSponseeCells(out);
    for (const [key, raw] of Object.entries(row)) {
      if (key.startsWith('custom_') && cellText(raw) !== '') push(out.errors, key, importMessages.customFieldsNotAllowed);
      if (key.startsWith('segment_') && !(key in out.values) && cellText(raw) !== '') {
        // A segment column that matches no segment: nothing it could be one of.
        push(out.errors, key, importMessages.segmentValue(cellText(raw), []));
      }
    }
  }

  if (kind === 'supporters') {
    const start = out.values.membership_starts_on;
    const end = out.values.membership_expires_on;
    if (typeof end === 'string' && !out.errors.membership_expires_on && !out.errors.membership_starts_on) {
      const effectiveStart = typeof start === 'string' ? start : (options.today ?? new Date().toISOString().slice(0, 10));
      if (effectiveStart >= end) {
        const startRaw = typeof start === 'string' ? cellText(row.membership_starts_on) : '';
        push(out.errors, 'membership_starts_on', messages.startBeforeEnd(startRaw, cellText(row.membership_expires_on)));
        if (typeof start !== 'string') push(out.errors, 'membership_starts_on', messages.startBlank);
      }
    }
  }
  return out;
}

/** Ours (the spec only says numeric): the sponsee's map position must be a place on Earth. */
export const sponsorshipImportMessages = {
  latitude: 'Latitude must be between -90 and 90.',
  longitude: 'Longitude must be between -180 and 180.',
} as const;

/** Spreadsheet spellings of a sponsee's gender (the incumbent normalised them); the table holds F or M. */
const GENDERS: Record<string, 'F' | 'M'> = { f: 'F', female: 'F', girl: 'F', m: 'M', male: 'M', boy: 'M' };

/**
 * The sponsee's own rules past the field types: gender becomes F or M (else the sponsee form's
 * message), and latitude and longitude fall within their ranges.
 */
function checkSponseeCells(out: RowCheck): void {
  const gender = out.values.gender;
  if (typeof gender === 'string' && !out.errors.gender) {
    const g = GENDERS[gender.toLowerCase()];
    if (g) out.values.gender = g;
    else push(out.errors, 'gender', sponseeMessages.gender);
  }
  for (const [key, limit] of [['latitude', 90], ['longitude', 180]] as const) {
    const v = out.values[key];
    if (typeof v === 'string' && !out.errors[key] && Math.abs(Number(v)) > limit) push(out.errors, key, sponsorshipImportMessages[key]);
  }
}

/** A decimal text as an integer of `digits` decimals (exact: no floating point). */
function scaled(text: string, digits: number): bigint {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = text.replace(/^[+-]/, '').split('.');
  const value = BigInt(`${whole || '0'}${fraction.padEnd(digits, '0')}`);
  return negative ? -value : value;
}

/** A gift's amounts are not negative and its total is its subtotal plus the DCC, to the last decimal. */
function checkContributionAmounts(out: RowCheck): void {
  const keys = ['subtotal_amt', 'dcc', 'total'] as const;
  for (const key of keys) {
    const v = out.values[key];
    if (typeof v === 'string' && !out.errors[key] && v.startsWith('-') && /[1-9]/.test(v)) push(out.errors, key, importMessages.notNegative);
  }
  if (keys.some((k) => out.errors[k] || typeof out.values[k] !== 'string')) return;
  const [subtotal, dcc, total] = keys.map((k) => out.values[k] as string) as [string, string, string];
  const digits = Math.max(...[subtotal, dcc, total].map((x) => (x.split('.')[1] ?? '').length));
  if (scaled(subtotal, digits) + scaled(dcc, digits) !== scaled(total, digits)) push(out.errors, 'total', importMessages.totalMismatch(total, subtotal, dcc));
}

export const hasErrors = (check: RowCheck) => Object.keys(check.errors).length > 0;

/**
 * Matches a spreadsheet's column headers to field keys by name: exact key, then label, then the
 * same letters ignoring case, spaces, underscores and punctuation. Answers header → field key.
 */
export function autoMapColumns(headers: readonly string[], fields: readonly ImportField[]): Record<string, string | null> {
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const used = new Set<string>();
  const out: Record<string, string | null> = {};
  for (const h of headers) {
    const t = h.trim();
    const field =
      fields.find((x) => !used.has(x.key) && x.key === t) ??
      fields.find((x) => !used.has(x.key) && x.label.toLowerCase() === t.toLowerCase()) ??
      fields.find((x) => !used.has(x.key) && (squash(x.key) === squash(t) || squash(x.label) === squash(t)));
    if (field) used.add(field.key);
    out[h] = field?.key ?? (/^(custom|segment)_/.test(t) ? t : null);
  }
  return out;
}

// ---- API payloads ----

export const IMPORT_MATCH_MODES = ['create', 'update', 'skip'] as const;
export type ImportMatchMode = (typeof IMPORT_MATCH_MODES)[number];

/** A cell as sent by the browser: text, number, boolean or blank. */
const cellSchema = z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]);

/** A row keyed by field key: every known field of every kind, plus segment_* and custom_* columns. */
const ALL_FIELD_KEYS = [...new Set(Object.values(IMPORT_FIELDS).flatMap((fields) => fields.map((x) => x.key)))];
const importRowSchema = z
  .object(Object.fromEntries(ALL_FIELD_KEYS.map((k) => [k, cellSchema.optional()])))
  .catchall(cellSchema)
  .refine((row) => Object.keys(row).length <= 200 && Object.keys(row).every((k) => k.length <= 100), { error: 'A row can hold at most 200 columns of 100-character names.' });

/** `GET /flatfile/field-rules/segments` answers a list; the checks take it keyed. */
export type SegmentRuleList = { key: string; name: string; values: string[] }[];
export const segmentRulesFromList = (list: SegmentRuleList): SegmentRules =>
  Object.fromEntries(list.map((s) => [s.key, { name: s.name, values: s.values }]));

/** Issue 15: a 100,000-row file is one import (the submit route takes a body that size). */
export const IMPORT_MAX_ROWS = 100_000;

export const importSubmitSchema = z.object({
  /** Idempotency: the same reference for the same kind is the same job. */
  external_reference: z
    .string()
    .trim()
    .min(1, { error: messages.required })
    .max(100, { error: messages.maxLength(100) })
    .refine((v) => !v.includes('\u0000'), { error: messages.invalidCharacter })
    .optional(),
  filename: z.string().trim().max(255, { error: messages.maxLength(255) }).refine((v) => !v.includes('\u0000'), { error: messages.invalidCharacter }).optional(),
  mode: z.enum(IMPORT_MATCH_MODES, { error: 'Choose create, update or skip.' }).default('create'),
  dry_run: z.boolean().default(false),
  rows: z
    .array(importRowSchema, { error: 'Rows must be a list.' })
    .min(1, { error: 'There are no rows to import.' })
    .max(IMPORT_MAX_ROWS, { error: `An import can hold at most ${IMPORT_MAX_ROWS} rows.` }),
});
export type ImportSubmit = z.input<typeof importSubmitSchema>;

export const IMPORT_ROW_OUTCOMES = ['pending', 'created', 'updated', 'skipped', 'rejected', 'undone'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

export interface ImportJobView {
  id: number;
  kind: string;
  status: 'acknowledged' | 'processing' | 'completed' | 'failed' | 'undone';
  progress: number;
  dry_run: boolean;
  mode: ImportMatchMode;
  filename: string | null;
  total_rows: number;
  counts: Record<'created' | 'updated' | 'skipped' | 'rejected', number>;
  message: string | null;
  undoable: boolean;
  created_at: string;
  completed_at: string | null;
}
