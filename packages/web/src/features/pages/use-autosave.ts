import { PAGE_AUTOSAVE_MS, type PageInput } from '@almoner/contracts';
import { useEffect, useRef, useState } from 'react';
import { useAutosavePage } from './api.ts';

/**
 * Spec part 1 §4 "Page autosave": every 60 seconds while enabled, the form as it stands goes to
 * POST /jpanel/pages/autosave; the server keeps it as the page's draft revision.
 */
export function useAutosave(pageId: number | null, enabled: boolean, read: () => PageInput, onSaved: () => void) {
  const autosave = useAutosavePage();
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(null);
  const latest = useRef({ read, onSaved });
  latest.current = { read, onSaved };
  useEffect(() => {
    if (pageId === null || !enabled) return;
    const timer = window.setInterval(() => {
      autosave.mutate(
        { ...latest.current.read(), id: pageId },
        {
          onSuccess: (answer) => {
            if (!answer.saved) return;
            setLastSavedAt(new Date());
            latest.current.onSaved();
          },
        },
      );
    }, PAGE_AUTOSAVE_MS);
    return () => window.clearInterval(timer);
    // The mutation object changes every render; the timer only needs the page and the switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageId, enabled]);
  return { lastSavedAt, failed: autosave.isError };
}
