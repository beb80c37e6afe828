import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOrgToday } from './session.ts';

/**
 * Renders `children(today)` once the organisation's today is known (a loader until then), for
 * forms that take their starting values once, when they mount.
 */
export function WithOrgToday({ children }: { children: (today: string) => ReactNode }) {
  const today = useOrgToday();
  return today ? (
    children(today)
  ) : (
    <Center h={120}>
      <Loader size="sm" aria-label="Loading today's date" />
    </Center>
  );
}
