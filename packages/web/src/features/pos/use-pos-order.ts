import { posMessages } from '@almoner/contracts';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { alert } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { api, ApiError } from '../../lib/api.ts';
import { postOrder } from './api.ts';
import type { PosAnswer, PosOrder } from './pos-types.ts';

const OPEN_ORDER_KEY = 'almoner.pos.open-order';

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
    if (next) sessionStorage.setItem(OPEN_ORDER_KEY, String(next.id));
    else sessionStorage.removeItem(OPEN_ORDER_KEY);
  }, []);

  useReloadedOrder(current, apply, setCurrencyState);

  const ensureOrder = useCallback(async (): Promise<PosOrder | null> => {
    if (current.current) return current.current;
    starting.current ??= postOrder('/jpanel/pos/new', {
      currency_code: currency,
      using_web_pos: true,
    })
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

  /** Runs one change on the order (created first when needed); throws what the server refused. */
  const send = useCallback(
    async (route: string, body: unknown): Promise<PosOrder> => {
      const open = await ensureOrder();
      if (!open) throw new Error(posMessages.startFailed);
      setBusy(true);
      try {
        const answer = await postOrder(`/jpanel/pos/${open.id}/${route}`, body);
        if (answer.order) apply(answer.order);
        return answer.order ?? open;
      } finally {
        setBusy(false);
      }
    },
    [apply, ensureOrder],
  );

  const { addItem, removeItem } = useItemActions(send);

  const update = useCallback((fields: Record<string, unknown>) => send('update', fields), [send]);

  /** Currency switch: the open order is updated; a new order will start in it. */
  const setCurrency = useCallback(
    async (code: string) => {
      setCurrencyState(code);
      if (current.current)
        await update({ currency_code: code }).catch((error: unknown) =>
          toast.error(messageOf(error)),
        );
    },
    [update],
  );

  const clear = useCallback(() => apply(null), [apply]);

  /** Puts an open sale back on the screen; the one shown before waits among the open sales. */
  const resume = useCallback(
    async (id: number) => {
      try {
        const answer = await api<PosAnswer>(`/jpanel/pos/order.json?id=${id}`);
        if (!answer.order || answer.order.is_paid) throw new Error(posMessages.orderPaid);
        apply(answer.order);
        setCurrencyState(answer.order.currency_code);
        toast.success(posMessages.openSaleResumed);
      } catch (error) {
        toast.error(messageOf(error));
      }
    },
    [apply],
  );

  return {
    order,
    currency,
    busy,
    ensureOrder,
    send,
    update,
    addItem,
    removeItem,
    setCurrency,
    clear,
    resume,
    replace: apply,
  };
}

export type PosOrderState = ReturnType<typeof usePosOrder>;

/** Adding and removing an item: a refusal is said in a dialog (the cashier must read it), an outage in a toast. */
function useItemActions(send: (route: string, body: unknown) => Promise<PosOrder>) {
  const addItem = useCallback(
    (item: Record<string, unknown>) =>
      send('add', item).then(
        () => true,
        async (error: unknown) => {
          if (error instanceof ApiError && error.status < 500)
            await alert({ title: posMessages.addError, message: error.message });
          else toast.error(posMessages.addFailed);
          return false;
        },
      ),
    [send],
  );

  const removeItem = useCallback(
    (itemId: number) =>
      send('remove', { order_item_id: itemId }).then(
        () => true,
        async (error: unknown) => {
          await alert({ title: posMessages.removeError, message: messageOf(error) });
          return false;
        },
      ),
    [send],
  );
  return { addItem, removeItem };
}

/** A reload keeps the order being entered in this tab (unless it was paid meanwhile). */
function useReloadedOrder(
  current: RefObject<PosOrder | null>,
  apply: (next: PosOrder | null) => void,
  setCurrency: (code: string) => void,
) {
  useEffect(() => {
    const saved = Number(sessionStorage.getItem(OPEN_ORDER_KEY));
    if (!saved || current.current) return;
    api<PosAnswer>(`/jpanel/pos/order.json?id=${saved}`).then(
      (answer) => {
        if (current.current) return;
        if (answer.order && !answer.order.is_paid) {
          apply(answer.order);
          setCurrency(answer.order.currency_code);
        } else apply(null);
      },
      () => apply(null),
    );
  }, [apply, current, setCurrency]);
}

export const messageOf = (error: unknown) =>
  (error instanceof Error && error.message) || posMessages.paymentUnknownError;
