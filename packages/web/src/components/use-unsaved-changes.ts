import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirm } from './dialogs.tsx';

/**
 * Navigation state that leaves a page without asking, for navigations the app makes itself
 * after the changes are saved or can no longer be saved (e.g. the session ended):
 * `navigate(to, { state: LEAVE_WITHOUT_ASKING })`.
 */
export const LEAVE_WITHOUT_ASKING = { leaveWithoutAsking: true } as const;

const leavesWithoutAsking = (state: unknown) =>
  typeof state === 'object' && state !== null && 'leaveWithoutAsking' in state;

/**
 * Asks before unsaved changes are lost. While `dirty`, leaving for another page (a link, the
 * sidebar, Back) asks first in the shared confirm dialog, whose focus is on "Stay on this page";
 * closing the tab or reloading gets the browser's own warning. Moving within the page (a tab
 * kept in the URL's hash or query) does not ask. Any form page: `useUnsavedChanges(form.isDirty())`.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && !leavesWithoutAsking(nextLocation.state),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let answered = false;
    void confirm({
      title: 'Leave without saving?',
      message: 'Your changes on this page have not been saved. If you leave now, they are lost.',
      confirmLabel: 'Leave without saving',
      cancelLabel: 'Stay on this page',
      danger: true,
    }).then((leave) => {
      if (answered) return;
      answered = true;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      answered = true;
    };
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
