import { Badge, Box, Button, Collapse, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconFilterOff } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

type Props = {
  /** How many filters are set: shown on the mobile button, and whether Reset shows. */
  active: number;
  onReset: () => void;
  children: ReactNode;
};

/** Mantine's `sm` breakpoint (768 px), where the mobile navigation collapses too. */
const DESKTOP = '(min-width: 48em)';

/**
 * A listing's filter form. On a desk it sits inline beside the search box; on a phone it folds
 * away behind a "Filters" button that counts what is set, so the table stays in view.
 */
export function FilterPanel({ active, onReset, children }: Props) {
  const isDesktop = useMediaQuery(DESKTOP, true, { getInitialValueInEffect: false });
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();

  const reset = active > 0 && (
    <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={onReset}>
      Reset filters
    </Button>
  );
  if (isDesktop) {
    return (
      <>
        {children}
        {reset}
      </>
    );
  }
  return (
    <Box w="100%">
      <Group gap="xs">
        <Button
          variant={opened ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          rightSection={active > 0 ? <Badge size="sm" circle>{active}</Badge> : null}
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={panelId}
        >
          Filters
        </Button>
        {reset}
      </Group>
      <Collapse expanded={opened} id={panelId} keepMounted={false}>
        <Stack gap="sm" pt="sm">
          {children}
        </Stack>
      </Collapse>
    </Box>
  );
}

/** A filter value from the URL as one string (or nothing). */
export const one = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value || undefined;

/** A filter value from the URL as a list (one value comes back as a plain string). */
export const many = (value: string | string[] | undefined): string[] =>
  value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];

/** Filters that count as set (a from–to range counts once). */
export function countActive(values: Record<string, string | string[]>, ignore: string[] = []): number {
  const keys = Object.keys(values).filter((k) => !ignore.includes(k) && many(values[k]).length > 0);
  return keys.filter((k) => k !== 'to' || !keys.includes('from')).length;
}
