import { canManageSystem, hasPermission, type CurrentUser, type EditionFlags } from '@almoner/contracts';
import {
  IconBroadcast,
  IconBuilding,
  IconClockPlay,
  IconHistory,
  IconListDetails,
  IconMail,
  IconPackage,
  IconCreditCard,
  IconCashRegister,
  IconStack2,
  IconDiscount,
  IconCategory,
  IconFolders,
  IconHome,
  IconIdBadge2,
  IconCalendarDue,
  IconReceipt,
  IconFileCertificate,
  IconSettings,
  IconCurrencyDollar,
  IconChartBar,
  IconReceiptTax,
  IconTruckDelivery,
  IconSparkles,
  IconWallet,
  IconPlugConnected,
  IconFileInvoice,
  IconUserHeart,
  IconHeartHandshake,
  IconUserCircle,
  IconShieldLock,
  IconUsers,
  IconUsersGroup,
  IconUsersPlus,
  IconTemplate,
  IconWebhook,
  IconFileImport,
  IconRepeat,
  IconFlower,
  IconSpeakerphone,
  IconMessageCircle,
  IconFileText,
  IconRss,
  IconCode,
  type Icon,
  IconPhoto,
  IconChecklist,
  IconTargetArrow,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { MyTasksBadge } from '../features/tasks/my-tasks-badge.tsx';
import { reportLinks } from '../features/reports/report-links.ts';

/**
 * The sidebar, in one place. Only areas that exist get an entry, so there are no dead links:
 * an area adds its entry here when its routes land. An entry can need a permission and/or an
 * edition flag; entries the user cannot use are not shown, and a group or section with nothing
 * left in it disappears.
 */
export type NavLinkEntry = {
  label: string;
  /** A router path (no /jpanel prefix), optionally with a #hash (a settings tab). */
  to: string;
  icon?: Icon;
  permission?: string;
  /** Shown only when this returns true for the organisation's edition flags. */
  edition?: (flags: EditionFlags) => boolean;
  /** A rule from contracts the server checks too (e.g. account administrators only). */
  rule?: (user: CurrentUser) => boolean;
  /** A count shown at the row's end (the user's open tasks). */
  badge?: ComponentType;
};

export type NavGroupEntry = {
  /** Remembers the group's open/closed state under this id. */
  group: string;
  label: string;
  icon: Icon;
  permission?: string;
  edition?: (flags: EditionFlags) => boolean;
  children: NavLinkEntry[];
};

export type NavItem = NavLinkEntry | NavGroupEntry;

/**
 * A plainly named part of the sidebar (Giving, People …): twenty links in one flat list pushed
 * Reports, Settings and Staff below the fold at 900 px (issue 41). Open unless the user
 * collapsed it; remembered under `section` beside the groups' state.
 */
export type NavSectionEntry = {
  section: string;
  label: string;
  children: NavItem[];
};

export type NavEntry = NavItem | NavSectionEntry;

export const navigation: NavEntry[] = [
  { label: 'Home', to: '/', icon: IconHome },
  {
    section: 'giving',
    label: 'Giving',
    children: [
      { label: 'Contributions', to: '/contributions', icon: IconReceipt, permission: 'order.view' },
      { label: 'Recurring payments', to: '/recurring-payments', icon: IconRepeat, permission: 'recurringpaymentprofile.view' },
      { label: 'Point of sale', to: '/pos', icon: IconCashRegister, permission: 'pos.edit' },
      { label: 'Gift batches', to: '/batches', icon: IconStack2, permission: 'pos.edit' },
      { label: 'Tax receipts', to: '/tax-receipts', icon: IconFileCertificate, permission: 'taxreceipt.view' },
      { label: 'Tributes', to: '/tributes', icon: IconFlower, permission: 'tribute.view' },
      { label: 'Payment groups', to: '/payment-groups', icon: IconCreditCard, permission: 'paymentoption.edit' },
      {
        group: 'messenger',
        label: 'Text-to-give',
        icon: IconMessageCircle,
        permission: 'messenger.edit',
        children: [
          { label: 'Numbers', to: '/messenger/numbers' },
          { label: 'Messenger console', to: '/messenger/console' },
        ],
      },
    ],
  },
  {
    section: 'people',
    label: 'People',
    children: [
      { label: 'Supporters', to: '/supporters', icon: IconUserHeart, permission: 'member.view' },
      { label: 'My tasks', to: '/tasks', icon: IconChecklist, permission: 'member.view', badge: MyTasksBadge },
      { label: 'Duplicate supporters', to: '/supporters/duplicates', icon: IconUsersPlus, permission: 'member.merge' },
      { label: 'Segments', to: '/segments', icon: IconCategory, permission: 'segment.edit' },
      { label: 'Membership renewals', to: '/memberships/renewals', icon: IconCalendarDue, permission: 'member.view' },
      { label: 'Sponsorships', to: '/sponsorships', icon: IconHeartHandshake, permission: 'sponsorship.view' },
      { label: 'Sponsors', to: '/sponsors', icon: IconUsersGroup, permission: 'sponsorship.view' },
    ],
  },
  {
    section: 'fundraising',
    label: 'Fundraising',
    children: [
      { label: 'Campaigns', to: '/campaigns', icon: IconTargetArrow, permission: 'campaign.view' },
      { label: 'Fundraise', to: '/fundraise/pages', icon: IconSpeakerphone, permission: 'fundraisingpages.edit', edition: (flags) => !flags.express },
      { label: 'Virtual Events', to: '/virtual-events', icon: IconBroadcast, permission: 'virtualevents.view' },
    ],
  },
  {
    section: 'store',
    label: 'Store',
    children: [
      { label: 'Products', to: '/products', icon: IconPackage, permission: 'product.view' },
      { label: 'Product categories', to: '/categories', icon: IconFolders, permission: 'productcategory.edit' },
      { label: 'Promo codes', to: '/promos', icon: IconDiscount, permission: 'promocode.edit' },
    ],
  },
  {
    section: 'website',
    label: 'Website',
    children: [
      { label: 'Pages', to: '/pages', icon: IconFileText, permission: 'node.view' },
      { label: 'Feeds', to: '/feeds', icon: IconRss, permission: 'post.view' },
      { label: 'Media library', to: '/media', icon: IconPhoto, permission: 'file.view' },
      { label: 'Theme editor', to: '/themes', icon: IconCode, permission: 'template.edit' },
    ],
  },
  {
    group: 'reports',
    label: 'Reports',
    icon: IconChartBar,
    children: reportLinks.map(({ label, to, permission }) => ({ label, to, permission })),
  },
  {
    group: 'settings',
    label: 'Settings',
    icon: IconSettings,
    permission: 'admin.general',
    children: [
      { label: 'Organisation', to: '/settings#organisation', icon: IconBuilding },
      { label: 'Editions & features', to: '/settings#editions', icon: IconSparkles },
      { label: 'Exchange rates', to: '/settings/exchange-rates', icon: IconCurrencyDollar, permission: 'admin.payments' },
      { label: 'Payment providers', to: '/settings/payment-providers', icon: IconWallet, permission: 'admin.payments' },
      { label: 'Data sync', to: '/settings/data-sync', icon: IconPlugConnected, permission: 'admin.general' },
      { label: 'Billing', to: '/settings/billing', icon: IconFileInvoice, permission: 'admin.billing' },
      { label: 'Taxes', to: '/settings/taxes', icon: IconReceiptTax, permission: 'admin.general' },
      { label: 'Tribute types', to: '/tribute-types', icon: IconFlower, permission: 'tributetype.edit' },
      { label: 'Membership levels', to: '/membership-levels', icon: IconIdBadge2, permission: 'admin.general' },
      { label: 'Shipping', to: '/settings/shipping', icon: IconTruckDelivery, permission: 'admin.general' },
      { label: 'Background jobs', to: '/jobs', icon: IconClockPlay, rule: canManageSystem },
      { label: 'Mail outbox', to: '/mail', icon: IconMail, rule: canManageSystem },
      { label: 'Log viewer', to: '/logs', icon: IconListDetails, rule: canManageSystem },
      { label: 'Mail templates', to: '/settings/mail-templates', icon: IconTemplate, permission: 'admin.general' },
      { label: 'Webhooks', to: '/settings/hooks', icon: IconWebhook, permission: 'hooks.edit' },
      { label: 'Imports', to: '/imports', icon: IconFileImport, permission: 'imports.edit' },
    ],
  },
  {
    group: 'staff',
    label: 'Staff',
    icon: IconUsersGroup,
    children: [
      { label: 'Users', to: '/users', icon: IconUsers, permission: 'user.view' },
      { label: 'Roles', to: '/users/roles', icon: IconShieldLock, permission: 'user.view' },
      { label: 'Audit log', to: '/audit', icon: IconHistory, permission: 'audit.view' },
      { label: 'My profile', to: '/profile', icon: IconUserCircle },
    ],
  },
];

export const isGroup = (entry: NavEntry): entry is NavGroupEntry => 'group' in entry;
export const isSection = (entry: NavEntry): entry is NavSectionEntry => 'section' in entry;

/** Every link, in sections and groups too, in sidebar order. */
export function navLinks(entries: NavEntry[]): NavLinkEntry[] {
  return entries.flatMap((entry) => {
    if (isSection(entry)) return navLinks(entry.children);
    return isGroup(entry) ? entry.children : [entry];
  });
}

type Viewer = { user: CurrentUser; flags: EditionFlags };

function allowed(
  entry: { permission?: string; edition?: (flags: EditionFlags) => boolean; rule?: (user: CurrentUser) => boolean },
  { user, flags }: Viewer,
) {
  return (
    (!entry.permission || hasPermission(user, entry.permission)) &&
    (!entry.rule || entry.rule(user)) &&
    (!entry.edition || entry.edition(flags))
  );
}

function visibleItems(items: NavItem[], viewer: Viewer): NavItem[] {
  return items.flatMap((item): NavItem[] => {
    if (!allowed(item, viewer)) return [];
    if (!isGroup(item)) return [item];
    const children = item.children.filter((child) => allowed(child, viewer));
    return children.length ? [{ ...item, children }] : [];
  });
}

/** The entries this user may see; groups and sections keep only their visible children. */
export function visibleNavigation(entries: NavEntry[], viewer: Viewer): NavEntry[] {
  return entries.flatMap((entry): NavEntry[] => {
    if (!isSection(entry)) return visibleItems([entry], viewer);
    const children = visibleItems(entry.children, viewer);
    return children.length ? [{ ...entry, children }] : [];
  });
}

/**
 * Whether a link is the current page. Home matches only itself; other links match their
 * sub-pages (/users/5 keeps Users lit); a link with a #hash matches only that tab.
 */
export function isActiveLink(to: string, location: { pathname: string; hash: string }): boolean {
  const [path = '/', hash] = to.split('#');
  if (hash !== undefined) return location.pathname === path && location.hash === `#${hash}`;
  if (path === '/') return location.pathname === '/';
  const under = (p: string) => location.pathname === p || location.pathname.startsWith(`${p}/`);
  // A deeper entry of its own (Duplicate supporters under Supporters) lights instead of its parent.
  return under(path) && !linkPaths().some((other) => other.length > path.length && other.startsWith(`${path}/`) && under(other));
}

/** Whether any link in these entries (sections and groups included) is the current page. */
export function holdsActiveLink(entries: NavEntry[], location: { pathname: string; hash: string }): boolean {
  return navLinks(entries).some((link) => isActiveLink(link.to, location));
}

/** Every link's path (without #hash). */
const linkPaths = () => navLinks(navigation).map((e) => e.to.split('#')[0] ?? e.to);
