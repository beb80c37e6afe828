import {
  AppShell,
  Badge,
  Box,
  Burger,
  Center,
  Group,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { FlashBanner } from '../components/flash.tsx';
import { ApiError } from '../lib/api.ts';
import { navigation, visibleNavigation } from './navigation.ts';
import { PageLoader } from './preloader.tsx';
import { useSession } from './session.ts';
import { Sidebar } from './sidebar.tsx';
import { MOBILE_NAV_BREAKPOINT } from './theme.ts';
import { LazyUserMenu } from './lazy-user-menu.tsx';

const NAV_ID = 'main-navigation';

export function AppLayout() {
  const session = useSession();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  const entries = useMemo(
    () =>
      session.data
        ? visibleNavigation(navigation, { user: session.data.user, flags: session.data.flags })
        : [],
    [session.data],
  );

  // The mobile menu closes once the user has gone somewhere, and on Escape.
  useEffect(close, [location.pathname, location.hash, close]);
  useHotkeys([['Escape', close]], []);

  if (session.isPending) return <PageLoader />;
  if (session.error instanceof ApiError && session.error.status === 401) {
    const back = encodeURIComponent(location.pathname + location.search + location.hash);
    return <Navigate to={`/login?redirect=${back}`} replace />;
  }
  if (!session.data) return <Center h="100vh">{session.error?.message}</Center>;
  const { flags, org_name: orgName, user } = session.data;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: MOBILE_NAV_BREAKPOINT, collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom={MOBILE_NAV_BREAKPOINT}
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
              aria-controls={NAV_ID}
            />
            <UnstyledButton component={Link} to="/" aria-label="Almoner home">
              <Group gap={8} wrap="nowrap">
                <ThemeIcon color="teal" radius="md" size={30} aria-hidden>
                  <IconHeartHandshake size={18} />
                </ThemeIcon>
                <Title order={4} component="span">
                  Almoner
                </Title>
              </Group>
            </UnstyledButton>
            <Text
              c="dimmed"
              size="sm"
              truncate
              visibleFrom={MOBILE_NAV_BREAKPOINT}
              pl="xs"
              style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}
            >
              {orgName}
            </Text>
          </Group>
          <LazyUserMenu user={user} />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id={NAV_ID} aria-label="Main navigation" p="sm">
        <Sidebar entries={entries} />
        <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Box px="xs">
            <Text size="xs" c="dimmed" truncate hiddenFrom={MOBILE_NAV_BREAKPOINT} mb={4}>
              {orgName}
            </Text>
            <Group gap={6}>
              <Badge variant="light" color={flags.express ? 'gray' : 'teal'} size="sm">
                {flags.express ? 'Express edition' : 'Full edition'}
              </Badge>
              {flags.dp && (
                <Badge variant="light" color="grape" size="sm">
                  Donor CRM
                </Badge>
              )}
            </Group>
          </Box>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        {/* Up to a wide 1800 px: listings use the width of the screen they are on. */}
        <Box maw={1800} mx="auto">
          <FlashBanner />
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
