import { notifications, type NotificationData } from '@mantine/notifications';
import { createElement } from 'react';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { requestOverlays } from '../app/overlays.tsx';
import { ApiError } from '../lib/api.ts';

/**
 * Toast timings, spec part 1 §9: "Toast timeout 6000 ms (extended style 2500 ms); the other toast
 * style 5000 ms". The original used toastr, whose settings these words name:
 * - TIMEOUT (toastr `timeOut`): a standard toast stays 6000 ms.
 * - EXTENDED (toastr `extendedTimeOut`): hovering a toast pauses it; when the pointer leaves, it
 *   closes 2500 ms later instead of starting the full 6000 ms again.
 * - COMPACT ("the other toast style"): short, title-less acknowledgements ('Copied to
 *   clipboard.') shown at the bottom centre, for 5000 ms.
 */
export const TOAST_TIMEOUT_MS = 6000;
export const TOAST_EXTENDED_TIMEOUT_MS = 2500;
export const TOAST_COMPACT_TIMEOUT_MS = 5000;

export type ToastKind = 'success' | 'error' | 'info';
export type ToastOptions = { title?: string; style?: 'standard' | 'compact' };

const look = {
  success: { color: 'teal', icon: IconCheck },
  error: { color: 'red', icon: IconX },
  info: { color: 'blue', icon: IconInfoCircle },
} as const satisfies Record<ToastKind, unknown>;

function show(
  kind: ToastKind,
  message: string,
  { title, style = 'standard' }: ToastOptions = {},
): string {
  const id = `toast-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const compact = style === 'compact';
  const data: NotificationData = {
    id,
    message,
    title,
    color: look[kind].color,
    icon: createElement(look[kind].icon, { size: 18, 'aria-hidden': true }),
    withBorder: true,
    role: kind === 'error' ? 'alert' : 'status',
    autoClose: compact ? TOAST_COMPACT_TIMEOUT_MS : TOAST_TIMEOUT_MS,
    position: compact ? 'bottom-center' : undefined,
    'data-toast': kind,
    closeButtonProps: { 'aria-label': 'Dismiss' },
    // The container pauses a hovered toast; leaving it shortens what is left (toastr's extendedTimeOut).
    onPointerLeave: compact
      ? undefined
      : // The whole toast again: an update replaces it, and a partial one dropped the close button's name.
        () => notifications.update({ ...data, autoClose: TOAST_EXTENDED_TIMEOUT_MS }),
  };
  requestOverlays();
  return notifications.show(data);
}

/** The one way to show a toast: `toast.success('Saved')`, `toast.error(e.message)`. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  dismissAll: () => notifications.clean(),
};

/**
 * Runs a save and toasts its outcome: the server's message on success, its message on a refusal
 * it explained, else `failed`. Answers whether it succeeded.
 */
export async function toastOutcome(save: () => Promise<{ message: string }>, failed: string): Promise<boolean> {
  try {
    toast.success((await save()).message);
    return true;
  } catch (failure) {
    toast.error(failure instanceof ApiError ? failure.message : failed);
    return false;
  }
}
