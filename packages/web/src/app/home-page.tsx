import { upgradeFeatures } from '@almoner/contracts';
import {
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UpgradePrompt } from '../components/upgrade-prompt.tsx';
import { hasEdition, useEditionFlags } from './edition.ts';
import {
  isGroup,
  isSection,
  navigation,
  visibleNavigation,
  type NavGroupEntry,
  type NavLinkEntry,
} from './navigation.ts';
import { useSession } from './session.ts';

/** A group whose links are tabs of one page (Settings) is one shortcut to that page. */
function groupShortcuts(group: NavGroupEntry): NavLinkEntry[] {
  const tabs = group.children.every((child) => child.to.includes('#'));
  const paths = new Set(group.children.map((child) => child.to.split('#')[0]));
  const [path] = paths;
  return tabs && paths.size === 1 && path
    ? [{ label: group.label, to: path, icon: group.icon }]
    : group.children;
}

function Shortcut({ entry }: { entry: NavLinkEntry }) {
  const Icon = entry.icon;
  return (
    <UnstyledButton component={Link} to={entry.to} aria-label={entry.label}>
      <Paper withBorder p="md" radius="md" style={{ height: '100%' }}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {Icon && (
              <ThemeIcon variant="light" radius="md" size={34} aria-hidden>
                <Icon size={18} />
              </ThemeIcon>
            )}
            <Text fw={500}>{entry.label}</Text>
          </Group>
          <IconChevronRight size={16} color="var(--mantine-color-gray-5)" aria-hidden />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

function PlanCard() {
  const flags = useEditionFlags();
  const missingFull = !hasEdition(flags, 'full');
  const missingDp = !hasEdition(flags, 'dp');
  return (
    // Its own height, at the top of its column: stretched beside the shortcuts it was a 1,700 px box (issue 41).
    <Paper withBorder p="lg" radius="md" style={{ alignSelf: 'start' }}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Your plan
          </Title>
          <Group gap={6}>
            <Badge variant="light" color={flags.express ? 'gray' : 'teal'}>
              {flags.express ? 'Express edition' : upgradeFeatures.full}
            </Badge>
            {flags.dp && (
              <Badge variant="light" color="grape">
                Donor CRM
              </Badge>
            )}
          </Group>
        </Group>
        {missingFull && (
          <UpgradePrompt
            feature="full"
            title="Sponsorships, peer-to-peer fundraising and point of sale"
            description="The Express edition covers online giving. The full edition adds sponsorships, fundraising pages, the point-of-sale screen and every report."
          />
        )}
        {missingDp && (
          <UpgradePrompt
            feature="dp"
            title="Donor CRM sync"
            description="Keep supporters and gifts in step with your donor CRM, with donor and gift codes on every contribution."
          />
        )}
        {!missingFull && !missingDp && (
          <Text size="sm" c="dimmed">
            Your organisation has every edition: all areas and columns are available.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The welcome, then `children` (the dashboard, when the user may see it), then the plan and shortcuts. */
export function HomePage({ children }: { children?: ReactNode }) {
  const session = useSession();
  const data = session.data;
  const shortcuts = data
    ? visibleNavigation(navigation, { user: data.user, flags: data.flags })
        .flatMap((entry) => (isSection(entry) ? entry.children : [entry]))
        .flatMap((entry) => (isGroup(entry) ? groupShortcuts(entry) : [entry]))
        .filter((entry) => entry.to !== '/')
    : [];

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={2}>Welcome, {data?.user.first_name}</Title>
        <Text c="dimmed">{data?.org_name}</Text>
      </Stack>
      {children}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PlanCard />
        <Stack gap="sm">
          <Title order={3} size="h4">
            Go to
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {shortcuts.map((entry) => (
              <Shortcut key={entry.to} entry={entry} />
            ))}
          </SimpleGrid>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
