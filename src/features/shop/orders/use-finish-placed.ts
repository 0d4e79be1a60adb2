import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useKv } from '../../../db/hooks';
import { useOnline } from '../../../state/online';
import { useSyncMaybe } from '../../../state/sync-context';
import { checkoutActions } from '../../../sync/checkout/lazy';
import { toasts } from '../../../ui/toast-store';
import { SUCCESS_COPY } from './success-copy';

/**
 * Runs what still follows an order placed from this device (docs/rules.md#states: the cart's ordered lines,
 * comment and codes cleared; the call-back, promo code and courier queued): an order answered
 * after a reload, or while the member was elsewhere, is finished when a shop page sees it.
 * `announce`: on a page that does not show the order itself (the cart), say in a toast that it
 * was placed, with the way to the history.
 */
export function useFinishPlacedOrders(opts: { announce?: boolean } = {}): void {
  const sync = useSyncMaybe();
  const online = useOnline();
  const navigate = useNavigate();
  const placed = useKv('placedOrders') ?? [];
  const waiting = placed.filter((o) => o.followUps === 'pending');
  const pending = waiting.map((o) => o.key).join(',');
  const numbers = waiting.map((o) => o.orderNumber);
  const announce = opts.announce ?? false;
  useEffect(() => {
    if (!sync || !pending) return;
    void checkoutActions()
      .then(async (m) => {
        const done = await m.finishPlacedOrders(sync);
        if (announce && done > 0) {
          for (const n of numbers)
            toasts.show(SUCCESS_COPY.title(n), {
              kind: 'success',
              action: { label: SUCCESS_COPY.history, run: () => navigate('/history-order') },
            });
        }
      })
      .catch(() => undefined);
  }, [sync, online, pending]); // eslint-disable-line react-hooks/exhaustive-deps -- `numbers` is new each render; the orders are named by `pending`
}
