import { Center, Paper } from '@mantine/core';
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
