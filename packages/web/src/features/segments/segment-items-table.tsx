import { ActionIcon, Button, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DragHandle, SortableList, useSortableRow } from '../../components/sortable-list.tsx';

export type ItemValues = { key: string; id?: number | undefined; name: string; summary: string; link: string };

let next = 0;
export const withKey = (i: Omit<ItemValues, 'key'>): ItemValues => ({ ...i, key: `item-${++next}` });
export const blankItem = (): ItemValues => withKey({ name: '', summary: '', link: '' });

type Props = {
  items: ItemValues[];
  errors: Record<string, string>;
  onChange: (items: ItemValues[]) => void;
};

/** The options of an option-list segment: added, removed and dragged into order. */
export function SegmentItemsTable({ items, errors, onChange }: Props) {
  const update = (key: string, change: Partial<ItemValues>) => onChange(items.map((i) => (i.key === key ? { ...i, ...change } : i)));
  return (
    <Stack gap="sm">
      <SortableList items={items} onReorder={onChange}>
        <Table withTableBorder verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <VisuallyHidden>Order</VisuallyHidden>
              </Table.Th>
              <Table.Th>Option</Table.Th>
              <Table.Th>Summary</Table.Th>
              <Table.Th>Link</Table.Th>
              <Table.Th w={40}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, i) => (
              <ItemRow
                key={item.key}
                item={item}
                position={i + 1}
                error={(f) => errors[`items.${i}.${f}`]}
                onChange={(change) => update(item.key, change)}
                onRemove={() => onChange(items.filter((x) => x.key !== item.key))}
              />
            ))}
          </Table.Tbody>
        </Table>
      </SortableList>
      <Button variant="light" w="fit-content" leftSection={<IconPlus size={16} />} onClick={() => onChange([...items, blankItem()])}>
        Add option
      </Button>
    </Stack>
  );
}

type RowProps = {
  item: ItemValues;
  position: number;
  error: (field: string) => string | undefined;
  onChange: (change: Partial<ItemValues>) => void;
  onRemove: () => void;
};

function ItemRow({ item, position, error, onChange, onRemove }: RowProps) {
  const { setNodeRef, style, handleProps } = useSortableRow(item.key);
  const name = `option ${position}`;
  return (
    <Table.Tr ref={setNodeRef} style={style} data-testid="segment-item-row">
      <Table.Td>
        <DragHandle label={`Move ${name}`} handleProps={handleProps} />
      </Table.Td>
      <Table.Td>
        <TextInput aria-label={`Name of ${name}`} maxLength={255} value={item.name} onChange={(e) => onChange({ name: e.currentTarget.value })} error={error('name')} />
      </Table.Td>
      <Table.Td>
        <TextInput aria-label={`Summary of ${name}`} maxLength={2500} value={item.summary} onChange={(e) => onChange({ summary: e.currentTarget.value })} error={error('summary')} />
      </Table.Td>
      <Table.Td>
        <TextInput aria-label={`Link of ${name}`} maxLength={2048} value={item.link} onChange={(e) => onChange({ link: e.currentTarget.value })} error={error('link')} />
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
