import { AppShell, ScrollArea, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useEffect, useRef, type CSSProperties } from 'react';
import { useLocation } from 'react-router';
import { holdsActiveLink, isGroup, isSection, type NavEntry, type NavItem } from './navigation.ts';
import { SidebarGroup, SidebarLink, SidebarSection } from './sidebar-items.tsx';
import { useActiveLinkInView } from './use-active-link-in-view.ts';

type OpenState = Record<string, boolean>;

/** Read on the first render, not after it: a collapsed section would otherwise open, then shut. */
const remembered = (key: string) => ({ key, defaultValue: {}, getInitialValueInEffect: false });

const list: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };

/** Air above each section, and a rule under the last one before Reports, Settings and Staff. */
function spacing(entries: NavEntry[], index: number): CSSProperties | undefined {
  const entry = entries[index];
  const previous = entries[index - 1];
  if (entry && isSection(entry)) return { marginTop: 'var(--mantine-spacing-xs)' };
  if (previous && isSection(previous)) {
    return {
      marginTop: 'var(--mantine-spacing-xs)',
      paddingTop: 'var(--mantine-spacing-xs)',
      borderTop: '1px solid var(--mantine-color-gray-2)',
    };
  }
  return undefined;
}

/**
 * The sidebar menu, scrolling on its own inside the navbar. Sections start open and groups start
 * closed; each remembers what the user chose. The section holding the current page opens when
 * the user arrives there, and the current item is scrolled into view.
 */
export function Sidebar({ entries }: { entries: NavEntry[] }) {
  const location = useLocation();
  const viewport = useRef<HTMLDivElement>(null);
  const { onSettled, onUserToggle } = useActiveLinkInView(viewport);
  const [openGroups, setOpenGroups] = useLocalStorage<OpenState>(remembered('almoner.nav.groups'));
  const [openSections, setOpenSections] = useLocalStorage<OpenState>(
    remembered('almoner.nav.sections'),
  );

  // Arriving at a page opens its section even if the user had collapsed it, so they always see
  // where they are; they can close it again while there (its heading is then lit).
  const currentSection = entries
    .filter(isSection)
    .find((section) => holdsActiveLink(section.children, location))?.section;
  useEffect(() => {
    if (!currentSection) return;
    setOpenSections((open) =>
      open[currentSection] === false ? { ...open, [currentSection]: true } : open,
    );
  }, [currentSection, location.pathname, location.hash, setOpenSections]);

  const toggler = (set: typeof setOpenGroups, id: string, opened: boolean) => () => {
    onUserToggle();
    set((open) => ({ ...open, [id]: !opened }));
  };

  const renderItem = (item: NavItem) => {
    if (!isGroup(item)) return <SidebarLink entry={item} />;
    const opened = openGroups[item.group] ?? holdsActiveLink([item], location);
    const onToggle = toggler(setOpenGroups, item.group, opened);
    return <SidebarGroup entry={item} opened={opened} onToggle={onToggle} onSettled={onSettled} />;
  };

  return (
    <AppShell.Section grow component={ScrollArea} type="scroll" viewportRef={viewport}>
      <Stack gap={2} component="ul" style={list}>
        {entries.map((entry, index) => {
          const key = isSection(entry) ? entry.section : isGroup(entry) ? entry.group : entry.to;
          if (!isSection(entry)) {
            return (
              <li key={key} style={spacing(entries, index)}>
                {renderItem(entry)}
              </li>
            );
          }
          const opened = openSections[entry.section] ?? true;
          return (
            <li key={key} style={spacing(entries, index)}>
              <SidebarSection
                entry={entry}
                opened={opened}
                onToggle={toggler(setOpenSections, entry.section, opened)}
                onSettled={onSettled}
                renderItem={renderItem}
              />
            </li>
          );
        })}
      </Stack>
    </AppShell.Section>
  );
}
