import { Table, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  SortableTable,
  SortableTableRow,
  type SortableRowProps,
} from '../../components/sortable-table.tsx';

export type ItemValues = {
  key: string;
  id?: number | undefined;
  name: string;
  summary: string;
  link: string;
};

let next = 0;
export const withKey = (i: Omit<ItemValues, 'key'>): ItemValues => ({
  ...i,
  key: `item-${++next}`,
});
export const blankItem = (): ItemValues => withKey({ name: '', summary: '', link: '' });

type Props = {
  items: ItemValues[];
  errors: Record<string, ReactNode>;
  onChange: (items: ItemValues[]) => void;
};

/** The options of an option-list segment: added, removed and dragged into order. */
export function SegmentItemsTable({ items, errors, onChange }: Props) {
  return (
    <SortableTable
      items={items}
      headers={['Option', 'Summary', 'Link']}
      errorsUnder="items"
      errors={errors}
      addLabel="Add option"
      blank={blankItem}
      onChange={onChange}
      renderRow={(item, row) => <ItemRow key={item.key} item={item} {...row} />}
    />
  );
}

function ItemRow({
  item,
  position,
  error,
  onChange,
  onRemove,
}: SortableRowProps<ItemValues> & { item: ItemValues }) {
  const name = `option ${position}`;
  // One text cell per field, named for the row ("Summary of option 2").
  const cell = (field: 'name' | 'summary' | 'link', label: string, maxLength: number) => (
    <Table.Td>
      <TextInput
        aria-label={`${label} of ${name}`}
        maxLength={maxLength}
        value={item[field]}
        onChange={(e) => onChange({ [field]: e.currentTarget.value })}
        error={error(field)}
      />
    </Table.Td>
  );
  return (
    <SortableTableRow rowKey={item.key} name={name} testId="segment-item-row" onRemove={onRemove}>
      {cell('name', 'Name', 255)}
      {cell('summary', 'Summary', 2500)}
      {cell('link', 'Link', 2048)}
    </SortableTableRow>
  );
}
