import { userApi } from '../../api/groups/user';
import type { CartSnapshotLine, Variant } from '../../db/rows-catalogue';
import { cartRevision, parseCartMirror, setConfirmedCart, waitingCartChanges, writeLocalCart } from '../mutations/cart-state';
import { readSession } from '../session';
import type { Puller } from './puller';

/** The cart mirror is read at most every 10 minutes (like favourites; §9 names no lifetime). */
export const CART_FRESH_FOR = 10 * 60_000;

interface Pulled {
  /** Revision of the confirmed carts when the pull started: a confirmation in between wins. */
  rev: number;
  /** `lines` null: the account has no mirrored cart yet (what this device holds is kept). */
  carts: Array<{ variant: Variant; lines: CartSnapshotLine[] | null }>;
}

/**
 * The cart from the `pwa`/`cart` metafield of each account, so a cart follows the member to a
 * fresh device. Written only for a variant with no cart change waiting, and only if no change
 * was confirmed while the pull was in flight: while entries wait, the local cart is the truth.
 */
export const cartPuller: Puller<Pulled> = {
  name: 'cart',
  freshFor: CART_FRESH_FOR,
  tables: ['cart', 'outbox'],
  async fetch({ db, transport }) {
    const session = await readSession(db);
    if (!session) return null;
    const rev = await cartRevision(db);
    const api = userApi(transport);
    const carts: Pulled['carts'] = [];
    for (const variant of ['glo', 'ogo'] as const) {
      const id = session.customerIds[variant];
      if (!id) continue;
      const { metafields } = await api.getMetafields(variant === 'ogo' ? { id, ogo: true } : { id });
      const m = metafields.find((f) => f.namespace === 'pwa' && f.key === 'cart');
      carts.push({ variant, lines: m ? parseCartMirror(m.value) : null });
    }
    return { rev, carts };
  },
  async write({ rev, carts }, db, now) {
    if ((await cartRevision(db)) !== rev) return;
    for (const { variant, lines } of carts) {
      if (lines === null || (await waitingCartChanges(db, variant)).length > 0) continue;
      await setConfirmedCart(db, variant, lines);
      await writeLocalCart(db, variant, lines, now);
    }
  },
};
