import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled card of a form page's fields ("Who they are", "Billing address"). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
