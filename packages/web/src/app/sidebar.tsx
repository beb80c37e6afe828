import { Collapse, NavLink, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import {
  isActiveLink,
  isGroup,
  type NavGroupEntry,
  type NavLinkEntry,
  type NavEntry,
} from './navigation.ts';

type OpenGroups = Record<string, boolean>;

function SidebarLink({ entry, nested = false }: { entry: NavLinkEntry; nested?: boolean }) {
  const location = useLocation();
  const active = isActiveLink(entry.to, location);
  const Icon = entry.icon;
  return (
    <NavLink
      component={Link}
      to={entry.to}
      label={entry.label}
      active={active}
      aria-current={active ? 'page' : undefined}
      leftSection={Icon ? <Icon size={nested ? 16 : 18} stroke={1.6} aria-hidden /> : undefined}
      variant="light"
      styles={{
        root: { borderRadius: 'var(--mantine-radius-md)' },
        label: { fontSize: nested ? 'var(--mantine-font-size-sm)' : undefined },
      }}
      py={nested ? 6 : 8}
    />
  );
}

function SidebarGroup({
  entry,
  opened,
  onToggle,
}: {
  entry: NavGroupEntry;
  opened: boolean;
  onToggle: () => void;
}) {
  const location = useLocation();
  const containsActive = entry.children.some((child) => isActiveLink(child.to, location));
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
        active={containsActive && !opened}
        variant="light"
        leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
        rightSection={
          <IconChevronRight
            size={14}
            aria-hidden
            style={{
              transform: opened ? 'rotate(90deg)' : 'none',
              transition: 'transform 150ms ease',
            }}
          />
        }
        styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
        py={8}
      />
      <Collapse expanded={opened} id={panelId}>
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
 * The sidebar menu. Each group remembers whether the user opened or closed it; a group the user
 * never toggled starts open when it holds the current page.
 */
export function Sidebar({ entries }: { entries: NavEntry[] }) {
  const location = useLocation();
  const [openGroups, setOpenGroups] = useLocalStorage<OpenGroups>({
    key: 'almoner.nav.groups',
    defaultValue: {},
  });

  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {entries.map((entry) => {
        if (!isGroup(entry)) {
          return (
            <li key={entry.to}>
              <SidebarLink entry={entry} />
            </li>
          );
        }
        const containsActive = entry.children.some((child) => isActiveLink(child.to, location));
        const opened = openGroups[entry.group] ?? containsActive;
        return (
          <li key={entry.group}>
            <SidebarGroup
              entry={entry}
              opened={opened}
              onToggle={() => setOpenGroups((current) => ({ ...current, [entry.group]: !opened }))}
            />
          </li>
        );
      })}
    </Stack>
  );
}
