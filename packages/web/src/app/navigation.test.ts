import type { CurrentUser, EditionFlags } from '@almoner/contracts';
import { describe, expect, it } from 'vitest';
import {
  holdsActiveLink,
  isActiveLink,
  isGroup,
  isSection,
  navLinks,
  navigation,
  visibleNavigation,
} from './navigation.ts';

const user = (permissions: string[], admin = false): CurrentUser => ({
  id: 1,
  first_name: 'Ada',
  last_name: 'Staff',
  email: 'ada@example.org',
  is_account_admin: admin,
  permissions,
  two_factor_enabled: false,
  two_factor_pending_confirmation: false,
});
const full: EditionFlags = { express: false, dp: false, referral_sources: false, nps: false };
const at = (pathname: string, hash = '') => ({ pathname, hash });

describe('sidebar navigation', () => {
  it('keeps every link of the flat list it replaced, with the same label and path', () => {
    const links = new Map(navLinks(navigation).map((link) => [link.label, link.to]));
    const before = {
      Home: '/',
      Contributions: '/contributions',
      'Point of sale': '/pos',
      Supporters: '/supporters',
      'Duplicate supporters': '/supporters/duplicates',
      Sponsorships: '/sponsorships',
      Sponsors: '/sponsors',
      Segments: '/segments',
      'Recurring payments': '/recurring-payments',
      Tributes: '/tributes',
      Fundraise: '/fundraise/pages',
      'Virtual Events': '/virtual-events',
      'Tax receipts': '/tax-receipts',
      Products: '/products',
      'Product categories': '/categories',
      'Promo codes': '/promos',
      'Media library': '/media',
      'Payment groups': '/payment-groups',
      Pages: '/pages',
      Feeds: '/feeds',
      'Theme editor': '/themes',
      Numbers: '/messenger/numbers',
      'Messenger console': '/messenger/console',
      Users: '/users',
      'My profile': '/profile',
      Organisation: '/settings#organisation',
    };
    for (const [label, to] of Object.entries(before)) expect(links.get(label), label).toBe(to);
  });

  it('names each section once and keeps labels unique, so every link has its own accessible name', () => {
    const labels = navLinks(navigation).map((link) => link.label);
    expect(new Set(labels).size).toBe(labels.length);
    const sections = navigation.filter(isSection).map((section) => section.label);
    expect(sections).toEqual(['Giving', 'People', 'Fundraising', 'Store', 'Website']);
    for (const section of sections) expect(labels).not.toContain(section);
  });

  it('drops what the user may not use, and a section left empty', () => {
    const seen = visibleNavigation(navigation, { user: user(['order.view']), flags: full });
    expect(seen.map((entry) => entry.label)).toEqual(['Home', 'Giving', 'Staff']);
    const giving = seen.find(isSection);
    expect(giving?.children.map((item) => item.label)).toEqual(['Contributions']);
    const staff = seen.find(isGroup);
    expect(staff?.children.map((link) => link.label)).toEqual(['My profile']);
  });

  it('follows the edition: Fundraise leaves Fundraising in the express edition', () => {
    const admin = { user: user([], true), flags: { ...full, express: true } };
    const fundraising = visibleNavigation(navigation, admin)
      .filter(isSection)
      .find((s) => s.section === 'fundraising');
    expect(fundraising?.children.map((item) => item.label)).toEqual(['Campaigns', 'Virtual Events']);
  });

  it('says which section holds the current page', () => {
    const people = navigation.filter(isSection).find((s) => s.section === 'people');
    expect(people && holdsActiveLink(people.children, at('/supporters/duplicates'))).toBe(true);
    expect(people && holdsActiveLink(people.children, at('/contributions/4'))).toBe(false);
    expect(isActiveLink('/supporters', at('/supporters/duplicates'))).toBe(false);
    expect(isActiveLink('/supporters/duplicates', at('/supporters/duplicates'))).toBe(true);
  });
});
