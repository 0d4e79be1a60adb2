import { useState } from 'react';
import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { useAuthEnvNow } from '../../../state/session';
import { checkoutActions } from '../../../sync/checkout/lazy';
import { Button, ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/surfaces';
import { toasts } from '../../../ui/toast-store';
import { LIST_COPY } from '../copy';

/**
 * A list or product of the other shop (a glo link opened on ogo, or an ogo link on glo): each
 * shop has its own catalogue, cart and prices (docs/rules.md#product), so the page offers the switch rather
 * than showing one shop's goods with the other's cart.
 */
export function OtherShop({ shop }: { shop: ShopVariant }) {
  const envNow = useAuthEnvNow();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      await (await checkoutActions()).switchShop(await envNow(), shop);
    } catch (e) {
      toasts.show(e instanceof Error ? e.message : LIST_COPY.switchFailed, { kind: 'error' });
    }
    setBusy(false);
  };
  return (
    <EmptyState
      icon="swap"
      title={LIST_COPY.otherShopTitle(shop)}
      text={LIST_COPY.otherShop(shop)}
      action={
        <div className="stack">
          <Button busy={busy} onClick={() => void go()} data-testid="switch-shop">
            {LIST_COPY.switchTo(shop)}
          </Button>
          <ButtonLink to="/shop" variant="ghost">
            {LIST_COPY.toShop}
          </ButtonLink>
        </div>
      }
    />
  );
}
