import type { Faker } from '@faker-js/faker';
import { supporters } from '../modules/supporters/supporters.tables.ts';
import { at, DAY, type SeedContext } from './context.ts';
import type { Rng } from './prng.ts';
import type { Reference } from './reference.ts';

/** A supporter as the contribution generator needs it (the billing block of every gift). */
export type SupporterRef = {
  id: number;
  accountTypeId: number;
  isOrganization: boolean;
  title: string | null;
  firstName: string;
  lastName: string;
  organization: string | null;
  displayName: string;
  email: string;
  address01: string;
  address02: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  referralSource: string | null;
  donorId: string | null;
  isSpam: boolean;
  isActive: boolean;
  emailOptIn: boolean;
  /** How likely this supporter is to give again; 0 for people who never gave. */
  weight: number;
  /** Set by the plan: before their first gift, or a sign-up date for non-givers. */
  createdAt: number;
};

const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'hotmail.com', 'comcast.net', 'aol.com', 'protonmail.com'];
const REFERRALS = ['Friend or family', 'Social media', 'Search engine', 'Church', 'Event', 'Radio', 'Email newsletter', 'Other'];
const CANADA: [string, string, string][] = [
  ['Toronto', 'ON', 'M5V 2T6'], ['Vancouver', 'BC', 'V6B 1A1'], ['Calgary', 'AB', 'T2P 1J9'], ['Ottawa', 'ON', 'K1P 5J2'],
  ['Montreal', 'QC', 'H3B 4W8'], ['Halifax', 'NS', 'B3J 1V4'], ['Winnipeg', 'MB', 'R3C 0V8'], ['Saskatoon', 'SK', 'S7K 0J5'],
];

const ascii = (text: string) => text.normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase();

/** Builds the supporters in memory; ids are handed out now, rows are written after the plan. */
export function buildSupporters(ctx: SeedContext, reference: Reference): SupporterRef[] {
  const rng = ctx.rng.fork('supporters');
  const people: SupporterRef[] = [];
  for (let i = 0; i < ctx.scale.supporters; i++) people.push(buildSupporter(ctx, rng, reference, i));
  return people;
}

function buildSupporter(ctx: SeedContext, rng: Rng, reference: Reference, index: number): SupporterRef {
  const f = ctx.faker;
  const kind = rng.weighted([['person', 88], ['organization', 9], ['foundation', 3]] as const);
  const firstName = f.person.firstName();
  const lastName = f.person.lastName();
  const organization = kind === 'person' ? null : kind === 'foundation' ? `${lastName} Family Foundation` : f.company.name();
  const place = address(f, rng);
  const isSpam = rng.chance(0.01);
  return {
    id: ctx.ids.next(supporters),
    accountTypeId: reference.accountTypes[kind === 'person' ? 'individual' : kind],
    isOrganization: kind !== 'person',
    title: kind === 'person' && rng.chance(0.3) ? rng.pick(['Mr.', 'Ms.', 'Mrs.', 'Dr.']) : null,
    firstName,
    lastName,
    organization: organization?.slice(0, 100) ?? null,
    displayName: (organization ?? `${firstName} ${lastName}`).slice(0, 150),
    email: emailFor(rng, firstName, organization ?? lastName, kind !== 'person', index),
    ...place,
    phone: f.phone.number({ style: 'national' }),
    referralSource: rng.chance(0.6) ? rng.weighted(REFERRALS.map((r, i) => [r, 8 - i] as const)) : null,
    donorId: rng.chance(0.4) ? String(100_000 + index) : null,
    isSpam,
    isActive: !isSpam && !rng.chance(0.03),
    emailOptIn: rng.chance(0.55),
    // Spam accounts placed a fraudulent order or two; one in eight people never gave at all.
    weight: isSpam ? 0.3 : rng.chance(0.12) ? 0 : rng.logNormal(1, 0.9),
    createdAt: 0,
  };
}

/** A postal address: mostly US, some Canadian. */
export function address(f: Faker, rng: Rng) {
  const address02 = rng.chance(0.15) ? f.location.secondaryAddress() : null;
  if (rng.chance(0.08)) {
    const [city, state, zip] = rng.pick(CANADA);
    return { address01: f.location.streetAddress(), address02, city, state, zip, country: 'CA' };
  }
  return { address01: f.location.streetAddress(), address02, city: f.location.city(), state: f.location.state({ abbreviated: true }), zip: f.location.zipCode('#####'), country: 'US' };
}

export function emailFor(rng: Rng, first: string, last: string, isOrganization: boolean, index: number): string {
  const a = ascii(first) || 'friend';
  const b = ascii(last) || 'giving';
  if (isOrganization) return `${rng.pick(['info', 'giving', 'office', 'admin'])}@${b.slice(0, 24)}${index % 97}.org`;
  const local = rng.weighted([[`${a}.${b}`, 4], [`${a}${b}${index % 1000}`, 3], [`${a[0]}${b}${rng.int(1, 99)}`, 2], [`${a}_${b}${index % 100}`, 1]] as const);
  return `${local.slice(0, 30)}@${rng.pick(DOMAINS)}`;
}

/** The supporters row of a SupporterRef (called once the plan has fixed `createdAt`). */
export function supporterRow(ctx: SeedContext, s: SupporterRef, rng: Rng, loginHash: string): typeof supporters.$inferInsert {
  const created = at(s.createdAt);
  const ship = rng.chance(0.7);
  return {
    id: s.id, accountTypeId: s.accountTypeId, title: s.title, firstName: s.firstName, lastName: s.lastName,
    displayName: s.displayName, email: s.email, passwordHash: rng.chance(0.2) ? loginHash : null,
    billTitle: s.title, billFirstName: s.firstName, billLastName: s.lastName, billOrganizationName: s.organization,
    billEmail: s.email, billAddress01: s.address01, billAddress02: s.address02, billCity: s.city, billState: s.state,
    billZip: s.zip, billCountry: s.country, billPhone: s.phone,
    shipFirstName: ship ? s.firstName : null, shipLastName: ship ? s.lastName : null, shipAddress01: ship ? s.address01 : null,
    shipAddress02: ship ? s.address02 : null, shipCity: ship ? s.city : null, shipState: ship ? s.state : null, shipZip: ship ? s.zip : null,
    shipCountry: ship ? s.country : null, shipPhone: ship ? s.phone : null, shipEmail: ship ? s.email : null,
    referralSource: s.referralSource, nps: rng.chance(0.25) ? rng.weighted([[10, 5], [9, 4], [8, 3], [7, 2], [5, 1], [2, 1]] as const) : null,
    donorId: s.donorId, isActive: s.isActive, archivedAt: s.isActive ? null : at(Math.min(ctx.now, s.createdAt + 200 * DAY)), isSpam: s.isSpam,
    emailOptIn: s.emailOptIn, emailOptInChangedAt: s.emailOptIn ? created : null, signUpMethod: rng.pick(['web', 'web', 'pos', 'import']),
    language: 'en', currencyCode: ctx.currency, createdAt: created, updatedAt: created,
  };
}


/** Picks supporters by how likely they are to give (a few give often, most once or twice). */
export class WeightedPicker {
  private readonly cumulative: Float64Array;

  constructor(people: SupporterRef[]) {
    this.cumulative = new Float64Array(people.length);
    let total = 0;
    people.forEach((p, i) => {
      total += p.weight;
      this.cumulative[i] = total;
    });
  }

  pick(rng: Rng): number {
    const target = rng.next() * (this.cumulative[this.cumulative.length - 1] as number);
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.cumulative[mid] as number) <= target) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
