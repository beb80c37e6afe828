import { Center, Loader, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The card every signed-out screen sits in (sign in, two-factor, forgot and reset password). */
export function AuthCard({ width = 380, children }: { width?: number; children: ReactNode }) {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w={width} maw="100%">
        {children}
      </Paper>
    </Center>
  );
}

/**
 * A signed link's page while its record loads, or when the link is refused (the server's message
 * as the page's heading): shared by the text-to-give gift page and the update-your-card page.
 */
export function LinkPageState({ query, loading }: { query: { isPending: boolean; isError: boolean; error: Error | null }; loading: string }) {
  if (query.isPending) {
    return (
      <AuthCard width={440}>
        <Loader aria-label={loading} />
      </AuthCard>
    );
  }
  return (
    <AuthCard width={440}>
      <Title order={1} size="h3">{query.error?.message}</Title>
    </AuthCard>
  );
}
