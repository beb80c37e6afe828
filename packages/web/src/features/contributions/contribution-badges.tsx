import { contributionStatuses } from '@almoner/contracts';
import { Badge, Group, type MantineColor, Text } from '@mantine/core';

const statusColor: Record<string, MantineColor> = {
  paid: 'teal',
  fulfilled: 'blue',
  unfulfilled: 'orange',
  pending: 'yellow',
  failed: 'red',
  refunded: 'gray',
  partially_refunded: 'grape',
  spam: 'red',
};

const statusLabel: Record<string, string> = {
  ...Object.fromEntries(contributionStatuses.map((s) => [s.value, s.label])),
  failed: 'Payment failed',
};

/** A contribution's status as a coloured badge (the listing's and the page's). */
export function ContributionStatusBadge({ status, size = 'sm' }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={statusColor[status] ?? 'gray'} variant="light" size={size} miw="max-content">
      {statusLabel[status] ?? status}
    </Badge>
  );
}

type Flags = { is_recurring?: unknown; is_pos?: unknown; is_test?: unknown };

/** The small "Recurring" / "POS" / "Test" tags next to an amount or a title. */
export function ContributionTags({ row, size = 'xs' }: { row: Flags; size?: 'xs' | 'sm' }) {
  const tags = [
    row.is_recurring === true && { label: 'Recurring', color: 'indigo' },
    row.is_pos === true && { label: 'POS', color: 'cyan' },
    row.is_test === true && { label: 'Test', color: 'orange' },
  ].filter((t): t is { label: string; color: string } => Boolean(t));
  if (tags.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {tags.map((t) => (
        <Badge key={t.label} size={size} color={t.color} variant="outline" radius="sm" miw="max-content">
          {t.label}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * "Contribution #…" the one way it is written everywhere (`formatContributionNumber`). In a
 * table it may break after its hyphens onto three short lines (15ch holds the longest part).
 */
export function ContributionNumber({ number, wrap = false }: { number: string; wrap?: boolean }) {
  return (
    <Text size="xs" ff="monospace" span style={wrap ? { display: 'inline-block', maxWidth: '15ch' } : { whiteSpace: 'nowrap' }}>
      {number}
    </Text>
  );
}
