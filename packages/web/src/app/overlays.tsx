import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from './idle.ts';

/**
 * The modal manager and the toast container, mounted once the first screen is up (when the
 * browser is idle) or as soon as something needs them, whichever comes first. Neither shows
 * anything on a first screen, so their code (modal, focus trap, scroll lock, transitions) stays
 * out of the JavaScript that screen waits for.
 */
const OverlayHosts = lazy(async () => ({ default: (await import('./overlay-hosts.tsx')).OverlayHosts }));

let requested = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => (markReady = resolve));

function request() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/** Resolves once modals can open (`modals.open` events are heard); loads them if need be. */
export function overlaysReady(): Promise<void> {
  request();
  return ready;
}

/** Asks for the toast container; toasts shown meanwhile wait in their store and appear with it. */
export const requestOverlays = request;

export function Overlays() {
  const [wanted, setWanted] = useState(requested);
  useEffect(() => {
    const start = () => setWanted(true);
    listeners.add(start);
    if (requested) start();
    const cancel = whenIdle(request);
    return () => {
      listeners.delete(start);
      cancel();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OverlayHosts onReady={markReady} />
    </Suspense>
  );
}
