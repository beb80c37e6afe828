import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoMapColumns,
  checkImportRow,
  IMPORT_FIELDS,
  importFieldsFor,
  importMessages,
  normaliseBoolean,
  SPREADSHEET_IMPORT_KINDS,
  type SegmentRules,
} from './imports.ts';
import { messages } from './messages.ts';
import { parseSpecDate } from './rules.ts';

const contribution = {
  date: '2024-03-01',
  subtotal_amt: '25.00',
  total: '25.00',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.org',
};
const timeline = {
  reference_number: 'CH-1',
  headline: 'A new school year',
  posted_on: '03/15/2024',
  tag: 'school',
  is_private: 'no',
  notify_sponsors: 'yes',
  message: 'Hello',
};
const segments: SegmentRules = { segment_3: { name: 'Country', values: ['Kenya', 'Peru'] } };

describe('shared messages (spec part 1 §5), word for word', () => {
  it('Required', () => {
    expect(checkImportRow('contributions', { ...contribution, first_name: '  ' }).errors.first_name).toEqual([
      'Please fill this field.',
    ]);
  });
  it('Maximum length, default 45', () => {
    const r = checkImportRow('contributions', { ...contribution, city: 'x'.repeat(46) });
    expect(r.errors.city).toEqual(['This field can contain a maximum of 45 characters.']);
    expect(checkImportRow('contributions', { ...contribution, city: 'x'.repeat(45) }).errors.city).toBeUndefined();
  });
  it('Recommended is a warning only', () => {
    const r = checkImportRow('sponsorships-timeline', { ...timeline, tag: '' });
    expect(r.warnings.tag).toEqual(['We recommend to not leave this field empty.']);
    expect(r.errors).toEqual({});
  });
  it.each([
    'no-at.example.org',
    'two@@example.org',
    'a@b@example.org',
    `${'l'.repeat(65)}@x.io`,
    `a@${'d'.repeat(64)}.io`,
    `${'a'.repeat(40)}@example.org`, // over 45 in all
    'a b@example.org',
    'a@example',
  ])('Email %s', (email) => {
    expect(checkImportRow('contributions', { ...contribution, email }).errors.email).toEqual(['Email must be valid']);
  });
  it.each(['2024-02-30', '13/01/2024', '2024/01/01', 'yesterday', '2023-02-29'])('Date %s', (date) => {
    expect(checkImportRow('contributions', { ...contribution, date }).errors.date).toEqual(['Date is invalid.']);
  });
  it('Dates in both forms become ISO', () => {
    expect(checkImportRow('contributions', { ...contribution, date: '02/29/2024' }).values.date).toBe('2024-02-29');
    expect(checkImportRow('contributions', contribution).values.date).toBe('2024-03-01');
  });
  it.each(['12,50', 'ten', '1e5', '$25', '--1'])('Number %s', (subtotal_amt) => {
    expect(checkImportRow('contributions', { ...contribution, subtotal_amt }).errors.subtotal_amt).toEqual([
      'This field must be a number.',
    ]);
  });
  it('Start before end, with the blank-start note', () => {
    const base = { email: 'a@example.org' };
    const r = checkImportRow('supporters', { ...base, membership_starts_on: '2025-01-01', membership_expires_on: '2024-01-01' });
    expect(r.errors.membership_starts_on).toEqual(['Start Date (2025-01-01) must be before End Date (2024-01-01).']);
    const blank = checkImportRow(
      'supporters',
      { ...base, membership_expires_on: '2024-01-01' },
      { today: '2026-11-27' },
    );
    expect(blank.errors.membership_starts_on).toEqual([
      'Start Date () must be before End Date (2024-01-01).',
      'When left blank, start date will be current date.',
    ]);
    expect(
      checkImportRow('supporters', { ...base, membership_expires_on: '2030-01-01' }, { today: '2026-11-27' }).errors,
    ).toEqual({});
  });
});

describe('contributions import', () => {
  it('a complete row passes, dcc defaults to 0', () => {
    const r = checkImportRow('contributions', contribution);
    expect(r.errors).toEqual({});
    expect(r.values.dcc).toBe('0');
  });
  it('total must be subtotal plus dcc, to the last decimal; amounts are not negative', () => {
    expect(checkImportRow('contributions', { ...contribution, dcc: '1.5', total: '26.50' }).errors).toEqual({});
    expect(checkImportRow('contributions', { ...contribution, dcc: '1.5', total: '26.49' }).errors.total).toEqual([
      'Total (26.49) must equal Subtotal amount (25.00) plus DCC (1.5).',
    ]);
    expect(checkImportRow('contributions', { ...contribution, total: '25' }).errors).toEqual({});
    const negative = checkImportRow('contributions', { ...contribution, subtotal_amt: '-5', total: '-5' });
    expect(negative.errors).toEqual({ subtotal_amt: ['This field must not be negative.'], total: ['This field must not be negative.'] });
    expect(checkImportRow('contributions', { ...contribution, subtotal_amt: 'x' }).errors.total).toBeUndefined();
  });
  it('required: date, subtotal_amt, total, first_name, last_name, email', () => {
    expect(Object.keys(checkImportRow('contributions', {}).errors).sort()).toEqual(
      ['date', 'email', 'first_name', 'last_name', 'subtotal_amt', 'total'].sort(),
    );
  });
  it('organization_name 100, address lines 450, country 2', () => {
    const r = checkImportRow('contributions', {
      ...contribution,
      organization_name: 'o'.repeat(101),
      address_line_1: 'a'.repeat(451),
      address_line_2: 'a'.repeat(450),
      country: 'USA',
    });
    expect(r.errors.organization_name).toEqual([messages.maxLength(100)]);
    expect(r.errors.address_line_1).toEqual([messages.maxLength(450)]);
    expect(r.errors.address_line_2).toBeUndefined();
    expect(r.errors.country).toEqual(['This field can contain a maximum of 2 characters.']);
  });
  it.each([
    [true, true],
    ['true', true],
    [1, true],
    ['1', true],
    ['yes', true],
    ['y', true],
    ['no', false],
    ['0', false],
    ['maybe', false],
    ['', null],
    [null, null],
  ] as const)('marketing_opt_in %s → %s', (input, expected) => {
    expect(checkImportRow('contributions', { ...contribution, marketing_opt_in: input }).values.marketing_opt_in).toBe(expected);
  });
});

describe('timeline import', () => {
  it('a complete row passes with booleans normalised', () => {
    const r = checkImportRow('sponsorships-timeline', timeline);
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({ is_private: false, notify_sponsors: true, posted_on: '2024-03-15' });
  });
  it('required fields and limits', () => {
    const r = checkImportRow('sponsorships-timeline', {
      reference_number: 'r'.repeat(26),
      headline: 'h'.repeat(501),
      posted_on: '',
      tag: 't'.repeat(501),
      message: 'm'.repeat(5001),
    });
    expect(r.errors).toEqual({
      reference_number: [messages.maxLength(25)],
      headline: [messages.maxLength(500)],
      posted_on: ['Please fill this field.'],
      tag: [messages.maxLength(500)],
      is_private: ['Please fill this field.'],
      notify_sponsors: ['Please fill this field.'],
      message: [messages.maxLength(5000)],
    });
  });
});

describe('sponsorships import', () => {
  const base = { reference_number: 'CH-9', gender: 'F', first_name: 'Amani', last_name: 'K' };
  it('names only warn when empty; gender is required', () => {
    const r = checkImportRow('sponsorships', { reference_number: 'CH-9' });
    expect(r.warnings).toEqual({ first_name: [messages.recommended], last_name: [messages.recommended] });
    expect(r.errors).toEqual({ gender: [messages.required] });
  });
  it('dates valid when present; latitude/longitude numeric', () => {
    const r = checkImportRow('sponsorships', { ...base, birth_date: '2019-02-29', enrollment_date: '', latitude: 'north', longitude: '-1.28' });
    expect(r.errors).toEqual({ birth_date: [messages.date], latitude: [messages.number] });
  });
  it("segment values must be among the allowed ones: '{value} must be one of {list}'", () => {
    const r = checkImportRow('sponsorships', { ...base, segment_3: 'Chile' }, { segments });
    expect(r.errors.segment_3).toEqual(['Chile must be one of Kenya, Peru']);
    expect(checkImportRow('sponsorships', { ...base, segment_3: 'kenya' }, { segments }).values.segment_3).toBe('Kenya');
  });
  it("any custom_* value: 'Custom fields are not allowed.'", () => {
    const r = checkImportRow('sponsorships', { ...base, custom_colour: 'blue', custom_empty: '' });
    expect(r.errors).toEqual({ custom_colour: ['Custom fields are not allowed.'] });
    expect(importMessages.customFieldsNotAllowed).toBe('Custom fields are not allowed.');
  });
  it('booleans normalised', () => {
    expect(checkImportRow('sponsorships', { ...base, is_sponsored: 'Y', is_enabled: 'off' }).values).toMatchObject({
      is_sponsored: true,
      is_enabled: false,
    });
  });
  it('gender becomes F or M; latitude and longitude within their ranges', () => {
    expect(checkImportRow('sponsorships', { ...base, gender: 'male' }).values.gender).toBe('M');
    expect(checkImportRow('sponsorships', { ...base, gender: ' Girl ' }).values.gender).toBe('F');
    const r = checkImportRow('sponsorships', { ...base, gender: 'x', latitude: '90.5', longitude: '-180' });
    expect(r.errors).toEqual({ gender: ['Choose female or male.'], latitude: ['Latitude must be between -90 and 90.'] });
  });
});

describe('supporters import', () => {
  it('email fields are checked only when non-empty', () => {
    expect(checkImportRow('supporters', { first_name: 'A' }).errors).toEqual({});
    expect(checkImportRow('supporters', { bill_email: 'nope', ship_email: 'x@y' }).errors).toEqual({
      bill_email: [messages.email],
      ship_email: [messages.email],
    });
  });
  it('referral_source and organization 100, address lines 450, country 2, dates valid', () => {
    const r = checkImportRow('supporters', {
      referral_source: 'r'.repeat(101),
      bill_organization_name: 'o'.repeat(101),
      ship_address_01: 'a'.repeat(451),
      bill_country: 'GBR',
      created_at: '31/12/2020',
    });
    expect(r.errors).toEqual({
      referral_source: [messages.maxLength(100)],
      bill_organization_name: [messages.maxLength(100)],
      ship_address_01: [messages.maxLength(450)],
      bill_country: [messages.maxLength(2)],
      created_at: [messages.date],
    });
  });
});

describe('job messages (spec part 1 §8)', () => {
  it('word for word', () => {
    expect(importMessages.jobFailed('Almoner')).toBe("This job failed probably because it couldn't find the Almoner URL.");
    expect(importMessages.backendFailed('Almoner')).toBe('Failed to submit data to Almoner');
  });
});

describe('column matching', () => {
  it('matches by key, label and loose spelling; leaves strangers unmapped', () => {
    const map = autoMapColumns(['First Name', 'EMAIL', 'subtotal_amt', 'Subtotal amount', 'Favourite colour'], IMPORT_FIELDS.contributions);
    expect(map).toEqual({
      'First Name': 'first_name',
      EMAIL: 'email',
      subtotal_amt: 'subtotal_amt',
      'Subtotal amount': null,
      'Favourite colour': null,
    });
  });
  it('sponsorship fields include one per segment', () => {
    expect(importFieldsFor('sponsorships', segments).at(-1)).toMatchObject({ key: 'segment_3', label: 'Country', options: ['Kenya', 'Peru'] });
  });
});

describe('properties', () => {
  const cell = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
  it('arbitrary text never throws, for every kind and field', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SPREADSHEET_IMPORT_KINDS), fc.dictionary(fc.string(), cell), fc.dictionary(fc.constantFrom(...IMPORT_FIELDS.supporters.map((x) => x.key), 'custom_x', 'segment_3', 'date', 'total', 'posted_on'), cell), (kind, a, b) => {
        const r = checkImportRow(kind, { ...a, ...b }, { segments });
        for (const list of Object.values(r.errors)) expect(list.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('the date rule agrees with a reference calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        // Reference: JavaScript's proleptic Gregorian calendar in UTC.
        const ref = new Date(0);
        ref.setUTCFullYear(y, m - 1, d);
        const real = m >= 1 && m <= 12 && d >= 1 && ref.getUTCFullYear() === y && ref.getUTCMonth() === m - 1 && ref.getUTCDate() === d;
        const p = (n: number, w: number) => String(n).padStart(w, '0');
        const iso = `${p(y, 4)}-${p(m, 2)}-${p(d, 2)}`;
        const us = `${p(m, 2)}/${p(d, 2)}/${p(y, 4)}`;
        expect(parseSpecDate(iso)).toBe(real ? iso : null);
        expect(parseSpecDate(us)).toBe(real ? iso : null);
      }),
      { numRuns: 3000 },
    );
  });

  it('boolean normalisation is stable (normalising twice changes nothing)', () => {
    fc.assert(
      fc.property(cell, (v) => {
        const once = normaliseBoolean(v);
        expect(normaliseBoolean(once)).toBe(once);
        expect(normaliseBoolean(typeof v === 'string' ? `  ${v.toUpperCase()} ` : v)).toBe(
          typeof v === 'string' ? normaliseBoolean(v.toUpperCase()) : once,
        );
      }),
    );
  });
});
