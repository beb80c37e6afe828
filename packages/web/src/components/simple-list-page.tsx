import { Anchor, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../features/users/load-error-alert.tsx';
import { ListTable, type ListTableColumn } from './data-table/list-table.tsx';

export type SimpleColumn<T> = ListTableColumn<T>;

type Props<T extends { id: number }> = {
  title: string;
  description?: ReactNode;
  /** The "Add …" button: where it goes and what it says. */
  add?: { to: string; label: string };
  query: { isPending: boolean; error: Error | null; data?: { data: T[] } | undefined };
  /** The rows in display order; the query's own order when absent. */
  rows?: T[];
  columns: SimpleColumn<T>[];
  /** What the table says with no rows ("No taxes yet."). */
  empty: string;
  maw?: number;
  /** Where a row opens, when the whole row is a link to its record. */
  rowHref?: (row: T) => string;
};

/**
 * A settings-style list of a small table (a few dozen rows, no paging): title, optional
 * description, an Add button, then loading, the load error, or the table with its empty row.
 * The first column usually links to the row's form (see `RowLink`).
 */
export function SimpleListPage<T extends { id: number }>({
  title,
  description,
  add,
  query,
  rows,
  columns,
  empty,
  maw = 900,
  rowHref,
}: Props<T>) {
  const shown = rows ?? query.data?.data ?? [];
  return (
    <Stack gap="lg" maw={maw}>
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={2}>{title}</Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {add && (
          <Button component={Link} to={add.to} leftSection={<IconPlus size={16} />}>
            {add.label}
          </Button>
        )}
      </Group>
      {query.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {query.error && <LoadErrorAlert error={query.error} />}
      {query.data && <ListTable columns={columns} rows={shown} empty={empty} label={title} {...(rowHref ? { rowHref } : {})} />}
    </Stack>
  );
}

/**
 * A list page of records kept under one path, said once: its words, where a record is added
 * (`${path}/new`, "Add ${noun}") and where each opens (`${path}/${id}`).
 */
export type RecordList = {
  title: string;
  description?: ReactNode;
  path: string;
  /** One record, as the Add button names it ("tax"). */
  noun: string;
  maw?: number;
};

/** A `SimpleListPage` of a `RecordList`: its Add button and its empty line ("No taxes yet."). */
export function RecordListPage<T extends { id: number }>({
  list: { title, description, path, noun, maw },
  query,
  columns,
}: {
  list: RecordList;
  query: Props<T>['query'];
  columns: SimpleColumn<T>[];
}) {
  return (
    <SimpleListPage
      title={title}
      description={description}
      add={{ to: `${path}/new`, label: `Add ${noun}` }}
      query={query}
      maw={maw}
      empty={`No ${title.toLowerCase()} yet.`}
      columns={columns}
    />
  );
}

type RowLinkProps = {
  to: string;
  children: ReactNode;
  mono?: boolean;
  breakAll?: boolean;
  /** A word beside the link about the record ("Not offered"); none when falsy. */
  badge?: string | false | null;
  /** A line under the link (a tax's description); none when empty. */
  note?: string | null;
};

/** A record list's first column: the record's name, linked to its form (with RowLink's extras). */
export function recordLink<T extends { id: number }>(
  list: RecordList,
  header: string,
  link: (row: T) => Omit<RowLinkProps, 'to' | 'children'> & { name: ReactNode },
): SimpleColumn<T> {
  return {
    header,
    cell: (row) => {
      const { name, ...extras } = link(row);
      return (
        <RowLink to={`${list.path}/${row.id}`} {...extras}>
          {name}
        </RowLink>
      );
    },
  };
}

/** The link from a row to its form. */
export function RowLink({ to, children, mono = false, breakAll = false, badge, note }: RowLinkProps) {
  return (
    <>
      <Anchor
        component={Link}
        to={to}
        fw={500}
        {...(mono ? { ff: 'monospace' } : {})}
        {...(breakAll ? { style: { wordBreak: 'break-all' } } : {})}
      >
        {children}
      </Anchor>
      {badge && (
        <Badge ml="xs" color="gray" variant="light">
          {badge}
        </Badge>
      )}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </>
  );
}
