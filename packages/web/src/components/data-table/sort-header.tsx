import type { ListingColumn } from '@almoner/contracts';
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { SortEntry } from './listing-state.ts';

type Props = { column: ListingColumn & { index: number }; order: SortEntry[]; onSort: (additive: boolean) => void };

/** Click sorts by this column; Shift+click adds it as a further sort (numbered when several). */
export function SortHeader({ column, order, onSort }: Props) {
  const position = order.findIndex((o) => o.column === column.index);
  const entry = order[position];
  if (!column.sortable) {
    return (
      <Table.Th ta={column.align ?? 'left'}>
        <Text size="sm" fw={600}>
          {column.label}
        </Text>
      </Table.Th>
    );
  }
  const Icon = !entry ? IconSelector : entry.dir === 'asc' ? IconArrowUp : IconArrowDown;
  const ariaSort = position === 0 && entry ? (entry.dir === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <Table.Th aria-sort={ariaSort} ta={column.align ?? 'left'}>
      <UnstyledButton onClick={(e) => onSort(e.shiftKey)} title="Click to sort; Shift+click to add to the sort">
        <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : 'flex-start'}>
          <Text size="sm" fw={600}>
            {column.label}
          </Text>
          <Icon size={14} opacity={entry ? 1 : 0.4} />
          {entry && order.length > 1 && (
            <Text size="xs" c="dimmed">
              {position + 1}
            </Text>
          )}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
