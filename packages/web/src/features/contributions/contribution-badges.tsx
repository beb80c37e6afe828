import { contributionNumber, contributionStatuses } from '@almoner/contracts';
import { Badge, Group, type MantineColor } from '@mantine/core';
import { PermittedLink } from '../../components/permitted-link.tsx';

const statusColor: Record<string, MantineColor> = {
  paid: 'teal',
  fulfilled: 'blue',
  unfulfilled: 'orange',
  pending: 'yellow',
  failed: 'red',
  refunded: 'gray',
  partially_refunded: 'grape',
  disputed: 'red',
  dispute_lost: 'dark',
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
 * A contribution named the way staff say it (`#2401`, contributionNumber) as a real link to its
 * page, so it also opens in a new tab. The invoice number shows on hover and on the page.
 */
export function ContributionLink({ id, invoice, size = 'sm' }: { id: number; invoice?: string | null; size?: 'xs' | 'sm' }) {
  const number = contributionNumber(id);
  // Dark text, like the app's other links on tinted ground: the theme's teal falls below 4.5:1
  // on a selected (teal) or hovered row.
  return (
    <PermittedLink
      permission="order.view"
      to={`/contributions/${id}`}
      size={size}
      ff="monospace"
      fw={600}
      c="dark.7"
      title={invoice ? `Invoice ${invoice}` : undefined}
      style={{ whiteSpace: 'nowrap' }}
      aria-label={`Contribution ${number}`}
    >
      {number}
    </PermittedLink>
  );
}
