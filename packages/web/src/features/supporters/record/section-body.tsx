import { Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../../users/load-error-alert.tsx';

type Props<T> = {
  query: { isPending: boolean; error: Error | null; data: T | undefined };
  /** What is loading, for the spinner's label ("Loading gifts"). */
  loading: string;
  /** Words for a list with nothing in it. */
  empty: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
};

/** A section's three states before its rows: loading, could not load, nothing yet (in words). */
export function SectionBody<T>({ query, loading, empty, isEmpty, children }: Props<T>) {
  if (query.isPending) {
    return (
      <Center h={60}>
        <Loader size="sm" aria-label={loading} />
      </Center>
    );
  }
  if (query.error) return <LoadErrorAlert error={query.error} />;
  if (query.data === undefined) return null;
  if (isEmpty(query.data)) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return children(query.data);
}
