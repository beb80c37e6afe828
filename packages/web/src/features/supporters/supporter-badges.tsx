import { Badge, type MantineColor } from '@mantine/core';

const recurringColor: Record<string, MantineColor> = { Active: 'teal', Suspended: 'yellow', Expired: 'yellow', Cancelled: 'red' };

/** A recurring profile's status: Active is green, Suspended/Expired a warning, Cancelled danger. */
export function RecurringBadge({ status }: { status: string }) {
  return (
    <Badge size="sm" variant="light" color={recurringColor[status] ?? 'gray'} miw="max-content">
      {status}
    </Badge>
  );
}
