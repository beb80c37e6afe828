import { PAGE_AUTOSAVE_MS, type PageInput } from '@almoner/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { useAutosavePage } from './api.ts';

/**
 * Spec part 1 §4 "Page autosave": every 60 seconds while enabled, the form as it stands goes to
 * POST /jpanel/pages/autosave; the server keeps it as the page's draft revision.
 */
export function useAutosave(
  pageId: number | null,
  enabled: boolean,
  read: () => PageInput,
  onSaved: () => void,
) {
  const autosave = useAutosavePage();
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(null);
  // Reads the form as it stands when the timer fires, without restarting the timer on each edit.
  const tick = useEffectEvent((id: number) => {
    autosave.mutate(
      { ...read(), id },
      {
        onSuccess: (answer) => {
          if (!answer.saved) return;
          setLastSavedAt(new Date());
          onSaved();
        },
      },
    );
  });
  useEffect(() => {
    if (pageId === null || !enabled) return;
    const timer = window.setInterval(() => tick(pageId), PAGE_AUTOSAVE_MS);
    return () => window.clearInterval(timer);
  }, [pageId, enabled]);
  return { lastSavedAt, failed: autosave.isError };
}
