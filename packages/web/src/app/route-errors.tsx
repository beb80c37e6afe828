import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconMapPinOff } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useRouteError } from 'react-router';

type NoticeProps = { icon: ReactNode; title: string; children: ReactNode; actions: ReactNode };

function Notice({ icon, title, children, actions }: NoticeProps) {
  return (
    <Center py={64}>
      <Paper withBorder radius="md" p="xl" maw={520} w="100%">
        <Stack gap="md" align="flex-start">
          <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2}>{title}</Title>
          {children}
          <Group gap="sm">{actions}</Group>
        </Stack>
      </Paper>
    </Center>
  );
}

/** Any address the app does not know, shown inside the shell so the sidebar still leads on. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Notice
      icon={<IconMapPinOff size={24} />}
      title="Page not found"
      actions={
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      }
    >
      <Text>
        There is no page at <Text span fw={600}>/jpanel{pathname === '/' ? '' : pathname}</Text>. It may have moved, or
        the link may be mistyped. Use the menu to find what you were looking for.
      </Text>
    </Notice>
  );
}

/**
 * A page that failed while rendering or loading (a script error, or a part of the app that
 * could not be downloaded, e.g. after an update). Inside the shell when the page failed, on its
 * own when the shell itself did; either way the user can reload or go home.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    // The details are for whoever opens the console; the user gets plain words.
    console.error(error);
  }, [error]);
  return (
    <Notice
      icon={<IconAlertTriangle size={24} />}
      title="Something went wrong"
      actions={
        <>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
          {/* A plain link: a full load leaves the failed page's state behind. */}
          <Button component="a" href="/jpanel/" variant="default">
            Go to the home page
          </Button>
        </>
      }
    >
      <Text>This page stopped working because of an error in Almoner, not anything you did. Reloading usually fixes it; if it happens again, tell your administrator what you were doing.</Text>
    </Notice>
  );
}
