import type { ImportField, RowCheck } from '@almoner/contracts';
import { Group, Pagination, Switch, Table, Text, TextInput } from '@mantine/core';
import { memo, useMemo, useState } from 'react';

const PAGE_SIZE = 25;

type Props = {
  /** The mapped fields, each with the sheet column it reads. */
  columns: { field: ImportField; index: number }[];
  rows: string[][];
  checks: RowCheck[];
  onEdit: (row: number, column: number, value: string) => void;
};

/**
 * Every row with its cells editable in place; errors under the cell, warnings as its
 * description. Paged (25 a page), so a few thousand rows stay quick; the switch narrows the
 * list to the rows that would be rejected.
 */
export function RowsTable({ columns, rows, checks, onEdit }: Props) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);
  const shown = useMemo(() => rows.map((_, i) => i).filter((i) => !onlyErrors || Object.keys(checks[i]?.errors ?? {}).length > 0), [rows, checks, onlyErrors]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const slice = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const shownKeys = new Set(columns.map((c) => c.field.key));

  return (
    <>
      <Group justify="space-between">
        <Switch label="Only rows with errors" checked={onlyErrors} onChange={(e) => (setOnlyErrors(e.currentTarget.checked), setPage(1))} />
        <Pagination total={pages} value={current} onChange={setPage} size="sm" getControlProps={(c) => ({ 'aria-label': `${c} page` })} />
      </Group>
      <Table.ScrollContainer minWidth={Math.max(600, columns.length * 190 + 200)}>
        <Table verticalSpacing={4} withTableBorder withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>Row</Table.Th>
              {columns.map(({ field }) => (
                <Table.Th key={field.key} miw={170}>
                  {field.label}
                  {field.required && ' *'}
                </Table.Th>
              ))}
              <Table.Th miw={200}>Other problems</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {slice.map((i) => (
              <RowView key={i} rowIndex={i} row={rows[i] as string[]} check={checks[i] as RowCheck} columns={columns} shownKeys={shownKeys} onEdit={onEdit} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          No rows with errors.
        </Text>
      )}
    </>
  );
}

type RowProps = { rowIndex: number; row: string[]; check: RowCheck; columns: Props['columns']; shownKeys: Set<string>; onEdit: Props['onEdit'] };

/** One row; memoised so typing in a cell redraws that row only. */
const RowView = memo(function RowView({ rowIndex, row, check, columns, shownKeys, onEdit }: RowProps) {
  const others = Object.entries(check.errors).filter(([key]) => !shownKeys.has(key));
  return (
    <Table.Tr>
      <Table.Td>{rowIndex + 1}</Table.Td>
      {columns.map(({ field, index }) => (
        <Table.Td key={field.key} style={{ verticalAlign: 'top' }}>
          <TextInput
            size="xs"
            aria-label={`${field.label}, row ${rowIndex + 1}`}
            value={row[index] ?? ''}
            onChange={(e) => onEdit(rowIndex, index, e.currentTarget.value)}
            error={check.errors[field.key]?.join(' ')}
            description={check.warnings[field.key]?.join(' ')}
            inputWrapperOrder={['label', 'input', 'error', 'description']}
          />
        </Table.Td>
      ))}
      <Table.Td style={{ verticalAlign: 'top' }}>
        {others.map(([key, list]) => (
          <Text key={key} size="xs" c="red">
            {key}: {list.join(' ')}
          </Text>
        ))}
      </Table.Td>
    </Table.Tr>
  );
});
