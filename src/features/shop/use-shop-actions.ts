import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { db } from '../../db/db';
import type { ProductRow } from '../../db/rows-catalogue';
import type { Account } from '../../db/rows-sync';
import { StorageFullError } from '../../db/storage';
import { cartAddSubject } from '../../domain/cart/subject';
import type { ShopVariant } from '../../domain/catalogue/catalogue';
import { accountOf } from '../../sync/auth/session';
import { shopActions } from '../../sync/shop/lazy';
import { toasts } from '../../ui/toast-store';
import { COMMON_COPY } from './copy';

/** The shop's actions, loaded at the first tap rather than with the screen (../../sync/shop/lazy.ts). */
type Writes = Awaited<ReturnType<typeof shopActions>>;

/** Runs a domain action for the shop's account; says why in a toast when it cannot. */
async function withAccount<T>(
  variant: ShopVariant,
  action: (account: Account, w: Writes) => Promise<T>,
): Promise<T | null> {
  const account = await accountOf(db, variant);
  if (!account) {
    toasts.show(COMMON_COPY.signInFirst, { kind: 'error' });
    return null;
  }
  let w: Writes | null = null;
  try {
    w = await shopActions();
    return await action(account, w);
  } catch (e) {
    const known = (w !== null && e instanceof w.CartRefusal) || e instanceof StorageFullError;
    if (!known) console.error('[shop] action failed', e);
    toasts.show(known ? e.message : COMMON_COPY.writeFailed, { kind: 'error' });
    return null;
  }
}

/**
 * The shop's writes: each is an action of src/sync/shop/actions.ts (local change + one outbox
 * entry in one transaction); the screens never call the API.
 */
export function useShopActions() {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      toggleFavourite: (variant: ShopVariant, productId: number) =>
        withAccount(variant, (a, w) => w.toggleFavourite(db, a, productId)),
      /** Adds `units` and confirms it with a toast that leads to the cart. */
      addToCart: async (p: ProductRow, units = 1) => {
        const r = await withAccount(p.variant === 'glo' ? 'glo' : 'ogo', (a, w) => w.addProductToCart(db, a, p, units));
        if (r)
          toasts.show(`${COMMON_COPY.added}: ${p.title}`, {
            kind: 'success',
            action: { label: COMMON_COPY.toCart, run: () => navigate('/shop/cart') },
            subject: cartAddSubject(p.title),
          });
        return r;
      },
      increment: (variant: ShopVariant, variantId: number) =>
        withAccount(variant, (a, w) => w.incrementCartLine(db, a, variantId)),
      decrement: (variant: ShopVariant, variantId: number) =>
        withAccount(variant, (a, w) => w.decrementCartLine(db, a, variantId)),
      setCount: (variant: ShopVariant, variantId: number, count: number) =>
        withAccount(variant, (a, w) => w.setCartLineCount(db, a, variantId, count)),
      remove: (variant: ShopVariant, variantId: number) =>
        withAccount(variant, (a, w) => w.removeCartLine(db, a, variantId)),
    }),
    [navigate],
  );
}
