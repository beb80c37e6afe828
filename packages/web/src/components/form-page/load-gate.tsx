import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../../features/users/load-error-alert.tsx';

type Loadable = { isPending: boolean; data?: unknown; error: Error | null };

/**
 * What a form page shows before its form: a loader while any query it waits for loads, then the
 * first failure among those it cannot do without; null once the form can show. A query the page
 * can do without (a default it falls back on) goes in `alsoWaitFor`. Pass only enabled queries:
 * a disabled one (the record of a new form) stays pending.
 */
export function loadingOrFailed(needed: Loadable[], alsoWaitFor: Loadable[] = []): ReactNode {
  if ([...needed, ...alsoWaitFor].some((query) => query.isPending)) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const failed = needed.find((query) => !query.data);
  return failed ? <LoadErrorAlert error={failed.error} /> : null;
}
