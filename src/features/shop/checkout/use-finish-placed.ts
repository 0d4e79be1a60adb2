import { useEffect } from 'react';
import { useKv } from '../../../db/hooks';
import { useOnline } from '../../../state/online';
import { useSyncMaybe } from '../../../state/sync-context';
import { checkoutActions } from '../../../sync/checkout-actions-lazy';

/**
 * Runs what still follows an order placed from this device (spec §4: the cart's ordered lines,
 * comment and codes cleared; the call-back, promo code and courier queued): an order answered
 * after a reload, or while the member was elsewhere, is finished when a shop page sees it.
 */
export function useFinishPlacedOrders(): void {
  const sync = useSyncMaybe();
  const online = useOnline();
  const pending = (useKv('placedOrders') ?? []).filter((o) => o.followUps === 'pending').map((o) => o.key).join(',');
  useEffect(() => {
    if (!sync || !pending) return;
    void checkoutActions()
      .then((m) => m.finishPlacedOrders(sync))
      .catch(() => undefined);
  }, [sync, online, pending]);
}
