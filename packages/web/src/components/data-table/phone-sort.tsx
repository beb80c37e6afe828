import type { ListingColumn } from '@almoner/contracts';
import { Group, NativeSelect } from '@mantine/core';
import type { SortEntry } from './listing-state.ts';

type Props = {
  /** The shown columns with their index in the listing's column list. */
  columns: readonly (ListingColumn & { index: number })[];
  order: SortEntry[];
  onSort: (order: SortEntry[]) => void;
};

/**
 * A phone's cards have no column headings to click, so the sort is two labelled selects: the
 * column and its direction. Native selects: the phone's own picker, and usable from a keyboard.
 */
export function PhoneSort({ columns, order, onSort }: Props) {
  const sortable = columns.filter((c) => c.sortable);
  const lead = order[0];
  if (sortable.length === 0) return null;
  // The list's sort can be on a column the person hid: then no column reads as chosen.
  const shown = lead !== undefined && sortable.some((c) => c.index === lead.column);
  const dir = lead?.dir ?? 'desc';
  const options = sortable.map((c) => ({ value: String(c.index), label: c.label }));
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" data-phone-sort>
      <NativeSelect
        label="Sort by"
        size="xs"
        style={{ flex: 1 }}
        value={shown ? String(lead.column) : ''}
        data={shown ? options : [{ value: '', label: 'Default order', disabled: true }, ...options]}
        onChange={(e) => onSort([{ column: Number(e.currentTarget.value), dir }])}
      />
      <NativeSelect
        label="Direction"
        size="xs"
        value={dir}
        disabled={!shown}
        data={[
          { value: 'asc', label: 'Ascending' },
          { value: 'desc', label: 'Descending' },
        ]}
        onChange={(e) => shown && onSort([{ column: lead.column, dir: e.currentTarget.value as SortEntry['dir'] }])}
      />
    </Group>
  );
}
