import { Button, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { HiddenColumnHeader, RemoveRowCell } from './row-editing.tsx';
import { DragHandle, SortableList, useSortableRow } from './sortable-list.tsx';

type Keyed = { key: string };

/** What each row of a list staff edit in place gets from the list: its place, errors and changes. */
export type SortableRowProps<T> = {
  /** From 1, to name the row ("option 2"). */
  position: number;
  /** The row's error for one of its fields. */
  error: (field: string) => ReactNode;
  onChange: (change: Partial<T>) => void;
  onRemove: () => void;
};

/** The list with one row changed, found by its key. */
export function updateByKey<T extends Keyed>(items: T[], key: string, change: Partial<T>): T[] {
  return items.map((item) => (item.key === key ? { ...item, ...change } : item));
}

/** The button below a list of rows that adds a blank one. */
export function AddRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="light" w="fit-content" leftSection={<IconPlus size={16} />} onClick={onClick}>
      {label}
    </Button>
  );
}

type Props<T extends Keyed> = {
  items: T[];
  /** The headings of the row's own cells, between the drag handle's and the remove button's. */
  headers: ReactNode[];
  /**
   * The list's name in the form's errors: the error of row i's field f is keyed
   * `${errorsUnder}.${i}.${f}` ('options.0.amount'), the list's own error (none left) by the name.
   */
  errorsUnder: string;
  errors: Record<string, ReactNode>;
  addLabel: string;
  blank: () => T;
  onChange: (items: T[]) => void;
  renderRow: (item: T, row: SortableRowProps<T>) => ReactNode;
};

/**
 * A table of rows staff add, remove and drag into order (a payment group's options, a segment's
 * items): the handle and remove columns around the row's own cells, the Add button below, then
 * the list's own error. Each row renders a `SortableTableRow`.
 */
export function SortableTable<T extends Keyed>({
  items,
  headers,
  errorsUnder,
  errors,
  addLabel,
  blank,
  onChange,
  renderRow,
}: Props<T>) {
  const listError = errors[errorsUnder];
  return (
    <>
      <Stack gap="sm">
        <SortableList items={items} onReorder={onChange}>
          <Table withTableBorder verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <HiddenColumnHeader label="Order" w={40} />
                {headers.map((header, i) => (
                  <Table.Th key={i}>{header}</Table.Th>
                ))}
                <HiddenColumnHeader label="Remove" w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item, i) =>
                renderRow(item, {
                  position: i + 1,
                  error: (field) => errors[`${errorsUnder}.${i}.${field}`],
                  onChange: (change) => onChange(updateByKey(items, item.key, change)),
                  onRemove: () => onChange(items.filter((x) => x.key !== item.key)),
                }),
              )}
            </Table.Tbody>
          </Table>
        </SortableList>
        <AddRowButton label={addLabel} onClick={() => onChange([...items, blank()])} />
      </Stack>
      {listError && (
        <Text size="sm" c="red" mt="xs" role="alert">
          {listError}
        </Text>
      )}
    </>
  );
}

/** One row of a `SortableTable`, named for its handle and remove button ("option 2"). */
export function SortableTableRow({
  rowKey,
  name,
  testId,
  onRemove,
  children,
}: {
  rowKey: string;
  name: string;
  testId: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  const { setNodeRef, style, handleProps } = useSortableRow(rowKey);
  return (
    <Table.Tr ref={setNodeRef} style={style} data-testid={testId}>
      <Table.Td>
        <DragHandle label={`Move ${name}`} handleProps={handleProps} />
      </Table.Td>
      {children}
      <RemoveRowCell name={name} onRemove={onRemove} />
    </Table.Tr>
  );
}
