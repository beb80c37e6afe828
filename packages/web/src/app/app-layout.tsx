import { AppShell, Burger, Center, Group, Loader, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { useSession } from './session.ts';
import { UserMenu } from './user-menu.tsx';

export function AppLayout() {
  const session = useSession();
  const location = useLocation();
  const [opened, { toggle }] = useDisclosure();

  if (session.isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (session.error instanceof ApiError && session.error.status === 401) {
    const back = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${back}`} replace />;
  }
  if (!session.data) return <Center h="100vh">{session.error?.message}</Center>;

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Title order={4}>Almoner</Title>
            <Text c="dimmed" size="sm" visibleFrom="sm">
              {session.data.org_name}
            </Text>
          </Group>
          <UserMenu user={session.data.user} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" />
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
