import { shopApi } from '../../api/groups/shop';
import type { Transport } from '../../api/transport';
import type { ClubDb } from '../../db/database';
import type { Account } from '../../db/rows-sync';
import type { FreshProduct } from '../../domain/cart/cart';
import { applyCartRefresh } from '../mutations/shop/cart-change';
import { localCart } from '../mutations/shop/cart-state';
import { accountOf, readSession } from '../auth/session';
import { shopVariantOf } from './catalogue';
import { mirrorsPuller } from './mirrors';
import { runPuller, type Puller, type PullResult } from './puller';

/** A cart opened twice within a minute is not checked twice. */
export const CART_REFRESH_FRESH_FOR = 60_000;

interface Checked {
  account: Account;
  asked: number[];
  fresh: FreshProduct[];
}

/**
 * docs/rules.md#states cart refresh: get-products-by-id with the cart's lines; of those, only the products the
 * server still returns stay, with their current price and bonuses. The result is a cart change
 * like any other (queued, so the server's mirror follows), and nothing when nothing changed.
 */
export function cartRefreshPuller(variant: Account['variant']): Puller<Checked> {
  return {
    name: `cart-refresh-${variant}`,
    freshFor: CART_REFRESH_FRESH_FOR,
    tables: ['cart', 'outbox'],
    async fetch({ db, transport }) {
      const account = await accountOf(db, variant);
      if (!account) return null;
      const lines = await localCart(db, variant);
      if (lines.length === 0) return null;
      const { products } = await shopApi(transport).getProductsById({
        prods: lines.map((l) => ({ variant_id: l.variantId, id: l.productId, bonuses: l.bonuses || null })),
        ...(variant === 'ogo' ? { ogo: true } : {}),
      });
      return {
        account,
        asked: lines.map((l) => l.variantId),
        fresh: products.map((p) => ({ variant_id: p.variant_id, price: p.price, bonuses: p.bonuses })),
      };
    },
    async write({ account, asked, fresh }, db, now) {
      await applyCartRefresh(db, account, asked, fresh, now);
    },
  };
}

/**
 * Called when the cart screen opens: reads the member's cart as the server holds it, then
 * refreshes the prices of the cart of `variant` (default: the active one), if online; skipped offline (the screen shows what is stored). The sync layer makes the call; the
 * screen only asks.
 */
export async function refreshCartOnOpen(
  rt: { db: ClubDb; transport: Transport; online: { isOnline(): boolean } },
  variant?: Account['variant'],
  now: () => number = Date.now,
): Promise<PullResult> {
  const session = await readSession(rt.db);
  if (!session) return 'nothing';
  const v = variant ?? shopVariantOf(session.variant);
  const ctx = { db: rt.db, transport: rt.transport, now, online: () => rt.online.isOnline() };
  // The cart as the server holds it first (changes made on the member's other devices), then its prices.
  await runPuller(mirrorsPuller, ctx, true);
  return runPuller(cartRefreshPuller(v), ctx);
}
