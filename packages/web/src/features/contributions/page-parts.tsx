import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A titled card; every section of the contribution and supporter pages uses it. */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={4}>{title}</Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** A label over a value, for the side panels. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Back to the list a record page came from. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="dimmed" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}
