import { useCallback, useState } from 'react';
import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { PAYMENT_LINK_ERROR } from '../../../domain/order/payment-link';
import { useSyncMaybe } from '../../../state/sync-context';
import { checkoutActions } from '../../../sync/checkout/lazy';
import { toasts } from '../../../ui/toast-store';

/**
 * Card payment of an order (docs/rules.md#states, docs/rules.md#error-reactions): asks for the LiqPay link (again every 2 s while the
 * answer has none, at most 5 times) and opens it; the payment page returns to /history-order.
 * A failure is the toast 'Сталася помилка'; offline, the plain offline message.
 */
export function usePayOrder(): {
  pay: (variant: ShopVariant, orderId: number) => Promise<boolean>;
  paying: number | null;
} {
  const sync = useSyncMaybe();
  const [paying, setPaying] = useState<number | null>(null);
  const pay = useCallback(
    async (variant: ShopVariant, orderId: number) => {
      if (!sync) return false;
      setPaying(orderId);
      try {
        const r = await (await checkoutActions()).paymentLinkFor(sync, variant, orderId);
        if (r.ok) {
          window.location.assign(r.link);
          return true;
        }
        const offline = r.error instanceof Error && r.error.name === 'OfflineError';
        toasts.show(offline ? (r.error as Error).message : PAYMENT_LINK_ERROR, { kind: 'error' });
        return false;
      } catch {
        toasts.show(PAYMENT_LINK_ERROR, { kind: 'error' });
        return false;
      } finally {
        setPaying(null);
      }
    },
    [sync],
  );
  return { pay, paying };
}
