import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** Spec part 3 §9: flash messages vanish after 3 s. */
export const FLASH_VISIBLE_MS = 3000;

export type FlashKind = 'success' | 'error' | 'info' | 'warning';
type Flash = { id: number; message: string; kind: FlashKind; survivesNavigation: boolean };

const STORAGE_KEY = 'almoner.flash';
let current: Flash | null = readStored();
let nextId = 1;
const listeners = new Set<() => void>();

function readStored(): Flash | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    return raw ? { ...(JSON.parse(raw) as Flash), id: 0, survivesNavigation: false } : null;
  } catch {
    return null;
  }
}

function set(flash: Flash | null) {
  current = flash;
  try {
    // Kept for one full page load too, so a redirect through the server still shows it.
    if (flash) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(flash));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage can be off; the in-memory flash still works
  }
  for (const listener of listeners) listener();
}

/**
 * A page-level message, as after a redirect: `flash('Supporter merged.', 'success');
 * navigate('/supporters')`. It shows at once, survives the next navigation, and vanishes
 * after 3 s on the page it lands on (or at the navigation after that).
 */
export function flash(message: string, kind: FlashKind = 'success'): void {
  set({ id: nextId++, message, kind, survivesNavigation: true });
}

export function clearFlash(): void {
  set(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const look = {
  success: { color: 'teal', icon: IconCheck },
  error: { color: 'red', icon: IconX },
  info: { color: 'blue', icon: IconInfoCircle },
  warning: { color: 'yellow', icon: IconAlertTriangle },
} as const;

/** Where flash messages appear: the top of the page content. */
export function FlashBanner() {
  const message = useSyncExternalStore(subscribe, () => current);
  const location = useLocation();
  const lastLocation = useRef(location.key);

  useEffect(() => {
    if (lastLocation.current === location.key) return;
    lastLocation.current = location.key;
    if (!current) return;
    if (current.survivesNavigation) set({ ...current, survivesNavigation: false });
    else set(null);
  }, [location.key]);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => {
      if (current?.id === message.id) set(null);
    }, FLASH_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [message, location.key]);

  if (!message) return null;
  const { color, icon: Icon } = look[message.kind];
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={18} aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={clearFlash}
      role={message.kind === 'error' ? 'alert' : 'status'}
      data-flash={message.kind}
      mb="md"
    >
      {message.message}
    </Alert>
  );
}
