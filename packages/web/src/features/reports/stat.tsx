import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One headline figure of a report: its label, the figure, and an optional line under it. */
export function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text component="div" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" size="xl" fw={600}>
        {value}
      </Text>
      {note && (
        <Text component="div" size="sm" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}
