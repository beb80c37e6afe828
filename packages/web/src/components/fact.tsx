import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value on one line, as the detail modals list them; long values wrap anywhere. */
export function Fact({ label, children, labelWidth = 120 }: { label: string; children: ReactNode; labelWidth?: number }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={labelWidth} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
