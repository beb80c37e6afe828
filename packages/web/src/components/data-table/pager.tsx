import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

const number = new Intl.NumberFormat('en-US');

type Props = { page: number; pageSize: number; shown: number; total: number; capped: boolean; onPage: (page: number) => void };

/**
 * Sticky paging controls. Past the count cap the total is a lower bound ("10,000+"), so the
 * last page is unknown and Next stays available while pages come back full.
 */
export function Pager({ page, pageSize, shown, total, capped, onPage }: Props) {
  const from = shown ? (page - 1) * pageSize + 1 : 0;
  const to = (page - 1) * pageSize + shown;
  const lastPage = capped ? null : Math.max(1, Math.ceil(total / pageSize));
  const hasNext = lastPage === null ? shown === pageSize : page < lastPage;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {shown ? `${number.format(from)}–${number.format(to)} of ${number.format(total)}${capped ? '+' : ''}` : 'No rows'}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Text size="sm" miw={70} ta="center">
          Page {number.format(page)}
          {lastPage ? ` of ${number.format(lastPage)}` : ''}
        </Text>
        <Button variant="default" size="xs" rightSection={<IconChevronRight size={14} />} disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
