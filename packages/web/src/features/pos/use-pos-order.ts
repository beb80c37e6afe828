import { posMessages } from '@almoner/contracts';
import { useCallback, useRef, useState } from 'react';
import { alert } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { postOrder } from './api.ts';
import type { PosOrder } from './pos-types.ts';

/**
 * The open order of the point of sale. There is none until the first action; then it is created
 * on demand (spec §4) in the chosen currency, and every change answers the whole order, which
 * replaces what the screen shows.
 */
export function usePosOrder(initialCurrency: string) {
  const [order, setOrder] = useState<PosOrder | null>(null);
  const [currency, setCurrencyState] = useState(initialCurrency);
  const [busy, setBusy] = useState(false);
  // Two quick actions before the first answer must not start two orders.
  const starting = useRef<Promise<PosOrder | null> | null>(null);
  const current = useRef<PosOrder | null>(null);

  const apply = useCallback((next: PosOrder | null) => {
    current.current = next;
    setOrder(next);
  }, []);

  const ensureOrder = useCallback(async (): Promise<PosOrder | null> => {
    if (current.current) return current.current;
    starting.current ??= postOrder('/jpanel/pos/new', { currency_code: currency, using_web_pos: true })
      .then((answer) => {
        apply(answer.order);
        return answer.order;
      })
      .catch(() => {
        toast.error(posMessages.startFailed);
        return null;
      })
      .finally(() => {
        starting.current = null;
      });
    return starting.current;
  }, [apply, currency]);

  /** Runs one change on the order (created first when needed); answers whether it worked. */
  const change = useCallback(
    async (path: (id: number) => string, body: unknown, onError: (error: unknown) => void | Promise<void>): Promise<boolean> => {
      const open = await ensureOrder();
      if (!open) return false;
      setBusy(true);
      try {
        const answer = await postOrder(path(open.id), body);
        if (answer.order) apply(answer.order);
        return true;
      } catch (error) {
        await onError(error);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [apply, ensureOrder],
  );

  const update = useCallback(
    (fields: Record<string, unknown>, onError?: (error: unknown) => void) =>
      change((id) => `/jpanel/pos/${id}/update`, fields, onError ?? ((error) => toast.error(messageOf(error)))),
    [change],
  );

  const addItem = useCallback(
    (item: Record<string, unknown>) =>
      change((id) => `/jpanel/pos/${id}/add`, item, (error) =>
        error instanceof ApiError && error.status < 500
          ? alert({ title: posMessages.addError, message: error.message })
          : toast.error(posMessages.addFailed),
      ),
    [change],
  );

  const removeItem = useCallback(
    (itemId: number) =>
      change((id) => `/jpanel/pos/${id}/remove`, { order_item_id: itemId }, (error) =>
        alert({ title: posMessages.removeError, message: messageOf(error) }),
      ),
    [change],
  );

  /** A change whose errors belong to the form that made it (promo, sponsorship, fundraiser). */
  const submit = useCallback(
    (route: 'promos/apply' | 'add_by_child_reference' | 'add_by_fundraising_page', body: Record<string, unknown>, onError: (error: unknown) => void) =>
      change((id) => `/jpanel/pos/${id}/${route}`, body, onError),
    [change],
  );

  /** Currency switch: the open order is updated; a new order will start in it. */
  const setCurrency = useCallback(
    async (code: string) => {
      setCurrencyState(code);
      if (current.current) await update({ currency_code: code });
    },
    [update],
  );

  const clear = useCallback(() => apply(null), [apply]);

  return { order, currency, busy, ensureOrder, update, addItem, removeItem, submit, setCurrency, clear, replace: apply };
}

export type PosOrderState = ReturnType<typeof usePosOrder>;

export const messageOf = (error: unknown) => (error instanceof Error && error.message) || posMessages.paymentUnknownError;
