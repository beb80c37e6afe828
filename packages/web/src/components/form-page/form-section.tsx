import { Paper, SimpleGrid, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** The card's heading ("Who they are", "Billing address"); a form's first card may go without. */
  title?: string;
  /** Lays the fields out in this many columns from a tablet's width up (one on a phone). */
  cols?: number;
  children: ReactNode;
};

/** One card of a form page's fields, titled or not, in one column or a grid. */
export function FormSection({ title, cols, children }: Props) {
  return (
    <Paper withBorder p="lg">
      {title && (
        <Title order={3} size="h4" mb="md">
          {title}
        </Title>
      )}
      {cols ? <SimpleGrid cols={{ base: 1, sm: cols }}>{children}</SimpleGrid> : children}
    </Paper>
  );
}
