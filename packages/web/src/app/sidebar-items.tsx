import { Collapse, NavLink, Stack } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  holdsActiveLink,
  isActiveLink,
  isGroup,
  type NavGroupEntry,
  type NavItem,
  type NavLinkEntry,
  type NavSectionEntry,
} from './navigation.ts';

/** What a collapsible part of the sidebar needs from the sidebar that holds its state. */
export type Toggle = {
  opened: boolean;
  onToggle: () => void;
  /** Called once its panel has finished opening or closing. */
  onSettled: () => void;
};

/** NavLink's 8 px made rows of 40 px; 6 px keeps more of the grouped list on a 900 px screen. */
const ROW_PY = 6;
const roundedRoot = { root: { borderRadius: 'var(--mantine-radius-md)' } };

function Chevron({ opened }: { opened: boolean }) {
  return (
    <IconChevronRight
      size={14}
      aria-hidden
      style={{ transform: opened ? 'rotate(90deg)' : 'none', transition: 'transform 150ms ease' }}
    />
  );
}

export function SidebarLink({ entry, nested = false }: { entry: NavLinkEntry; nested?: boolean }) {
  const location = useLocation();
  const active = isActiveLink(entry.to, location);
  const Icon = entry.icon;
  const Badge = entry.badge;
  return (
    <NavLink
      component={Link}
      to={entry.to}
      label={entry.label}
      rightSection={Badge ? <Badge /> : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
      leftSection={Icon ? <Icon size={nested ? 16 : 18} stroke={1.6} aria-hidden /> : undefined}
      variant="light"
      styles={{
        ...roundedRoot,
        label: { fontSize: nested ? 'var(--mantine-font-size-sm)' : undefined },
      }}
      py={ROW_PY}
    />
  );
}

export function SidebarGroup({
  entry,
  opened,
  onToggle,
  onSettled,
}: { entry: NavGroupEntry } & Toggle) {
  const location = useLocation();
  const holdsActive = entry.children.some((child) => isActiveLink(child.to, location));
  const panelId = `nav-group-${entry.group}`;
  const Icon = entry.icon;
  return (
    <div>
      <NavLink
        component="button"
        type="button"
        label={entry.label}
        onClick={onToggle}
        aria-expanded={opened}
        aria-controls={panelId}
        // A closed group that holds the current page is lit, so the user still sees where they are.
        active={holdsActive && !opened}
        data-holds-current={(holdsActive && !opened) || undefined}
        variant="light"
        leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
        rightSection={<Chevron opened={opened} />}
        styles={roundedRoot}
        py={ROW_PY}
      />
      <Collapse expanded={opened} id={panelId} onTransitionEnd={onSettled}>
        <Stack
          gap={2}
          pl="md"
          mt={2}
          style={{ borderLeft: '1px solid var(--mantine-color-gray-3)', marginLeft: 20 }}
        >
          {entry.children.map((child) => (
            <SidebarLink key={child.to} entry={child} nested />
          ))}
        </Stack>
      </Collapse>
    </div>
  );
}

/**
 * A section: a small heading-like toggle over its links, a NavLink underneath so hover and focus
 * match the links'. Its links keep Home's indent: the heading, not a step in, says where they belong.
 */
export function SidebarSection({
  entry,
  opened,
  onToggle,
  onSettled,
  renderItem,
}: { entry: NavSectionEntry; renderItem: (item: NavItem) => ReactNode } & Toggle) {
  const location = useLocation();
  const lit = !opened && holdsActiveLink(entry.children, location);
  const panelId = `nav-section-${entry.section}`;
  const toggleId = `${panelId}-toggle`;
  return (
    <div>
      <NavLink
        component="button"
        type="button"
        id={toggleId}
        label={entry.label}
        onClick={onToggle}
        aria-expanded={opened}
        aria-controls={panelId}
        active={lit}
        data-holds-current={lit || undefined}
        variant="light"
        rightSection={<Chevron opened={opened} />}
        styles={{
          ...roundedRoot,
          label: {
            fontSize: 'var(--mantine-font-size-xs)',
            fontWeight: 600,
            letterSpacing: '0.02em',
            color: lit ? undefined : 'var(--mantine-color-dimmed)',
          },
        }}
        py={4}
      />
      <Collapse expanded={opened} id={panelId} onTransitionEnd={onSettled}>
        <Stack
          gap={2}
          component="ul"
          aria-labelledby={toggleId}
          style={{ listStyle: 'none', margin: 0, marginTop: 2, padding: 0 }}
        >
          {entry.children.map((item) => (
            <li key={isGroup(item) ? item.group : item.to}>{renderItem(item)}</li>
          ))}
        </Stack>
      </Collapse>
    </div>
  );
}
